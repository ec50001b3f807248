import type { Migration } from '../migration.ts';

/**
 * Freeze document version 3 (docs/freeze.md "The freeze document"): what the operator signed, kept so the document can
 * be published again exactly as anchored: the document_sha256 it replaces (null for the first of a chain), the time of
 * signing, the operator's public key and the signature. A freeze with a row here is a version-3 document; its
 * `freezes.document_version` column says 2 (its window is anchored as in version 2), because that column's CHECK
 * (migration 4) cannot be widened without rebuilding a table other tables reference. Append-only, like `freezes`.
 */
export const freezeOperatorSignaturesMigration: Migration = {
  version: 13,
  name: 'freeze operator signatures',
  sql: `
CREATE TABLE freeze_operator_signatures (
  proof_id TEXT PRIMARY KEY REFERENCES freezes (proof_id),
  replaces_sha256 TEXT CHECK (replaces_sha256 IS NULL OR length(replaces_sha256) = 64),
  signed_at TEXT NOT NULL,
  operator_public_key TEXT NOT NULL CHECK (length(operator_public_key) = 64),
  operator_signature TEXT NOT NULL
) STRICT;
CREATE TRIGGER freeze_operator_signatures_no_update BEFORE UPDATE ON freeze_operator_signatures
BEGIN SELECT RAISE(ABORT, 'freeze_operator_signatures is append-only: a signed document is never changed'); END;
CREATE TRIGGER freeze_operator_signatures_no_delete BEFORE DELETE ON freeze_operator_signatures
BEGIN SELECT RAISE(ABORT, 'freeze_operator_signatures is append-only: a signed document is never deleted'); END;
`,
};
