import type { Migration } from '../migration.ts';

/**
 * The season service's own database (docs/season-service.md), apart from the operator's: it runs on the public host
 * `proveit.arkforge.tech`, never on a staff desktop. Every table is append-only (spec §7.4: one submission per task,
 * replaceable until close, the last one stands): a replacement is a new version row, never an UPDATE, so an
 * acknowledged submission can never be half-replaced or lost by a crash.
 */
/** The two triggers that make a table append-only: UPDATE and DELETE are refused with `why`. */
function appendOnly(table: string, why: string): string {
  return [
    `CREATE TRIGGER ${table}_append_only_update BEFORE UPDATE ON ${table}`,
    `BEGIN SELECT RAISE(ABORT, '${why}'); END;`,
    `CREATE TRIGGER ${table}_append_only_delete BEFORE DELETE ON ${table}`,
    `BEGIN SELECT RAISE(ABORT, '${why}'); END;`,
  ].join('\n');
}

const SEASON_SERVICE_V1 = `
CREATE TABLE freezes_received (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  season INTEGER NOT NULL,
  track TEXT NOT NULL,
  received_at TEXT NOT NULL,
  opens_at TEXT,
  closes_at TEXT,
  document TEXT NOT NULL
) STRICT;

CREATE TABLE participants (
  participant_id TEXT PRIMARY KEY,
  season INTEGER NOT NULL,
  did TEXT NOT NULL,
  api_key_sha256 TEXT NOT NULL,
  season_token_sha256 TEXT NOT NULL UNIQUE,
  agent_name TEXT NOT NULL,
  declared_stack TEXT NOT NULL,
  enrolled_at TEXT NOT NULL,
  UNIQUE (season, api_key_sha256)
) STRICT;

-- Every DID a participant stands for: the bound DID and its key's binding history (spec §9.1). One DID, one
-- participant per season: the primary key refuses a second enrollment through any DID already seen.
CREATE TABLE participant_dids (
  season INTEGER NOT NULL,
  did TEXT NOT NULL,
  participant_id TEXT NOT NULL REFERENCES participants (participant_id),
  PRIMARY KEY (season, did)
) STRICT;

CREATE TABLE submissions (
  participant_id TEXT NOT NULL REFERENCES participants (participant_id),
  track TEXT NOT NULL,
  task_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  received_at TEXT NOT NULL,
  body BLOB NOT NULL,
  body_sha256 TEXT NOT NULL,
  PRIMARY KEY (participant_id, track, task_id, version)
) STRICT;

${appendOnly('freezes_received', 'freezes_received is append-only')}
${appendOnly('participants', 'participants is append-only')}
${appendOnly('participant_dids', 'participant_dids is append-only')}
${appendOnly('submissions', 'submissions is append-only: a replacement is a new version')}
`;

/**
 * docs/season-service.md "Only the operator changes the season": the freeze in force is decided by the operator-signed
 * documents (freeze document version 3), not by the order they arrived in. Each row of a version-3 document keeps its
 * document_sha256, the document_sha256 it replaces and its signed_at, from which main/core/freeze/freeze-chain.ts finds
 * the end of the chain. A document is recorded once (the unique index); the table stays append-only. Rows received
 * before (unsigned, null here) decide nothing.
 */
const SEASON_SERVICE_V2 = `
ALTER TABLE freezes_received ADD COLUMN document_sha256 TEXT;
ALTER TABLE freezes_received ADD COLUMN replaces_sha256 TEXT;
ALTER TABLE freezes_received ADD COLUMN signed_at TEXT;
CREATE UNIQUE INDEX freezes_received_one_per_document ON freezes_received (document_sha256)
  WHERE document_sha256 IS NOT NULL;
`;

/**
 * docs/season-service.md "Activity": the refusals of an authenticated participant's submission past the rate limit
 * (intake, storage bounds, the track's window), counted per code for the operator's activity feed. A count, not
 * evidence: the one table that is updated in place (a row per code, so a participant repeating a refusal grows no table).
 */
const SEASON_SERVICE_V3 = `
CREATE TABLE submission_refusals (
  season INTEGER NOT NULL,
  code TEXT NOT NULL,
  count INTEGER NOT NULL,
  last_at TEXT NOT NULL,
  PRIMARY KEY (season, code)
) STRICT;
`;

/**
 * docs/season-service.md "Invalidation": the operator-signed invalidation of a track's season (docs/freeze.md
 * "Invalidating a season"), posted through the proxy. One per season and track; append-only: from it on the track
 * refuses submissions (SEASON_TRACK_INVALIDATED) and GET /v1/season/{n} shows it.
 */
const SEASON_SERVICE_V4 = `
CREATE TABLE track_invalidations (
  season INTEGER NOT NULL,
  track TEXT NOT NULL,
  received_at TEXT NOT NULL,
  document TEXT NOT NULL,
  document_sha256 TEXT NOT NULL,
  freeze_sha256 TEXT NOT NULL,
  reason TEXT NOT NULL,
  invalidated_at TEXT NOT NULL,
  PRIMARY KEY (season, track)
) STRICT;
${appendOnly('track_invalidations', 'track_invalidations is append-only: an invalidation is never withdrawn')}
`;

/**
 * docs/season-service.md "Notices" (issue 39 item 5): the operator-signed notices (`proveit-season-notice/1`,
 * main/core/notices/season-notice.ts) posted with the operator token, served in GET /v1/season/{n} oldest first (`seq`).
 * A notice is recorded once (its document_sha256); append-only: a notice published is never withdrawn, a correction
 * is a later notice.
 */
const SEASON_SERVICE_V5 = `
CREATE TABLE season_notices (
  seq INTEGER PRIMARY KEY,
  season INTEGER NOT NULL,
  received_at TEXT NOT NULL,
  kind TEXT NOT NULL,
  track TEXT,
  issued_at TEXT NOT NULL,
  document TEXT NOT NULL,
  document_sha256 TEXT NOT NULL UNIQUE
) STRICT;
${appendOnly('season_notices', 'season_notices is append-only: a notice is never withdrawn')}
`;

/**
 * docs/publications.md "Private reports, public by choice" (spec §3, §7.5): each participant's report of a publication
 * version, signed by the operator (main/core/publications/participant-report.ts) and delivered by it
 * (`POST /v1/season/{n}/reports/{track}`), served to that participant only; and each participant's choice to have its
 * detailed report published in the Index or not, every change a row (the latest in force), so the operator reads when
 * each was made. Both append-only: a delivered report is never replaced (a correction is the next version's row).
 */
const SEASON_SERVICE_V6 = `
CREATE TABLE reports_delivered (
  season INTEGER NOT NULL,
  track TEXT NOT NULL,
  publication_version INTEGER NOT NULL,
  participant_id TEXT NOT NULL,
  delivered_at TEXT NOT NULL,
  document TEXT NOT NULL,
  document_sha256 TEXT NOT NULL,
  PRIMARY KEY (season, track, participant_id, publication_version)
) STRICT;

CREATE TABLE report_consents (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  season INTEGER NOT NULL,
  track TEXT NOT NULL,
  participant_id TEXT NOT NULL REFERENCES participants (participant_id),
  public INTEGER NOT NULL CHECK (public IN (0, 1)),
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX report_consents_by_participant ON report_consents (season, track, participant_id, seq);

${appendOnly('reports_delivered', 'reports_delivered is append-only: a later report is the next version')}
${appendOnly('report_consents', 'report_consents is append-only: a change of mind is a new row')}
`;

/**
 * docs/season-service.md "A season token lost": a participant whose enrollment answer never arrived asks for a new
 * token with its API key. `participants` stays as enrolled (append-only); each new token is a row here, and the
 * newest row of a participant is its token in force, the earlier ones and the enrollment's no longer valid.
 */
const SEASON_SERVICE_V7 = `
CREATE TABLE season_tokens_reissued (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  season INTEGER NOT NULL,
  participant_id TEXT NOT NULL REFERENCES participants (participant_id),
  token_sha256 TEXT NOT NULL UNIQUE,
  issued_at TEXT NOT NULL
) STRICT;
CREATE INDEX season_tokens_reissued_by_participant ON season_tokens_reissued (participant_id, seq);

${appendOnly('season_tokens_reissued', 'season_tokens_reissued is append-only: a later token is a new row')}
`;

export const seasonServiceMigrations: readonly Migration[] = [
  { version: 1, name: 'season service: freezes, participants, submissions', sql: SEASON_SERVICE_V1 },
  { version: 2, name: 'season service: operator-signed freeze chain', sql: SEASON_SERVICE_V2 },
  { version: 3, name: 'season service: submission refusals counted per code', sql: SEASON_SERVICE_V3 },
  { version: 4, name: 'season service: track invalidations', sql: SEASON_SERVICE_V4 },
  { version: 5, name: 'season service: notices', sql: SEASON_SERVICE_V5 },
  { version: 6, name: 'season service: participant reports and consents', sql: SEASON_SERVICE_V6 },
  { version: 7, name: 'season service: season tokens issued again', sql: SEASON_SERVICE_V7 },
];
