import type { Migration } from '../migration.ts';

/**
 * The freeze document's version (docs/freeze.md): 1 for freezes made before the season window was anchored, 2 when
 * `opens_at` and `closes_at` are part of the anchored document (docs/freeze.md "The freeze document"). Existing rows
 * are version 1.
 */
export const freezeDocumentVersionMigration: Migration = {
  version: 4,
  name: 'freeze document version',
  sql: `ALTER TABLE freezes ADD COLUMN document_version INTEGER NOT NULL DEFAULT 1 CHECK (document_version IN (1, 2));`,
};
