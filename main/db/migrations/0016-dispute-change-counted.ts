import type { Migration } from '../migration.ts';

/**
 * A third change an upheld dispute can make (docs/disputes.md; docs/publications.md "Counting a task with its remaining
 * assertions"): `counted_with_remaining`, the task its faults left below its minimum counted as submitted with its
 * remaining admissible assertions. SQLite cannot alter a CHECK, so `dispute_events` is rebuilt with the same columns,
 * rows (ids kept), constraints and triggers and the wider CHECK on `change`; migration 7 stays as applied. The copy
 * runs before the append-only triggers exist on the new table; DROP TABLE fires no DELETE trigger.
 */
export const disputeChangeCountedMigration: Migration = {
  version: 16,
  name: 'dispute change counted_with_remaining',
  sql: `
CREATE TABLE dispute_events_v16 (
  id INTEGER PRIMARY KEY,
  dispute_id TEXT NOT NULL REFERENCES disputes (dispute_id),
  step TEXT NOT NULL CHECK (step IN ('review', 'decision')),
  state TEXT NOT NULL CHECK (state IN ('under_review', 'upheld', 'rejected')),
  at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0),
  reviewer TEXT NOT NULL CHECK (length(trim(reviewer)) > 0),
  reason TEXT,
  change TEXT CHECK (change IN ('supported', 'instrument_fault', 'counted_with_remaining')),
  correction_version INTEGER,
  UNIQUE (dispute_id, step),
  CHECK ((step = 'review') = (state = 'under_review')),
  CHECK (step = 'review' OR (reason IS NOT NULL AND length(trim(reason)) > 0)),
  CHECK ((state = 'upheld') = (change IS NOT NULL)),
  CHECK ((state = 'upheld') = (correction_version IS NOT NULL))
) STRICT;
INSERT INTO dispute_events_v16 (id, dispute_id, step, state, at_ms, actor, reviewer, reason, change, correction_version)
  SELECT id, dispute_id, step, state, at_ms, actor, reviewer, reason, change, correction_version FROM dispute_events;
DROP TABLE dispute_events;
ALTER TABLE dispute_events_v16 RENAME TO dispute_events;
CREATE TRIGGER dispute_events_reviewed_first BEFORE INSERT ON dispute_events
WHEN NEW.step = 'decision' AND NOT EXISTS (
  SELECT 1 FROM dispute_events WHERE dispute_id = NEW.dispute_id AND step = 'review')
BEGIN SELECT RAISE(ABORT, 'a dispute is under review before it is decided'); END;
CREATE TRIGGER dispute_events_no_update BEFORE UPDATE ON dispute_events
BEGIN SELECT RAISE(ABORT, 'dispute_events is append-only'); END;
CREATE TRIGGER dispute_events_no_delete BEFORE DELETE ON dispute_events
BEGIN SELECT RAISE(ABORT, 'dispute_events is append-only'); END;
`,
};
