import type { Migration } from '../migration.ts';

/**
 * Invalidating a season (spec §8, docs/freeze.md "Invalidating a season"): one row per season and track invalidated,
 * naming the freeze in force it ends, the reason, the operator-signed document as anchored (its canonical text, so it
 * is published again byte for byte) and its proof: the request-hash opening, the Trust Layer's `POST /v1/proxy` answer
 * and owner full view as served, as a freeze keeps them. Append-only: an invalidation is never withdrawn.
 */
export const seasonInvalidationsMigration: Migration = {
  version: 19,
  name: 'season invalidations',
  sql: `
CREATE TABLE season_invalidations (
  season INTEGER NOT NULL CHECK (season >= 0),
  track TEXT NOT NULL,
  freeze_proof_id TEXT NOT NULL REFERENCES freezes (proof_id),
  proof_id TEXT NOT NULL UNIQUE,
  document TEXT NOT NULL,
  document_sha256 TEXT NOT NULL CHECK (length(document_sha256) = 64),
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  invalidated_at TEXT NOT NULL,
  url TEXT NOT NULL,
  request_hash TEXT NOT NULL CHECK (length(request_hash) = 64),
  request_hash_nonce TEXT NOT NULL,
  trust_layer TEXT NOT NULL,
  actor TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  proxy_proof BLOB NOT NULL,
  full_view BLOB NOT NULL,
  PRIMARY KEY (season, track)
) STRICT;
CREATE TRIGGER season_invalidations_no_update BEFORE UPDATE ON season_invalidations
BEGIN SELECT RAISE(ABORT, 'season_invalidations is append-only: an invalidation is never changed'); END;
CREATE TRIGGER season_invalidations_no_delete BEFORE DELETE ON season_invalidations
BEGIN SELECT RAISE(ABORT, 'season_invalidations is append-only: an invalidation is never withdrawn'); END;
`,
};
