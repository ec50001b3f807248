import type { Migration } from '../migration.ts';

/**
 * Notices to participants (issue 39 item 5, docs/season-service.md "Notices"): each notice the operator published to
 * the season service, its signed document (canonical text) and name, the season service it went to, who published it
 * and when; the Index lists a season's notices from here. Append-only: a notice is never withdrawn, a correction is a
 * later notice.
 */
export const seasonNoticesMigration: Migration = {
  version: 20,
  name: 'season notices',
  sql: `
CREATE TABLE season_notices (
  seq INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  kind TEXT NOT NULL,
  track TEXT,
  incident_id INTEGER REFERENCES incidents (id),
  document TEXT NOT NULL,
  document_sha256 TEXT NOT NULL UNIQUE CHECK (length(document_sha256) = 64),
  issued_at TEXT NOT NULL,
  url TEXT NOT NULL,
  actor TEXT NOT NULL,
  created_at_ms INTEGER NOT NULL
) STRICT;
CREATE INDEX season_notices_by_season ON season_notices (season, seq);
CREATE TRIGGER season_notices_no_update BEFORE UPDATE ON season_notices
BEGIN SELECT RAISE(ABORT, 'season_notices is append-only: a notice is never changed'); END;
CREATE TRIGGER season_notices_no_delete BEFORE DELETE ON season_notices
BEGIN SELECT RAISE(ABORT, 'season_notices is append-only: a notice is never withdrawn'); END;
`,
};
