/**
 * What the console reaches beyond its database (docs/console-backend.md "Connections"): one row each on the
 * Connections screen, and what `console.connections {test}` may name.
 */
export const CONNECTION_NAMES = [
  'trust_layer',
  'api_key',
  'season_base',
  'season_service',
  'operator_token',
  'trust_bundle',
  'backup_folder',
] as const;

export type ConnectionName = (typeof CONNECTION_NAMES)[number];
