import type { Migration } from '../migration.ts';

/**
 * Following a season while it runs (docs/season-follow.md). `follow_cycles`: one row per cycle of `proveit proofs
 * follow` or the console's follower, with what it read and the picture of each track it saw (`tracks`, JSON of
 * counts only: enrollments, submissions in force per task, cited views read, pending, not yet read). Cycles of two
 * processes sharing the file are numbered in one sequence per season. `follow_assessed`: the citations whose final
 * view (anchored, with its Rekor entry) the early warnings already looked at, so a cycle verifies each once.
 *
 * `incidents.opened_by` gains 'follow': an incident the reads opened during the season, which the close then finds
 * open under the same group key. SQLite cannot alter a CHECK, so `incidents` is rebuilt with the same columns, rows
 * (ids kept), index and triggers; migration 6 stays as applied. `incident_events` and `incident_links` reference it
 * by name: the step runs with foreign keys off (rebuildsReferencedTable) and they point at the rebuilt table once it
 * is renamed. DROP TABLE fires no DELETE trigger.
 */
export const seasonFollowMigration: Migration = {
  version: 18,
  name: 'season follow',
  rebuildsReferencedTable: true,
  sql: `
CREATE TABLE incidents_v18 (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  track TEXT NOT NULL CHECK (track IN ('conformite', 'generique')),
  kind TEXT NOT NULL CHECK (kind IN ('instrument_fault', 'flat_field_divergence', 'proof_pending',
    'proof_anchor_failed', 'corpus_outage', 'other')),
  cause TEXT NOT NULL,
  group_key TEXT NOT NULL,
  window_start_ms INTEGER,
  window_end_ms INTEGER,
  owner TEXT NOT NULL,
  opened_at_ms INTEGER NOT NULL,
  opened_by TEXT NOT NULL CHECK (opened_by IN ('close', 'operator', 'follow')),
  opened_by_actor TEXT NOT NULL,
  close_id INTEGER REFERENCES season_closes (id),
  summary TEXT NOT NULL,
  CHECK (window_start_ms IS NULL OR window_end_ms IS NULL OR window_start_ms <= window_end_ms)
) STRICT;
INSERT INTO incidents_v18 (id, season, track, kind, cause, group_key, window_start_ms, window_end_ms, owner,
    opened_at_ms, opened_by, opened_by_actor, close_id, summary)
  SELECT id, season, track, kind, cause, group_key, window_start_ms, window_end_ms, owner,
    opened_at_ms, opened_by, opened_by_actor, close_id, summary FROM incidents;
DROP TABLE incidents;
ALTER TABLE incidents_v18 RENAME TO incidents;
CREATE INDEX incidents_by_group ON incidents (season, track, group_key, id);
CREATE TRIGGER incidents_append_only_update BEFORE UPDATE ON incidents
BEGIN SELECT RAISE(ABORT, 'incidents is append-only: a change is an incident_events row'); END;
CREATE TRIGGER incidents_append_only_delete BEFORE DELETE ON incidents
BEGIN SELECT RAISE(ABORT, 'incidents is append-only: a change is an incident_events row'); END;

CREATE TABLE follow_cycles (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  cycle INTEGER NOT NULL CHECK (cycle >= 1),
  started_at_ms INTEGER NOT NULL,
  finished_at_ms INTEGER NOT NULL,
  export_taken_at TEXT,
  outcome TEXT NOT NULL CHECK (outcome IN ('done', 'error', 'aborted')),
  cited INTEGER NOT NULL,
  read_now INTEGER NOT NULL,
  cached INTEGER NOT NULL,
  pending INTEGER NOT NULL,
  not_yet_read INTEGER NOT NULL,
  reads_this_cycle INTEGER NOT NULL,
  reads_left_in_window INTEGER NOT NULL,
  next_cycle_at_ms INTEGER,
  failure_code TEXT,
  failure_message TEXT,
  tracks TEXT NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0),
  UNIQUE (season, cycle)
) STRICT;

CREATE TABLE follow_assessed (
  season INTEGER NOT NULL,
  citation_sha256 TEXT NOT NULL,
  assessed_at_ms INTEGER NOT NULL,
  PRIMARY KEY (season, citation_sha256)
) STRICT, WITHOUT ROWID;
`,
};
