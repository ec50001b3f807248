import type { Migration } from '../migration.ts';

/** The two triggers that make a table append-only: UPDATE and DELETE are refused with `why`. */
function appendOnly(table: string, why: string): string {
  return [
    `CREATE TRIGGER ${table}_append_only_update BEFORE UPDATE ON ${table}`,
    `BEGIN SELECT RAISE(ABORT, '${why}'); END;`,
    `CREATE TRIGGER ${table}_append_only_delete BEFORE DELETE ON ${table}`,
    `BEGIN SELECT RAISE(ABORT, '${why}'); END;`,
  ].join('\n');
}

/**
 * Audit log and incidents (docs/audit-log.md, docs/incidents.md).
 *
 * audit_log: one row per operator action, hash-chained (entry_hash covers every other column, prev_hash is the
 * previous row's entry_hash). The triggers refuse UPDATE and DELETE, but `proveit audit verify` recomputes the chain
 * and never relies on them: someone with sqlite3 can drop them.
 *
 * incidents: opened by a close (opened_by 'close', with the close row and a group_key that a later close of the same
 * season and track matches so an open incident is not opened twice) or by hand (opened_by 'operator'). Nothing is
 * ever updated: a note, a change of owner and the resolution are incident_events rows, so the history is kept; the
 * state is 'resolved' once a 'resolve' event exists. incident_links names the participants, tasks, assertions and
 * proofs an incident affects. Times are integer milliseconds.
 */
export const auditLogAndIncidentsMigration: Migration = {
  version: 6,
  name: 'audit log and incidents',
  sql: `
CREATE TABLE audit_log (
  seq INTEGER PRIMARY KEY CHECK (seq >= 1),
  at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  summary TEXT NOT NULL,
  details TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  entry_hash TEXT NOT NULL UNIQUE
) STRICT;
${appendOnly('audit_log', 'audit_log is append-only')}

CREATE TABLE incidents (
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
  opened_by TEXT NOT NULL CHECK (opened_by IN ('close', 'operator')),
  opened_by_actor TEXT NOT NULL,
  close_id INTEGER REFERENCES season_closes (id),
  summary TEXT NOT NULL,
  CHECK (window_start_ms IS NULL OR window_end_ms IS NULL OR window_start_ms <= window_end_ms)
) STRICT;
CREATE INDEX incidents_by_group ON incidents (season, track, group_key, id);
${appendOnly('incidents', 'incidents is append-only: a change is an incident_events row')}

CREATE TABLE incident_events (
  id INTEGER PRIMARY KEY,
  incident_id INTEGER NOT NULL REFERENCES incidents (id),
  at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('note', 'owner', 'resolve')),
  text TEXT NOT NULL CHECK (length(trim(text)) > 0)
) STRICT;
CREATE INDEX incident_events_by_incident ON incident_events (incident_id, id);
${appendOnly('incident_events', 'incident_events is append-only')}

CREATE TABLE incident_links (
  id INTEGER PRIMARY KEY,
  incident_id INTEGER NOT NULL REFERENCES incidents (id),
  participant TEXT,
  task TEXT,
  assertion TEXT,
  proof TEXT,
  CHECK (participant IS NOT NULL OR task IS NOT NULL OR assertion IS NOT NULL OR proof IS NOT NULL)
) STRICT;
CREATE INDEX incident_links_by_incident ON incident_links (incident_id, id);
${appendOnly('incident_links', 'incident_links is append-only')}
`,
};
