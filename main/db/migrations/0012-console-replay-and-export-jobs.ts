import type { Migration } from '../migration.ts';

/**
 * Console jobs may also be replays (`replay.run`: a close's bundle recomputed and compared byte for byte) and Index
 * exports (`index.export`): long work (close, replay, export) runs off the UI thread (docs/console-backend.md
 * "Background work (migrations 9, 10 and 12)"). As in migration 10, the table is rebuilt with the wider kind list, rows
 * and ids kept.
 */
export const consoleReplayAndExportJobsMigration: Migration = {
  version: 12,
  name: 'console replay and export jobs',
  sql: `
CREATE TABLE console_jobs_v12 (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('close', 'proofs', 'replay', 'index_export')),
  args_json TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  created_at_ms INTEGER NOT NULL,
  started_at_ms INTEGER,
  finished_at_ms INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  progress_json TEXT,
  result_json TEXT,
  error_code TEXT,
  error_message TEXT,
  CHECK ((state = 'failed') = (error_code IS NOT NULL))
) STRICT;
INSERT INTO console_jobs_v12 SELECT * FROM console_jobs;
DROP TABLE console_jobs;
ALTER TABLE console_jobs_v12 RENAME TO console_jobs;
CREATE INDEX console_jobs_by_state ON console_jobs (state, id);
`,
};
