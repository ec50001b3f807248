import type { Migration } from '../migration.ts';

/**
 * What a close publishes without scoring it (docs/operator-database.md "Close published texts"): each submission's
 * narrative (spec §5.8, "published, not scored") and its disclosures, kept in the operator database when the close is
 * recorded, in the same transaction. The Index export reads them here, so deleting a close folder (its replay bundle)
 * never silently drops a narrative from the Index. One row per submission of the close's track, the empty narrative
 * included, so a participant who submitted has rows; `disclosures` is the canonical JSON of the submission's
 * `disclosures`. Append-only, like the close it belongs to. Closes recorded before this migration have no rows: the
 * Index export still reads their bundle, and refuses (INDEX_NARRATIVE_MISSING) when it is gone.
 */
export const closePublishedTextsMigration: Migration = {
  version: 15,
  name: 'close published texts',
  sql: `
CREATE TABLE close_published_texts (
  close_id INTEGER NOT NULL REFERENCES season_closes (id),
  participant_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  narrative TEXT NOT NULL,
  disclosures TEXT NOT NULL,
  PRIMARY KEY (close_id, participant_id, task_id)
) STRICT;
CREATE TRIGGER close_published_texts_no_update BEFORE UPDATE ON close_published_texts
BEGIN SELECT RAISE(ABORT, 'close_published_texts is append-only: a close''s texts are never changed'); END;
CREATE TRIGGER close_published_texts_no_delete BEFORE DELETE ON close_published_texts
BEGIN SELECT RAISE(ABORT, 'close_published_texts is append-only'); END;
`,
};
