import type { Migration } from '../migration.ts';

/**
 * Season freezes (spec §8; docs/freeze.md). Nothing here ever changes once written: a freeze that must change before
 * the season opens is replaced by a new row naming it (spec §8 status note), and both stay.
 * - freezes: what was anchored and published: the freeze document's fields, the URL it was posted to, the opening of
 *   the proof's request_hash, the season window, the proxy answer's proof and the owner full view as served.
 *   No key, no salt, no API key. A replacement names the freeze it replaces; a freeze is replaced at most once and
 *   each season and track has one first freeze, so the freezes of a track form a single chain.
 * - freeze_seals: the sealed material of a freeze (salt and answer key), the only place it is kept before the
 *   reveal. Written in the same transaction as the freeze.
 * - freeze_reveals: when each freeze's key and salt were revealed, and the SHA-256 of the reveal document published.
 * Times are integer milliseconds since the Unix epoch, from the Clock port; opens_at/closes_at are ISO UTC instants.
 */
export const freezesMigration: Migration = {
  version: 2,
  name: 'freezes',
  sql: `
CREATE TABLE freezes (
  proof_id TEXT PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  track TEXT NOT NULL CHECK (track IN ('conformite', 'generique')),
  rules_version TEXT NOT NULL,
  rules_hash TEXT NOT NULL,
  manifest_hash TEXT NOT NULL,
  key_commitment TEXT NOT NULL,
  url TEXT NOT NULL,
  replaces TEXT REFERENCES freezes (proof_id),
  reason TEXT,
  opens_at TEXT NOT NULL,
  closes_at TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  request_hash_nonce TEXT NOT NULL,
  trust_layer TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL,
  proxy_proof BLOB NOT NULL,
  full_view BLOB NOT NULL,
  CHECK ((replaces IS NULL) = (reason IS NULL))
) STRICT;
CREATE UNIQUE INDEX freezes_one_first_per_track ON freezes (season, track) WHERE replaces IS NULL;
CREATE UNIQUE INDEX freezes_replaced_once ON freezes (replaces) WHERE replaces IS NOT NULL;
CREATE TRIGGER freezes_no_update BEFORE UPDATE ON freezes
BEGIN SELECT RAISE(ABORT, 'freezes is append-only: a freeze is never changed; replace it before opening'); END;
CREATE TRIGGER freezes_no_delete BEFORE DELETE ON freezes
BEGIN SELECT RAISE(ABORT, 'freezes is append-only: a freeze is never deleted'); END;

CREATE TABLE freeze_seals (
  proof_id TEXT PRIMARY KEY REFERENCES freezes (proof_id),
  salt_hex TEXT NOT NULL,
  answer_key TEXT NOT NULL
) STRICT;
CREATE TRIGGER freeze_seals_no_update BEFORE UPDATE ON freeze_seals
BEGIN SELECT RAISE(ABORT, 'freeze_seals is append-only: sealed material is never changed'); END;
CREATE TRIGGER freeze_seals_no_delete BEFORE DELETE ON freeze_seals
BEGIN SELECT RAISE(ABORT, 'freeze_seals is append-only: sealed material is never deleted'); END;

CREATE TABLE freeze_reveals (
  proof_id TEXT PRIMARY KEY REFERENCES freezes (proof_id),
  revealed_at_ms INTEGER NOT NULL,
  reveal_sha256 TEXT NOT NULL
) STRICT;
CREATE TRIGGER freeze_reveals_no_update BEFORE UPDATE ON freeze_reveals
BEGIN SELECT RAISE(ABORT, 'freeze_reveals is append-only: a reveal is never changed'); END;
CREATE TRIGGER freeze_reveals_no_delete BEFORE DELETE ON freeze_reveals
BEGIN SELECT RAISE(ABORT, 'freeze_reveals is append-only: a reveal is never withdrawn'); END;
`,
};
