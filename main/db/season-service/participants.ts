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

/** The participant whose season token hashes to this value (the caller compares the hashes in constant time). */
export function participantByTokenHash(db: Db, tokenSha256: string): (ParticipantRow & { tokenSha256: string }) | null {
  const row = prepared(
    db,
    `SELECT participant_id, season, did, agent_name, declared_stack, enrolled_at, season_token_sha256
       FROM participants WHERE season_token_sha256 = ?`,
  ).get(tokenSha256) as (SqlParticipant & { season_token_sha256: string }) | undefined;
  return row ? { ...fromSql(row), tokenSha256: row.season_token_sha256 } : null;
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
