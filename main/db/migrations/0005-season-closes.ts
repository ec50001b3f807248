import type { Migration } from '../migration.ts';

/**
 * Season closes (docs/replay-bundle.md "Database (migration 5)"): one row per `proveit season close` run that scored a
 * track. Append-only: a later close (pending participants scored once their batches are anchored) is a new row. Hashes
 * say which inputs produced the score (rules, manifest, submissions file, key commitment, trust bundle, proof views,
 * scorer version) and which scores.json came out; times are integer milliseconds from the Clock port.
 */
export const seasonClosesMigration: Migration = {
  version: 5,
  name: 'season closes',
  sql: `
CREATE TABLE season_closes (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  track TEXT NOT NULL CHECK (track IN ('conformite', 'generique')),
  closed_at_ms INTEGER NOT NULL,
  freeze_proof_id TEXT NOT NULL REFERENCES freezes (proof_id),
  scorer_version TEXT NOT NULL,
  rules_sha256 TEXT NOT NULL,
  manifest_hash TEXT NOT NULL,
  submissions_sha256 TEXT NOT NULL,
  key_commitment TEXT NOT NULL,
  trust_bundle_digest TEXT NOT NULL,
  proofs_sha256 TEXT NOT NULL,
  scores_sha256 TEXT NOT NULL,
  participants INTEGER NOT NULL CHECK (participants >= 0),
  scored INTEGER NOT NULL CHECK (scored >= 0),
  pending INTEGER NOT NULL CHECK (pending >= 0),
  out_dir TEXT NOT NULL,
  CHECK (scored + pending = participants)
) STRICT;
CREATE INDEX season_closes_by_track ON season_closes (season, track, id);
CREATE TRIGGER season_closes_no_update BEFORE UPDATE ON season_closes
BEGIN SELECT RAISE(ABORT, 'season_closes is append-only'); END;
CREATE TRIGGER season_closes_no_delete BEFORE DELETE ON season_closes
BEGIN SELECT RAISE(ABORT, 'season_closes is append-only'); END;
`,
};
