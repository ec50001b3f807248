import type { Db } from './open-database.ts';

/** A participant's name and stack as enrolled (migration 22). */
export interface EnrolledParticipantName {
  agentName: string;
  declaredStack: string;
}

/** Keeps a close's participant names; called inside the transaction that records the close. */
export function insertCloseParticipantNames(
  db: Db,
  closeId: number,
  names: ReadonlyMap<string, EnrolledParticipantName>,
): void {
  const insert = db.prepare(
    'INSERT INTO close_participant_names (close_id, participant_id, agent_name, declared_stack) VALUES (?, ?, ?, ?)',
  );
  for (const [id, n] of names) insert.run(closeId, id, n.agentName, n.declaredStack);
}

/**
 * participant id → the name and stack it enrolled with, as the season's latest close that read them recorded them.
 * Empty before the first close recorded under migration 22 (the scores.json of earlier closes names participants).
 */
export function enrolledNamesOf(db: Db, season: number): Map<string, EnrolledParticipantName> {
  const rows = db
    .prepare(
      `SELECT n.participant_id, n.agent_name, n.declared_stack FROM close_participant_names n
       JOIN season_closes c ON c.id = n.close_id WHERE c.season = ? ORDER BY c.id`,
    )
    .all(season) as { participant_id: string; agent_name: string; declared_stack: string }[];
  return new Map(rows.map((r) => [r.participant_id, { agentName: r.agent_name, declaredStack: r.declared_stack }]));
}
