import type { Migration } from '../migration.ts';

/**
 * The freeze proof's anchoring as a third party verified it (docs/operator-database.md "Freeze anchors"; the Freeze
 * screen's anchor step): its RFC 3161 time and Rekor entry once VERIFIED, or `pending` while its batch was not anchored
 * at the last check. A verified anchor is a fact that never changes (an anchored view is never read again), so the
 * screen reads it here instead of verifying the proof on every view; a pending row is replaced by the next check, an
 * anchored one never is.
 */
export const freezeAnchorsMigration: Migration = {
  version: 11,
  name: 'freeze anchors',
  sql: `
CREATE TABLE freeze_anchors (
  proof_id TEXT PRIMARY KEY REFERENCES freezes (proof_id),
  state TEXT NOT NULL CHECK (state IN ('anchored', 'pending')),
  anchor_time TEXT,
  rekor_uuid TEXT,
  rekor_verified INTEGER NOT NULL CHECK (rekor_verified IN (0, 1)),
  independent_witnesses INTEGER NOT NULL CHECK (independent_witnesses >= 0),
  trust_bundle_digest TEXT,
  checked_at_ms INTEGER NOT NULL,
  CHECK ((state = 'anchored') = (anchor_time IS NOT NULL))
) STRICT;
CREATE TRIGGER freeze_anchors_anchored_never_change BEFORE UPDATE ON freeze_anchors
WHEN OLD.state = 'anchored'
BEGIN
  SELECT RAISE(ABORT, 'an anchored freeze proof never changes');
END;
CREATE TRIGGER freeze_anchors_never_deleted BEFORE DELETE ON freeze_anchors
BEGIN
  SELECT RAISE(ABORT, 'freeze anchors are never deleted');
END;
`,
};
