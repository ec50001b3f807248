import type { Db } from './open-database.ts';

/**
 * What a season service backup holds, as `proveit backup verify` reports it (docs/season-service.md "Backups"):
 * counts and times only, never a token hash, a DID or a submission's body.
 */
export interface SeasonBackupSummary {
  participants: number;
  /** Submissions recorded per track (every version), and the latest one's reception time. */
  submissions: { track: string; count: number; lastReceivedAt: string }[];
  freezesReceived: number;
}

export function seasonBackupSummary(db: Db): SeasonBackupSummary {
  const participants = (db.prepare('SELECT count(*) AS n FROM participants').get() as { n: number }).n;
  const submissions = db
    .prepare(
      `SELECT track, count(*) AS count, max(received_at) AS lastReceivedAt
         FROM submissions GROUP BY track ORDER BY track`,
    )
    .all() as SeasonBackupSummary['submissions'];
  const freezesReceived = (db.prepare('SELECT count(*) AS n FROM freezes_received').get() as { n: number }).n;
  return { participants, submissions, freezesReceived };
}
