import { resolve } from 'node:path';
import { NO_SERVICES, type ConsoleServices } from '../console/console-services.ts';
import { readSecretFile } from './secret-file.ts';

/** The option values `proveit console` takes for the services it reaches (also what Electron's main is given). */
export interface ConsoleServiceValues {
  'trust-layer'?: string | undefined;
  'api-key-file'?: string | undefined;
  'season-base'?: string | undefined;
  'season-url'?: string | undefined;
  'operator-token-file'?: string | undefined;
  trust?: string | undefined;
}

/** The flags of ConsoleServiceValues (the console's synopsis names them; the desktop main reads them back). */
export const CONSOLE_SERVICE_FLAGS = [
  'trust-layer',
  'api-key-file',
  'season-base',
  'season-url',
  'operator-token-file',
  'trust',
] as const satisfies readonly (keyof ConsoleServiceValues)[];

const isUrl = (text: string) => /^https?:\/\/[^\s/]+/.test(text);

/**
 * The console's service configuration from its options, each secret read from its file (never an argument, which
 * other users see in the process list). Options go in pairs: --trust-layer with --api-key-file (freezes; the freeze is
 * posted to --season-base, default --season-url), --season-url with --operator-token-file (a track's first close).
 * A string is the usage message of the first problem; it never quotes a secret.
 */
export async function consoleServicesOf(values: ConsoleServiceValues): Promise<ConsoleServices | string> {
  for (const flag of ['trust-layer', 'season-base', 'season-url'] as const) {
    const url = values[flag];
    if (url !== undefined && !isUrl(url)) return `--${flag} '${url}' is not a URL, e.g. --${flag} https://...`;
  }
  if ((values['trust-layer'] === undefined) !== (values['api-key-file'] === undefined))
    return '--trust-layer URL and --api-key-file FILE go together (the freezes are anchored with that key)';
  if ((values['season-url'] === undefined) !== (values['operator-token-file'] === undefined))
    return '--season-url URL and --operator-token-file FILE go together (a first close reads the export with that token)';
  const seasonBase = values['season-base'] ?? values['season-url'];
  if (values['trust-layer'] !== undefined && seasonBase === undefined)
    return '--trust-layer needs --season-base URL (or --season-url URL): the season service the freeze is posted to';
  const services: ConsoleServices = {
    ...NO_SERVICES,
    ...(values.trust === undefined ? {} : { trustDir: resolve(values.trust) }),
  };
  if (values['trust-layer'] !== undefined && values['api-key-file'] !== undefined) {
    const apiKey = await readSecretFile(values['api-key-file'], 'API key');
    if (typeof apiKey !== 'string') return apiKey.problem;
    services.freeze = { trustLayer: values['trust-layer'], apiKey, seasonBase: seasonBase as string };
  }
  if (values['season-url'] !== undefined && values['operator-token-file'] !== undefined) {
    const operatorToken = await readSecretFile(values['operator-token-file'], 'operator token');
    if (typeof operatorToken !== 'string') return operatorToken.problem;
    services.seasonService = { url: values['season-url'], operatorToken };
  }
  return services;
}
