import type { Migration } from '../migration.ts';

/**
 * Each participant's name and stack as it enrolled, as the close read them from the season service's export
 * (docs/operator-database.md "Close participant names"): since proveit-scorer/5 the scorer's outputs carry neither,
 * and the replay bundle keeps the export without its enrollment lines (issue 39 item 6: names stay in the operator
 * database and the Index's own tables, never in what the Index publishes byte for byte). The console and the Index
 * read them here, after the operator's display name and declared stack. Kept with the close, in its transaction;
 * append-only like it. A close recorded before this migration has no rows: its scores.json names its participants.
 */
export const closeParticipantNamesMigration: Migration = {
  version: 22,
  name: 'close participant names',
  sql: `
CREATE TABLE close_participant_names (
  close_id INTEGER NOT NULL REFERENCES season_closes (id),
  participant_id TEXT NOT NULL,
  agent_name TEXT NOT NULL,
  declared_stack TEXT NOT NULL,
  PRIMARY KEY (close_id, participant_id)
) STRICT;
CREATE TRIGGER close_participant_names_no_update BEFORE UPDATE ON close_participant_names
BEGIN SELECT RAISE(ABORT, 'close_participant_names is append-only'); END;
CREATE TRIGGER close_participant_names_no_delete BEFORE DELETE ON close_participant_names
BEGIN SELECT RAISE(ABORT, 'close_participant_names is append-only'); END;
`,
};
