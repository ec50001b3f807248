import type { Migration } from '../migration.ts';

/**
 * The SHA-256 of stored bytes as read (docs/operator-database.md "Stored bytes digests"): a close verifies a proof
 * view's and a Rekor entry's bytes against it before scoring them, so a byte changed in the file (bit rot, a bad
 * sector, a hand edit: `PRAGMA integrity_check` sees none of them) is refused, never scored.
 * - proof_view_answer_digests: one per proof_view_answers row with bytes.
 * - rekor_entry_digests: one per rekor_entries row.
 * `taken` is 'as_read' when written with the bytes (the same transaction), 'first_use' for a row stored before this
 * migration, hashed the first time a close used it: the migration does not hash existing rows, since bytes already
 * changed would then be recorded as good; a first-use digest protects from that use on and is reported by the close.
 * Append-only, like the rows they guard.
 */
export const storedBytesDigestsMigration: Migration = {
  version: 14,
  name: 'stored bytes digests',
  sql: `
CREATE TABLE proof_view_answer_digests (
  proof_id TEXT NOT NULL,
  read_id INTEGER NOT NULL,
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  taken TEXT NOT NULL CHECK (taken IN ('as_read', 'first_use')),
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (proof_id, read_id),
  FOREIGN KEY (proof_id, read_id) REFERENCES proof_view_answers (proof_id, read_id)
) STRICT;
CREATE TRIGGER proof_view_answer_digests_no_update BEFORE UPDATE ON proof_view_answer_digests
BEGIN SELECT RAISE(ABORT, 'proof_view_answer_digests is append-only: a digest is never changed'); END;
CREATE TRIGGER proof_view_answer_digests_no_delete BEFORE DELETE ON proof_view_answer_digests
BEGIN SELECT RAISE(ABORT, 'proof_view_answer_digests is append-only'); END;

CREATE TABLE rekor_entry_digests (
  uuid TEXT PRIMARY KEY REFERENCES rekor_entries (uuid),
  sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
  taken TEXT NOT NULL CHECK (taken IN ('as_read', 'first_use')),
  at_ms INTEGER NOT NULL
) STRICT;
CREATE TRIGGER rekor_entry_digests_no_update BEFORE UPDATE ON rekor_entry_digests
BEGIN SELECT RAISE(ABORT, 'rekor_entry_digests is append-only: a digest is never changed'); END;
CREATE TRIGGER rekor_entry_digests_no_delete BEFORE DELETE ON rekor_entry_digests
BEGIN SELECT RAISE(ABORT, 'rekor_entry_digests is append-only'); END;
`,
};
