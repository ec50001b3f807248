import type { Migration } from '../migration.ts';

const appendOnly = (table: string) => `CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table}
BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END;
CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table}
BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END;`;

/**
 * The public Index (docs/index-export.md). Display names and reference-run marks are operator decisions
 * (spec §7.2 "name chosen by the operator", §7.1 "run by ArkForge"): append-only, the latest row is in force, each
 * audited. The operator's Ed25519 signing key: only its PUBLIC half is here; the private key lives in a 0600 file
 * beside the database, because the database file is handed to third parties for `audit verify` (docs/audit-log.md).
 * Each Index version keeps its index.json bytes, so `index export --version K` writes the same files again.
 */
export const indexExportMigration: Migration = {
  version: 8,
  name: 'index export',
  sql: `
CREATE TABLE participant_display_names (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  participant_id TEXT NOT NULL,
  display_name TEXT NOT NULL CHECK (length(trim(display_name)) > 0 AND length(display_name) <= 80),
  set_at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0)
) STRICT;
CREATE INDEX participant_display_names_by_participant ON participant_display_names (season, participant_id, id);
${appendOnly('participant_display_names')}

CREATE TABLE reference_runs (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  participant_id TEXT NOT NULL,
  model TEXT NOT NULL CHECK (length(trim(model)) > 0),
  model_version TEXT NOT NULL CHECK (length(trim(model_version)) > 0),
  framework TEXT NOT NULL CHECK (length(trim(framework)) > 0),
  prompt BLOB NOT NULL,
  prompt_sha256 TEXT NOT NULL CHECK (length(prompt_sha256) = 64),
  marked_at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0)
) STRICT;
CREATE INDEX reference_runs_by_participant ON reference_runs (season, participant_id, id);
${appendOnly('reference_runs')}

CREATE TABLE index_signing_keys (
  key_id TEXT PRIMARY KEY CHECK (length(key_id) = 64),
  public_key_hex TEXT NOT NULL UNIQUE CHECK (length(public_key_hex) = 64),
  created_at_ms INTEGER NOT NULL
) STRICT;
${appendOnly('index_signing_keys')}

CREATE TABLE index_versions (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  index_version INTEGER NOT NULL CHECK (index_version >= 1),
  corrects_version INTEGER,
  exported_at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0),
  key_id TEXT NOT NULL REFERENCES index_signing_keys (key_id),
  publications_json TEXT NOT NULL,
  index_json BLOB NOT NULL,
  index_sha256 TEXT NOT NULL CHECK (length(index_sha256) = 64),
  UNIQUE (season, index_version),
  CHECK ((index_version = 1) = (corrects_version IS NULL)),
  CHECK (corrects_version IS NULL OR corrects_version = index_version - 1)
) STRICT;
CREATE TRIGGER index_versions_contiguous BEFORE INSERT ON index_versions
WHEN NEW.index_version > 1 AND NOT EXISTS (
  SELECT 1 FROM index_versions WHERE season = NEW.season AND index_version = NEW.index_version - 1)
BEGIN SELECT RAISE(ABORT, 'index versions are contiguous: version k+1 corrects version k'); END;
${appendOnly('index_versions')}
`,
};
