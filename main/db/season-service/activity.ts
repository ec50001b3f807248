import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

/**
 * The operator's activity feed (docs/season-service.md "Activity"): what was recorded since a cursor, read from the
 * append-only tables by rowid. Rows are never deleted or updated there, so each table's rowid only grows: the pair of
 * the last enrollment's and the last submission's rowid seen is a cursor that never skips nor repeats a row.
 */
export interface ActivityCursor {
  enrollment: number;
  submission: number;
}

export interface EnrollmentSeen {
  seq: number;
  participantId: string;
  agentName: string;
  enrolledAt: string;
}

export interface SubmissionSeen {
  seq: number;
  participantId: string;
  track: string;
  taskId: string;
  version: number;
  receivedAt: string;
}

/** At most `limit` enrollments of the season recorded after the cursor's, oldest first. */
export function enrollmentsAfter(db: Db, season: number, after: number, limit: number): EnrollmentSeen[] {
  const rows = prepared(
    db,
    `SELECT rowid AS seq, participant_id, agent_name, enrolled_at FROM participants
       WHERE season = ? AND rowid > ? ORDER BY rowid LIMIT ?`,
  ).all(season, after, limit) as { seq: number; participant_id: string; agent_name: string; enrolled_at: string }[];
  return rows.map((r) => ({
    seq: r.seq,
    participantId: r.participant_id,
    agentName: r.agent_name,
    enrolledAt: r.enrolled_at,
  }));
}

/** At most `limit` submission versions recorded after the cursor's, oldest first (never their bodies). */
export function submissionsAfter(db: Db, after: number, limit: number): SubmissionSeen[] {
  const rows = prepared(
    db,
    `SELECT rowid AS seq, participant_id, track, task_id, version, received_at FROM submissions
       WHERE rowid > ? ORDER BY rowid LIMIT ?`,
  ).all(after, limit) as {
    seq: number;
    participant_id: string;
    track: string;
    task_id: string;
    version: number;
    received_at: string;
  }[];
  return rows.map((r) => ({
    seq: r.seq,
    participantId: r.participant_id,
    track: r.track,
    taskId: r.task_id,
    version: r.version,
    receivedAt: r.received_at,
  }));
}

/** Counts one refusal of a submission under its code. Call inside a write transaction (GroupCommit). */
export function countSubmissionRefusal(db: Db, season: number, code: string, at: string): void {
  prepared(
    db,
    `INSERT INTO submission_refusals (season, code, count, last_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (season, code) DO UPDATE SET count = count + 1, last_at = excluded.last_at`,
  ).run(season, code, at);
}

/** Every refusal code of the season with how many times it was answered, by code. */
export function submissionRefusalCounts(db: Db, season: number): { code: string; count: number; lastAt: string }[] {
  const rows = prepared(db, 'SELECT code, count, last_at FROM submission_refusals WHERE season = ? ORDER BY code').all(
    season,
  ) as { code: string; count: number; last_at: string }[];
  return rows.map((r) => ({ code: r.code, count: r.count, lastAt: r.last_at }));
}
