import type { LiveTrack } from '../core/follow/model.ts';
import type { Db } from './open-database.ts';

/** One follow cycle as recorded (migration 18): what it read, and the counts it saw per track. */
export interface FollowCycleRow {
  season: number;
  cycle: number;
  startedAtMs: number;
  finishedAtMs: number;
  exportTakenAt: string | null;
  outcome: 'done' | 'error' | 'aborted';
  cited: number;
  readNow: number;
  cached: number;
  pending: number;
  notYetRead: number;
  readsThisCycle: number;
  readsLeftInWindow: number;
  nextCycleAtMs: number | null;
  failure: { code: string; message: string } | null;
  /** The tracks as the cycle saw them (counts only). */
  tracks: LiveTrack[];
  actor: string;
}

interface CycleSqlRow {
  season: number;
  cycle: number;
  started_at_ms: number;
  finished_at_ms: number;
  export_taken_at: string | null;
  outcome: FollowCycleRow['outcome'];
  cited: number;
  read_now: number;
  cached: number;
  pending: number;
  not_yet_read: number;
  reads_this_cycle: number;
  reads_left_in_window: number;
  next_cycle_at_ms: number | null;
  failure_code: string | null;
  failure_message: string | null;
  tracks: string;
  actor: string;
}

const fromSql = (r: CycleSqlRow): FollowCycleRow => ({
  season: r.season,
  cycle: r.cycle,
  startedAtMs: r.started_at_ms,
  finishedAtMs: r.finished_at_ms,
  exportTakenAt: r.export_taken_at,
  outcome: r.outcome,
  cited: r.cited,
  readNow: r.read_now,
  cached: r.cached,
  pending: r.pending,
  notYetRead: r.not_yet_read,
  readsThisCycle: r.reads_this_cycle,
  readsLeftInWindow: r.reads_left_in_window,
  nextCycleAtMs: r.next_cycle_at_ms,
  failure: r.failure_code === null ? null : { code: r.failure_code, message: r.failure_message ?? '' },
  tracks: JSON.parse(r.tracks) as LiveTrack[],
  actor: r.actor,
});

/**
 * Records a finished cycle and returns its number: the next of the season's one sequence, taken with the write lock
 * held, so two processes following one database never record the same number.
 */
export function insertFollowCycle(db: Db, row: Omit<FollowCycleRow, 'cycle'>): number {
  const insert = db.transaction(() => {
    const last = db.prepare('SELECT max(cycle) FROM follow_cycles WHERE season = ?').pluck().get(row.season) as
      number | null;
    const cycle = (last ?? 0) + 1;
    db.prepare(
      `INSERT INTO follow_cycles (season, cycle, started_at_ms, finished_at_ms, export_taken_at, outcome, cited,
         read_now, cached, pending, not_yet_read, reads_this_cycle, reads_left_in_window, next_cycle_at_ms,
         failure_code, failure_message, tracks, actor)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.season,
      cycle,
      row.startedAtMs,
      row.finishedAtMs,
      row.exportTakenAt,
      row.outcome,
      row.cited,
      row.readNow,
      row.cached,
      row.pending,
      row.notYetRead,
      row.readsThisCycle,
      row.readsLeftInWindow,
      row.nextCycleAtMs,
      row.failure?.code ?? null,
      row.failure?.message ?? null,
      JSON.stringify(row.tracks),
      row.actor,
    );
    return cycle;
  });
  return insert.immediate();
}

/** The season's latest recorded cycle, or null before the first. */
export function latestFollowCycle(db: Db, season: number): FollowCycleRow | null {
  const row = db.prepare('SELECT * FROM follow_cycles WHERE season = ? ORDER BY cycle DESC LIMIT 1').get(season) as
    CycleSqlRow | undefined;
  return row ? fromSql(row) : null;
}

/** The season's cycles, oldest first. */
export function followCycles(db: Db, season: number): FollowCycleRow[] {
  return (db.prepare('SELECT * FROM follow_cycles WHERE season = ? ORDER BY cycle').all(season) as CycleSqlRow[]).map(
    fromSql,
  );
}

/** The citations (by digest) the early warnings already looked at, among these. */
export function assessedCitations(db: Db, season: number): Set<string> {
  return new Set(
    db.prepare('SELECT citation_sha256 FROM follow_assessed WHERE season = ?').pluck().all(season) as string[],
  );
}

/** Marks citations looked at; one already marked (by another process) is left as it is. */
export function markCitationsAssessed(db: Db, season: number, digests: readonly string[], atMs: number): void {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO follow_assessed (season, citation_sha256, assessed_at_ms) VALUES (?, ?, ?)',
  );
  db.transaction(() => {
    for (const digest of digests) insert.run(season, digest, atMs);
  })();
}

/** Reads whose reservation falls in [fromMs, toMs), per clock hour (UTC): for the live chart against the limit. */
export function readsPerHour(db: Db, fromMs: number, toMs: number): Map<number, number> {
  const rows = db
    .prepare(
      `SELECT (at_ms / 3600000) * 3600000 AS hour, count(*) AS reads FROM trust_layer_reads
       WHERE at_ms >= ? AND at_ms < ? AND endpoint = 'POST /v1/proofs' GROUP BY hour`,
    )
    .all(fromMs, toMs) as { hour: number; reads: number }[];
  return new Map(rows.map((r) => [r.hour, r.reads]));
}
