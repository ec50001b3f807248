import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';
import { noteStored, storedBy } from './stored-bytes.ts';

export interface NewSubmission {
  participantId: string;
  track: string;
  taskId: string;
  receivedAt: string;
  /** The bytes exactly as received. */
  body: Uint8Array;
  bodySha256: string;
}

export interface SubmissionInForce {
  participantId: string;
  track: string;
  taskId: string;
  version: number;
  receivedAt: string;
  body: Buffer;
  bodySha256: string;
}

/** What one participant may keep (docs/season-service.md "Durability and limits"): every version counts. */
export interface StorageBounds {
  /** Bytes of every version of every task of the participant, replaced ones included. */
  storedBytes: number;
  /** Versions of one task of the participant. */
  versionsPerTask: number;
}

export type RecordOutcome =
  | { recorded: true; version: number; replacesPrevious: boolean }
  | { recorded: false; bound: 'stored_bytes'; storedBytes: number; bodyBytes: number; limit: number }
  | { recorded: false; bound: 'versions_per_task'; versions: number; limit: number };

/**
 * Records a new version of a participant's submission for one task (spec §7.4: the last one stands). Versions are
 * rows, never updates: the one in force is the highest version. Call inside a write transaction (GroupCommit): the
 * bounds are read in the same transaction that inserts, so two concurrent writes cannot both pass the last slot.
 * Past a bound nothing is inserted and the versions already recorded stand.
 */
export function recordSubmission(db: Db, s: NewSubmission, bounds: StorageBounds): RecordOutcome {
  const last = prepared(
    db,
    'SELECT MAX(version) AS v FROM submissions WHERE participant_id = ? AND track = ? AND task_id = ?',
  ).get(s.participantId, s.track, s.taskId) as { v: number | null };
  const versions = last.v ?? 0;
  if (versions >= bounds.versionsPerTask) {
    return { recorded: false, bound: 'versions_per_task', versions, limit: bounds.versionsPerTask };
  }
  const stored = storedBy(db, s.participantId);
  if (stored.bytes + s.body.length > bounds.storedBytes) {
    return {
      recorded: false,
      bound: 'stored_bytes',
      storedBytes: stored.bytes,
      bodyBytes: s.body.length,
      limit: bounds.storedBytes,
    };
  }
  const version = versions + 1;
  prepared(
    db,
    `INSERT INTO submissions (participant_id, track, task_id, version, received_at, body, body_sha256)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(s.participantId, s.track, s.taskId, version, s.receivedAt, Buffer.from(s.body), s.bodySha256);
  noteStored(db, s.participantId, stored, s.body.length);
  return { recorded: true, version, replacesPrevious: last.v !== null };
}

interface SqlSubmission {
  participant_id: string;
  track: string;
  task_id: string;
  version: number;
  received_at: string;
  body: Buffer;
  body_sha256: string;
}

/** The submissions in force of one participant, ordered by track then task. */
export function submissionsInForceOf(db: Db, participantId: string): SubmissionInForce[] {
  const rows = prepared(
    db,
    `SELECT s.participant_id, s.track, s.task_id, s.version, s.received_at, s.body, s.body_sha256
       FROM submissions s
       WHERE s.participant_id = ? AND s.version = (
         SELECT MAX(version) FROM submissions
         WHERE participant_id = s.participant_id AND track = s.track AND task_id = s.task_id)
       ORDER BY s.track, s.task_id`,
  ).all(participantId) as SqlSubmission[];
  return rows.map((row) => ({
    participantId: row.participant_id,
    track: row.track,
    taskId: row.task_id,
    version: row.version,
    receivedAt: row.received_at,
    body: row.body,
    bodySha256: row.body_sha256,
  }));
}

/** How many versions were ever recorded (every acknowledged submission, replaced ones included). */
export function submissionVersionCount(db: Db): number {
  return (prepared(db, 'SELECT COUNT(*) AS n FROM submissions').get() as { n: number }).n;
}
