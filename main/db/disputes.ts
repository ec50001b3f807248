import type { DisputeChange, DisputeState } from '../core/disputes/transitions.ts';
import type { Db } from './open-database.ts';

/** The state an event leaves a dispute in (a dispute is received before any event). */
type DisputeEventState = Exclude<DisputeState, 'received'>;

/** A dispute as opened (migration 7); its state is the last of its events. */
export interface DisputeRow {
  disputeId: string;
  season: number;
  track: string;
  participantId: string;
  taskId: string;
  assertionId: string;
  publicationId: number;
  publicationVersion: number;
  publishedAtMs: number;
  receivedAtMs: number;
  receivedAtEnteredByHand: boolean;
  windowEndsMs: number;
  decisionDueMs: number;
  openedAtMs: number;
  openedBy: string;
  reason: string;
  assertionStatus: string;
  evidenceJson: Uint8Array;
  evidenceSha256: string;
}

export interface DisputeEventRow {
  disputeId: string;
  step: 'review' | 'decision';
  state: DisputeEventState;
  atMs: number;
  actor: string;
  reviewer: string;
  reason: string | null;
  change: DisputeChange | null;
  correctionVersion: number | null;
}

interface SqlDispute {
  dispute_id: string;
  season: number;
  track: string;
  participant_id: string;
  task_id: string;
  assertion_id: string;
  publication_id: number;
  publication_version: number;
  published_at_ms: number;
  received_at_ms: number;
  received_at_entered_by_hand: number;
  window_ends_ms: number;
  decision_due_ms: number;
  opened_at_ms: number;
  opened_by: string;
  reason: string;
  assertion_status: string;
  evidence_json: Buffer;
  evidence_sha256: string;
}

interface SqlEvent {
  dispute_id: string;
  step: 'review' | 'decision';
  state: DisputeEventState;
  at_ms: number;
  actor: string;
  reviewer: string;
  reason: string | null;
  change: DisputeChange | null;
  correction_version: number | null;
}

const fromSql = (r: SqlDispute): DisputeRow => ({
  disputeId: r.dispute_id,
  season: r.season,
  track: r.track,
  participantId: r.participant_id,
  taskId: r.task_id,
  assertionId: r.assertion_id,
  publicationId: r.publication_id,
  publicationVersion: r.publication_version,
  publishedAtMs: r.published_at_ms,
  receivedAtMs: r.received_at_ms,
  receivedAtEnteredByHand: r.received_at_entered_by_hand === 1,
  windowEndsMs: r.window_ends_ms,
  decisionDueMs: r.decision_due_ms,
  openedAtMs: r.opened_at_ms,
  openedBy: r.opened_by,
  reason: r.reason,
  assertionStatus: r.assertion_status,
  evidenceJson: new Uint8Array(r.evidence_json.buffer, r.evidence_json.byteOffset, r.evidence_json.byteLength),
  evidenceSha256: r.evidence_sha256,
});

const eventFromSql = (r: SqlEvent): DisputeEventRow => ({
  disputeId: r.dispute_id,
  step: r.step,
  state: r.state,
  atMs: r.at_ms,
  actor: r.actor,
  reviewer: r.reviewer,
  reason: r.reason,
  change: r.change,
  correctionVersion: r.correction_version,
});

/** The next dispute id of a season and track: `dsp-<season>-<track>-<n>`, n counting from 1. */
export function nextDisputeId(db: Db, season: number, track: string): string {
  const { n } = db.prepare('SELECT count(*) AS n FROM disputes WHERE season = ? AND track = ?').get(season, track) as {
    n: number;
  };
  return `dsp-${season}-${track}-${String(n + 1).padStart(4, '0')}`;
}

export function insertDispute(db: Db, row: DisputeRow): void {
  db.prepare(
    `INSERT INTO disputes (dispute_id, season, track, participant_id, task_id, assertion_id, publication_id,
       publication_version, published_at_ms, received_at_ms, received_at_entered_by_hand, window_ends_ms,
       decision_due_ms, opened_at_ms, opened_by, reason, assertion_status, evidence_json, evidence_sha256)
     VALUES (@disputeId, @season, @track, @participantId, @taskId, @assertionId, @publicationId, @publicationVersion,
       @publishedAtMs, @receivedAtMs, @receivedAtEnteredByHand, @windowEndsMs, @decisionDueMs, @openedAtMs,
       @openedBy, @reason, @assertionStatus, @evidenceJson, @evidenceSha256)`,
  ).run({
    ...row,
    receivedAtEnteredByHand: row.receivedAtEnteredByHand ? 1 : 0,
    evidenceJson: Buffer.from(row.evidenceJson),
  });
}

export function insertDisputeEvent(db: Db, row: DisputeEventRow): void {
  db.prepare(
    `INSERT INTO dispute_events (dispute_id, step, state, at_ms, actor, reviewer, reason, change, correction_version)
     VALUES (@disputeId, @step, @state, @atMs, @actor, @reviewer, @reason, @change, @correctionVersion)`,
  ).run(row);
}

export function disputeById(db: Db, disputeId: string): DisputeRow | undefined {
  const r = db.prepare('SELECT * FROM disputes WHERE dispute_id = ?').get(disputeId) as SqlDispute | undefined;
  return r === undefined ? undefined : fromSql(r);
}

/** Disputes, optionally of one season and/or track, in id order (oldest first within a track). */
export function listDisputes(db: Db, filter: { season?: number; track?: string } = {}): DisputeRow[] {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (filter.season !== undefined) {
    where.push('season = ?');
    args.push(filter.season);
  }
  if (filter.track !== undefined) {
    where.push('track = ?');
    args.push(filter.track);
  }
  const sql = `SELECT * FROM disputes ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY season, track, opened_at_ms, dispute_id`;
  return (db.prepare(sql).all(...args) as SqlDispute[]).map(fromSql);
}

/** A dispute's events, in order. */
export function disputeEvents(db: Db, disputeId: string): DisputeEventRow[] {
  return (db.prepare('SELECT * FROM dispute_events WHERE dispute_id = ? ORDER BY id').all(disputeId) as SqlEvent[]).map(
    eventFromSql,
  );
}
