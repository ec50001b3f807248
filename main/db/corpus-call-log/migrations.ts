import type { Migration } from '../migration.ts';

/**
 * The corpus server's call log (docs/corpus-format.md §9), a SQLite file of its own beside the server: an internal
 * control instrument, never a source of score (spec §2.5). Append-only: a recorded call is never changed or removed.
 * It holds whether the right X-Challenge-Secret came, never the secret.
 */
const CORPUS_CALL_LOG_V1 = `
CREATE TABLE corpus_calls (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  secret_present INTEGER NOT NULL CHECK (secret_present IN (0, 1)),
  host TEXT,
  track TEXT
) STRICT;

CREATE TRIGGER corpus_calls_append_only_update BEFORE UPDATE ON corpus_calls
BEGIN SELECT RAISE(ABORT, 'corpus_calls is append-only: a recorded call is never changed'); END;
CREATE TRIGGER corpus_calls_append_only_delete BEFORE DELETE ON corpus_calls
BEGIN SELECT RAISE(ABORT, 'corpus_calls is append-only: a recorded call is never deleted'); END;
`;

export const corpusCallLogMigrations: readonly Migration[] = [
  { version: 1, name: 'corpus call log', sql: CORPUS_CALL_LOG_V1 },
];
