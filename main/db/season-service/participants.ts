import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

export interface ParticipantRow {
  participantId: string;
  season: number;
  did: string;
  agentName: string;
  declaredStack: string;
  enrolledAt: string;
}

export interface NewParticipant extends ParticipantRow {
  /** Every DID this participant stands for: the bound one and the key's binding history (spec §9.1). */
  dids: readonly string[];
  apiKeySha256: string;
  seasonTokenSha256: string;
}

/** Why an enrollment was refused as a second enrollment of one participant (spec §9.1). */
export type EnrollConflict =
  { reason: 'key_enrolled'; participantId: string } | { reason: 'did_enrolled'; did: string; participantId: string };

interface SqlParticipant {
  participant_id: string;
  season: number;
  did: string;
  agent_name: string;
  declared_stack: string;
  enrolled_at: string;
}

const fromSql = (row: SqlParticipant): ParticipantRow => ({
  participantId: row.participant_id,
  season: row.season,
  did: row.did,
  agentName: row.agent_name,
  declaredStack: row.declared_stack,
  enrolledAt: row.enrolled_at,
});

/**
 * Records a participant unless its key, or any of its DIDs, already stands for an enrolled one. Call inside a write
 * transaction (GroupCommit) so the check and the insert see the same state.
 */
export function enrollParticipant(db: Db, p: NewParticipant): EnrollConflict | null {
  const byKey = prepared(db, 'SELECT participant_id FROM participants WHERE season = ? AND api_key_sha256 = ?').get(
    p.season,
    p.apiKeySha256,
  ) as { participant_id: string } | undefined;
  if (byKey) return { reason: 'key_enrolled', participantId: byKey.participant_id };
  const byDid = prepared(db, 'SELECT participant_id FROM participant_dids WHERE season = ? AND did = ?');
  for (const did of p.dids) {
    const row = byDid.get(p.season, did) as { participant_id: string } | undefined;
    if (row) return { reason: 'did_enrolled', did, participantId: row.participant_id };
  }
  prepared(
    db,
    `INSERT INTO participants (participant_id, season, did, api_key_sha256, season_token_sha256, agent_name,
       declared_stack, enrolled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    p.participantId,
    p.season,
    p.did,
    p.apiKeySha256,
    p.seasonTokenSha256,
    p.agentName,
    p.declaredStack,
    p.enrolledAt,
  );
  const insertDid = prepared(db, 'INSERT INTO participant_dids (season, did, participant_id) VALUES (?, ?, ?)');
  for (const did of new Set(p.dids)) insertDid.run(p.season, did, p.participantId);
  return null;
}

const PARTICIPANT_COLUMNS = 'participant_id, season, did, agent_name, declared_stack, enrolled_at';

/**
 * The participant whose season token in force hashes to this value (the caller compares the hashes in constant time):
 * its newest reissued token, else the one it enrolled with (docs/season-service.md "A season token lost").
 */
export function participantByTokenHash(db: Db, tokenSha256: string): (ParticipantRow & { tokenSha256: string }) | null {
  const reissued = prepared(
    db,
    `SELECT r.participant_id, r.seq = (SELECT MAX(seq) FROM season_tokens_reissued WHERE participant_id = r.participant_id)
       AS newest FROM season_tokens_reissued r WHERE r.token_sha256 = ?`,
  ).get(tokenSha256) as { participant_id: string; newest: number } | undefined;
  const row = reissued
    ? reissued.newest === 1
      ? (prepared(db, `SELECT ${PARTICIPANT_COLUMNS} FROM participants WHERE participant_id = ?`).get(
          reissued.participant_id,
        ) as SqlParticipant | undefined)
      : undefined
    : (prepared(
        db,
        `SELECT ${PARTICIPANT_COLUMNS} FROM participants p WHERE season_token_sha256 = ?
           AND NOT EXISTS (SELECT 1 FROM season_tokens_reissued r WHERE r.participant_id = p.participant_id)`,
      ).get(tokenSha256) as SqlParticipant | undefined);
  return row ? { ...fromSql(row), tokenSha256 } : null;
}

/**
 * A new season token (its hash) for the participant enrolled in `season` with this API key, the previous one no longer
 * valid: the participant, or null when the key never enrolled. Call inside a write transaction (GroupCommit).
 */
export function reissueSeasonToken(
  db: Db,
  r: { season: number; apiKeySha256: string; tokenSha256: string; issuedAt: string },
): ParticipantRow | null {
  const row = prepared(
    db,
    `SELECT ${PARTICIPANT_COLUMNS} FROM participants WHERE season = ? AND api_key_sha256 = ?`,
  ).get(r.season, r.apiKeySha256) as SqlParticipant | undefined;
  if (!row) return null;
  prepared(
    db,
    'INSERT INTO season_tokens_reissued (season, participant_id, token_sha256, issued_at) VALUES (?, ?, ?, ?)',
  ).run(r.season, row.participant_id, r.tokenSha256, r.issuedAt);
  return fromSql(row);
}

/** Every participant of a season, in enrollment order. */
export function participantsOf(db: Db, season: number): ParticipantRow[] {
  const rows = prepared(
    db,
    `SELECT participant_id, season, did, agent_name, declared_stack, enrolled_at FROM participants
       WHERE season = ? ORDER BY rowid`,
  ).all(season) as SqlParticipant[];
  return rows.map(fromSql);
}

/** Whether the season enrolled this participant id: a delivered report names one, or is refused. */
export function isEnrolled(db: Db, season: number, participantId: string): boolean {
  return (
    prepared(db, 'SELECT 1 FROM participants WHERE season = ? AND participant_id = ?').get(season, participantId) !==
    undefined
  );
}
