import { jobRequest, type JobArgs, type JobRequest, type RecordedJobKind } from '../core/console/job-args.ts';
import type { Db } from './open-database.ts';

/** What a console job does (migration 10 adds proof reads, migration 12 replays and Index exports). */
export type JobKindStored = RecordedJobKind;

export type StoredJobState = 'queued' | 'running' | 'done' | 'failed';

/** One row of `console_jobs` (migration 9), JSON columns parsed: its kind with the arguments of that kind. */
export type StoredJob = JobRequest & {
  id: number;
  state: StoredJobState;
  createdAtMs: number;
  startedAtMs: number | null;
  finishedAtMs: number | null;
  attempts: number;
  progress: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
};

interface SqlRow {
  id: number;
  kind: JobKindStored;
  args_json: string;
  state: StoredJobState;
  created_at_ms: number;
  started_at_ms: number | null;
  finished_at_ms: number | null;
  attempts: number;
  progress_json: string | null;
  result_json: string | null;
  error_code: string | null;
  error_message: string | null;
}

const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));

function fromSql(r: SqlRow): StoredJob {
  return {
    id: r.id,
    // The arguments insertJob wrote with this kind.
    ...jobRequest(r.kind, JSON.parse(r.args_json) as JobArgs[JobKindStored]),
    state: r.state,
    createdAtMs: r.created_at_ms,
    startedAtMs: r.started_at_ms,
    finishedAtMs: r.finished_at_ms,
    attempts: r.attempts,
    progress: parsed(r.progress_json),
    result: parsed(r.result_json),
    error: r.error_code === null ? null : { code: r.error_code, message: r.error_message ?? '' },
  };
}

export function insertJob<K extends JobKindStored>(db: Db, kind: K, args: JobArgs[K], atMs: number): StoredJob {
  const info = db
    .prepare("INSERT INTO console_jobs (kind, args_json, state, created_at_ms) VALUES (?, ?, 'queued', ?)")
    .run(kind, JSON.stringify(args), atMs);
  return jobById(db, Number(info.lastInsertRowid)) as StoredJob;
}

export function jobById(db: Db, id: number): StoredJob | null {
  const row = db.prepare('SELECT * FROM console_jobs WHERE id = ?').get(id) as SqlRow | undefined;
  return row ? fromSql(row) : null;
}

export function listJobs(db: Db): StoredJob[] {
  return (db.prepare('SELECT * FROM console_jobs ORDER BY id DESC LIMIT 200').all() as SqlRow[]).map(fromSql);
}

/** Jobs to (re)start: queued, or found running at start (their process stopped mid-way). */
export function unfinishedJobs(db: Db): StoredJob[] {
  return (
    db.prepare("SELECT * FROM console_jobs WHERE state IN ('queued', 'running') ORDER BY id").all() as SqlRow[]
  ).map(fromSql);
}

/** The arguments that say what a job does: all but who asked for it (`actor`, recorded with it). */
const workOf = ({ actor: _actor, ...work }: Record<string, unknown>) => JSON.stringify(work);

/**
 * A live job of the same kind and arguments, if any: a second request joins it instead of running twice, whoever
 * asked for the first (the job keeps its own requester's name).
 */
export function liveJobLike<K extends JobKindStored>(db: Db, kind: K, args: JobArgs[K]): StoredJob | null {
  const rows = db
    .prepare("SELECT * FROM console_jobs WHERE kind = ? AND state IN ('queued', 'running') ORDER BY id")
    .all(kind) as SqlRow[];
  const wanted = workOf(args);
  const row = rows.find((r) => workOf(JSON.parse(r.args_json) as Record<string, unknown>) === wanted);
  return row ? fromSql(row) : null;
}

export function markJobStarted(db: Db, id: number, atMs: number): void {
  db.prepare("UPDATE console_jobs SET state = 'running', started_at_ms = ?, attempts = attempts + 1 WHERE id = ?").run(
    atMs,
    id,
  );
}

export function recordJobProgress(db: Db, id: number, progress: Record<string, unknown>): void {
  db.prepare('UPDATE console_jobs SET progress_json = ? WHERE id = ?').run(JSON.stringify(progress), id);
}

export function markJobDone(db: Db, id: number, atMs: number, result: Record<string, unknown>): void {
  db.prepare("UPDATE console_jobs SET state = 'done', finished_at_ms = ?, result_json = ? WHERE id = ?").run(
    atMs,
    JSON.stringify(result),
    id,
  );
}

export function markJobFailed(db: Db, id: number, atMs: number, error: { code: string; message: string }): void {
  db.prepare(
    "UPDATE console_jobs SET state = 'failed', finished_at_ms = ?, error_code = ?, error_message = ? WHERE id = ?",
  ).run(atMs, error.code, error.message, id);
}
