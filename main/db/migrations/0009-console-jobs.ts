import type { Migration } from '../migration.ts';

/**
 * The console's background work (docs/console-backend.md "Background work (migrations 9, 10 and 12)"): a close run from
 * the console is a job, recorded here before it starts, so a window reload finds it and a restart resumes it (a job
 * found `running` at start was interrupted). Unlike the ledgers, a job row changes as it runs: its state, attempts,
 * last progress and outcome. Arguments, progress and results are public figures (season, track, counts, paths, hashes);
 * never a key, salt, token or secret.
 */
export const consoleJobsMigration: Migration = {
  version: 9,
  name: 'console jobs',
  sql: `
CREATE TABLE console_jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('close')),
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
CREATE INDEX console_jobs_by_state ON console_jobs (state, id);
`,
};
