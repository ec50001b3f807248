import type { Migration } from '../migration.ts';

const appendOnly = (table: string) => `CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table}
BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END;
CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table}
BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END;`;

/**
 * Publication versions, corrections and disputes (docs/publications.md, docs/disputes.md). Every table is
 * append-only: a version is never edited (a correction is the next version), a dispute's state is the last of its
 * events. Documents are stored as their canonical JSON bytes (the close's out_dir may be deleted later); times are
 * integer milliseconds (UTC) from the Clock port.
 */
export const publicationsAndDisputesMigration: Migration = {
  version: 7,
  name: 'publications and disputes',
  sql: `
CREATE TABLE publication_versions (
  id INTEGER PRIMARY KEY,
  season INTEGER NOT NULL CHECK (season >= 0),
  track TEXT NOT NULL CHECK (track IN ('conformite', 'generique')),
  version INTEGER NOT NULL CHECK (version >= 1),
  corrects_version INTEGER,
  published_at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0),
  close_id INTEGER NOT NULL REFERENCES season_closes (id),
  scores_json BLOB NOT NULL,
  scores_sha256 TEXT NOT NULL CHECK (length(scores_sha256) = 64),
  bundle_digests_json BLOB NOT NULL,
  correction_json BLOB,
  audit_seq INTEGER NOT NULL CHECK (audit_seq >= 1),
  audit_hash TEXT NOT NULL CHECK (length(audit_hash) = 64),
  UNIQUE (season, track, version),
  CHECK ((version = 1) = (corrects_version IS NULL)),
  CHECK (corrects_version IS NULL OR corrects_version = version - 1),
  CHECK ((version = 1) = (correction_json IS NULL))
) STRICT;
CREATE TRIGGER publication_versions_contiguous BEFORE INSERT ON publication_versions
WHEN NEW.version > 1 AND NOT EXISTS (
  SELECT 1 FROM publication_versions WHERE season = NEW.season AND track = NEW.track AND version = NEW.version - 1)
BEGIN SELECT RAISE(ABORT, 'publication versions are contiguous: version k+1 corrects version k'); END;
${appendOnly('publication_versions')}

CREATE TABLE publication_reports (
  publication_id INTEGER NOT NULL REFERENCES publication_versions (id),
  participant_id TEXT NOT NULL,
  report_json BLOB NOT NULL,
  report_sha256 TEXT NOT NULL CHECK (length(report_sha256) = 64),
  PRIMARY KEY (publication_id, participant_id)
) STRICT;
${appendOnly('publication_reports')}

CREATE TABLE disputes (
  dispute_id TEXT PRIMARY KEY,
  season INTEGER NOT NULL,
  track TEXT NOT NULL CHECK (track IN ('conformite', 'generique')),
  participant_id TEXT NOT NULL,
  task_id TEXT NOT NULL,
  assertion_id TEXT NOT NULL,
  publication_id INTEGER NOT NULL REFERENCES publication_versions (id),
  publication_version INTEGER NOT NULL,
  published_at_ms INTEGER NOT NULL,
  received_at_ms INTEGER NOT NULL CHECK (received_at_ms >= published_at_ms),
  received_at_entered_by_hand INTEGER NOT NULL CHECK (received_at_entered_by_hand IN (0, 1)),
  window_ends_ms INTEGER NOT NULL CHECK (received_at_ms <= window_ends_ms),
  decision_due_ms INTEGER NOT NULL,
  opened_at_ms INTEGER NOT NULL,
  opened_by TEXT NOT NULL CHECK (length(trim(opened_by)) > 0),
  reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
  assertion_status TEXT NOT NULL,
  evidence_json BLOB NOT NULL,
  evidence_sha256 TEXT NOT NULL CHECK (length(evidence_sha256) = 64)
) STRICT;
CREATE INDEX disputes_by_track ON disputes (season, track, dispute_id);
${appendOnly('disputes')}

CREATE TABLE dispute_events (
  id INTEGER PRIMARY KEY,
  dispute_id TEXT NOT NULL REFERENCES disputes (dispute_id),
  step TEXT NOT NULL CHECK (step IN ('review', 'decision')),
  state TEXT NOT NULL CHECK (state IN ('under_review', 'upheld', 'rejected')),
  at_ms INTEGER NOT NULL,
  actor TEXT NOT NULL CHECK (length(trim(actor)) > 0),
  reviewer TEXT NOT NULL CHECK (length(trim(reviewer)) > 0),
  reason TEXT,
  change TEXT CHECK (change IN ('supported', 'instrument_fault')),
  correction_version INTEGER,
  UNIQUE (dispute_id, step),
  CHECK ((step = 'review') = (state = 'under_review')),
  CHECK (step = 'review' OR (reason IS NOT NULL AND length(trim(reason)) > 0)),
  CHECK ((state = 'upheld') = (change IS NOT NULL)),
  CHECK ((state = 'upheld') = (correction_version IS NOT NULL))
) STRICT;
CREATE TRIGGER dispute_events_reviewed_first BEFORE INSERT ON dispute_events
WHEN NEW.step = 'decision' AND NOT EXISTS (
  SELECT 1 FROM dispute_events WHERE dispute_id = NEW.dispute_id AND step = 'review')
BEGIN SELECT RAISE(ABORT, 'a dispute is under review before it is decided'); END;
${appendOnly('dispute_events')}
`,
};
