import type { Db } from './open-database.ts';

/** One submission's published, unscored texts (migration 15): its narrative and its disclosures' canonical JSON. */
export interface ClosePublishedText {
  participantId: string;
  taskId: string;
  narrative: string;
  disclosures: string;
}

/** Keeps a close's texts; called inside the transaction that records the close, so both commit together. */
export function insertClosePublishedTexts(db: Db, closeId: number, texts: readonly ClosePublishedText[]): void {
  const insert = db.prepare(
    `INSERT INTO close_published_texts (close_id, participant_id, task_id, narrative, disclosures)
     VALUES (?, ?, ?, ?, ?)`,
  );
  for (const t of texts) insert.run(closeId, t.participantId, t.taskId, t.narrative, t.disclosures);
}

/** A close's texts, by participant then task (byte order). Empty for a close recorded before migration 15. */
export function closePublishedTextsOf(db: Db, closeId: number): ClosePublishedText[] {
  const rows = db
    .prepare(
      `SELECT participant_id, task_id, narrative, disclosures FROM close_published_texts
       WHERE close_id = ? ORDER BY participant_id, task_id`,
    )
    .all(closeId) as { participant_id: string; task_id: string; narrative: string; disclosures: string }[];
  return rows.map((r) => ({
    participantId: r.participant_id,
    taskId: r.task_id,
    narrative: r.narrative,
    disclosures: r.disclosures,
  }));
}
