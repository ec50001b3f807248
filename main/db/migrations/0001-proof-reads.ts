import type { Migration } from '../migration.ts';

/**
 * Reading proof views under the Trust Layer's limit (spec §10; trust-layer-reference §7, §9.16;
 * docs/operator-database.md "Proof reads").
 * - trust_layer_reads: the read ledger. A row is written BEFORE its request is sent, so a read a process was killed
 *   during still counts against the window. Append-only.
 * - trust_layer_read_results: what each read got back (status, Retry-After, the body when it was not a 200). Append-only;
 *   a read without a result is one whose process died or whose answer never came.
 * - proof_view_answers: every view as served (its bytes inside the POST /v1/proofs body), one row per id per read.
 *   Append-only: the history of pending views stays next to the anchored one.
 * - proof_views: the latest answer per proof. An anchored view never changes (reference §3.1), so its row is frozen by
 *   trigger; pending, absent (the `null` answer) and refused rows move to the newer answer.
 * - rekor_entries: GET /api/v1/log/entries/{uuid} answers as served, fetched once per batch root and kept for good.
 * Times are integer milliseconds since the Unix epoch, from the Clock port.
 */
export const proofReadsMigration: Migration = {
  version: 1,
  name: 'proof reads',
  sql: `
CREATE TABLE trust_layer_reads (
  id INTEGER PRIMARY KEY,
  at_ms INTEGER NOT NULL,
  endpoint TEXT NOT NULL,
  base_url TEXT NOT NULL,
  ids_count INTEGER NOT NULL CHECK (ids_count >= 0),
  proof_ids TEXT NOT NULL
) STRICT;
CREATE INDEX trust_layer_reads_by_time ON trust_layer_reads (at_ms);
CREATE TRIGGER trust_layer_reads_no_update BEFORE UPDATE ON trust_layer_reads
BEGIN SELECT RAISE(ABORT, 'trust_layer_reads is append-only: a recorded read is never changed'); END;
CREATE TRIGGER trust_layer_reads_no_delete BEFORE DELETE ON trust_layer_reads
BEGIN SELECT RAISE(ABORT, 'trust_layer_reads is append-only: a recorded read is never deleted'); END;

CREATE TABLE trust_layer_read_results (
  read_id INTEGER PRIMARY KEY REFERENCES trust_layer_reads (id),
  finished_at_ms INTEGER NOT NULL,
  status_code INTEGER,
  error_code TEXT,
  retry_after_ms INTEGER,
  embargo_until_ms INTEGER,
  body BLOB
) STRICT;
CREATE INDEX trust_layer_read_results_by_embargo ON trust_layer_read_results (embargo_until_ms)
  WHERE embargo_until_ms IS NOT NULL;
CREATE TRIGGER trust_layer_read_results_no_update BEFORE UPDATE ON trust_layer_read_results
BEGIN SELECT RAISE(ABORT, 'trust_layer_read_results is append-only'); END;
CREATE TRIGGER trust_layer_read_results_no_delete BEFORE DELETE ON trust_layer_read_results
BEGIN SELECT RAISE(ABORT, 'trust_layer_read_results is append-only'); END;

CREATE TABLE proof_view_answers (
  read_id INTEGER NOT NULL REFERENCES trust_layer_reads (id),
  proof_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('anchored', 'pending', 'absent', 'refused')),
  refusal_code TEXT,
  raw BLOB,
  PRIMARY KEY (proof_id, read_id)
) STRICT;
CREATE TRIGGER proof_view_answers_no_update BEFORE UPDATE ON proof_view_answers
BEGIN SELECT RAISE(ABORT, 'proof_view_answers is append-only'); END;
CREATE TRIGGER proof_view_answers_no_delete BEFORE DELETE ON proof_view_answers
BEGIN SELECT RAISE(ABORT, 'proof_view_answers is append-only'); END;

CREATE TABLE proof_views (
  proof_id TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('anchored', 'pending', 'absent', 'refused')),
  refusal_code TEXT,
  spec_version TEXT,
  batch_id TEXT,
  batch_root TEXT,
  rekor_uuid TEXT,
  first_read_at_ms INTEGER NOT NULL,
  last_read_at_ms INTEGER NOT NULL,
  last_read_id INTEGER NOT NULL,
  FOREIGN KEY (proof_id, last_read_id) REFERENCES proof_view_answers (proof_id, read_id)
) STRICT;
CREATE INDEX proof_views_by_rekor_uuid ON proof_views (rekor_uuid) WHERE rekor_uuid IS NOT NULL;
CREATE TRIGGER proof_views_anchored_never_change BEFORE UPDATE ON proof_views WHEN OLD.status = 'anchored'
BEGIN SELECT RAISE(ABORT, 'an anchored proof view never changes'); END;
CREATE TRIGGER proof_views_anchored_never_deleted BEFORE DELETE ON proof_views WHEN OLD.status = 'anchored'
BEGIN SELECT RAISE(ABORT, 'an anchored proof view is never deleted'); END;

CREATE TABLE rekor_entries (
  uuid TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  fetched_at_ms INTEGER NOT NULL,
  raw BLOB NOT NULL
) STRICT;
CREATE TRIGGER rekor_entries_no_update BEFORE UPDATE ON rekor_entries
BEGIN SELECT RAISE(ABORT, 'rekor_entries is append-only: a log entry is fetched once and kept'); END;
CREATE TRIGGER rekor_entries_no_delete BEFORE DELETE ON rekor_entries
BEGIN SELECT RAISE(ABORT, 'rekor_entries is append-only'); END;
`,
};
