import type { Migration } from '../migration.ts';

/**
 * The stack the Index shows for a participant when the operator declares it (spec §7.1: "Stack declared by the
 * operator"; docs/operator-database.md "Participant declared stacks"): how a model or provider name in a participant's
 * own declared stack leaves a row with negative results (spec §7.3), as a display name does for the agent name
 * (migration 8). The latest row is in force; without one the Index shows the stack given at enrollment. Append-only,
 * each change audited.
 */
export const participantDeclaredStacksMigration: Migration = {
  version: 17,
  name: 'participant declared stacks',
  sql: `
CREATE TABLE participant_declared_stacks (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  participant_id TEXT NOT NULL,
  declared_stack TEXT NOT NULL CHECK (length(trim(declared_stack)) > 0 AND length(declared_stack) <= 200),
  set_at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0)
) STRICT;
CREATE INDEX participant_declared_stacks_by_participant ON participant_declared_stacks (season, participant_id, id);
CREATE TRIGGER participant_declared_stacks_no_update BEFORE UPDATE ON participant_declared_stacks
BEGIN SELECT RAISE(ABORT, 'participant_declared_stacks is append-only: declare the stack again instead'); END;
CREATE TRIGGER participant_declared_stacks_no_delete BEFORE DELETE ON participant_declared_stacks
BEGIN SELECT RAISE(ABORT, 'participant_declared_stacks is append-only'); END;
`,
};
