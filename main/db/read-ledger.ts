import { countedAt, nextReadTime, type LedgerState, type ReadLimit } from '../core/proofs-plan/read-window.ts';
import type { Db } from './open-database.ts';

export interface ReadRequest {
  endpoint: string;
  baseUrl: string;
  proofIds: readonly string[];
}

export type Reservation = { granted: true; readId: number; at: number } | { granted: false; notBefore: number };

/**
 * The ledger as the window rule needs it: the time each read that may still count is counted at (countedAt), and
 * the latest 429 embargo.
 */
export function ledgerState(db: Db, now: number, rule: ReadLimit): LedgerState {
  const inFlightMs = rule.inFlightMs ?? 0;
  const rows = db
    .prepare(
      `SELECT r.at_ms AS at, o.finished_at_ms AS finishedAt
       FROM trust_layer_reads r LEFT JOIN trust_layer_read_results o ON o.read_id = r.id
       WHERE r.at_ms > ?`,
    )
    .all(now - rule.windowMs - inFlightMs) as { at: number; finishedAt: number | null }[];
  const embargo = db
    .prepare('SELECT max(embargo_until_ms) FROM trust_layer_read_results WHERE embargo_until_ms IS NOT NULL')
    .pluck()
    .get() as number | null;
  return { readTimes: rows.map((row) => countedAt(row, now, inFlightMs)), embargoUntil: embargo };
}

/**
 * Records a read BEFORE it is sent, if the window rule and any 429 embargo allow one now (issue 6, Quota).
 * `BEGIN IMMEDIATE` takes SQLite's write lock before counting, so two processes sharing the file (the app and the
 * CLI) count each other's reservations and can never exceed the limit together. `clock` gives the time in ms.
 */
export function reserveRead(db: Db, request: ReadRequest, rule: ReadLimit, clock: () => number): Reservation {
  const reserve = db.transaction((): Reservation => {
    // Read the clock once the write lock is held: a wait for another process's transaction must not backdate the row.
    const now = clock();
    const earliest = nextReadTime(ledgerState(db, now, rule), rule, now);
    if (earliest > now) return { granted: false, notBefore: earliest };
    const info = db
      .prepare('INSERT INTO trust_layer_reads (at_ms, endpoint, base_url, ids_count, proof_ids) VALUES (?, ?, ?, ?, ?)')
      .run(now, request.endpoint, request.baseUrl, request.proofIds.length, JSON.stringify(request.proofIds));
    return { granted: true, readId: Number(info.lastInsertRowid), at: now };
  });
  return reserve.immediate();
}

export interface ReadResult {
  readId: number;
  finishedAt: number;
  /** null when no HTTP answer came (network error, timeout). */
  statusCode: number | null;
  errorCode: string | null;
  /** A 429's Retry-After, in ms; reads stop until finishedAt + retryAfterMs. */
  retryAfterMs: number | null;
  /** Kept for anything but a 200 (whose views are stored one by one). */
  body: Uint8Array | null;
}

/** Inserts a read's outcome; call inside the transaction that stores its views, if any. */
export function insertReadResult(db: Db, result: ReadResult): void {
  db.prepare(
    `INSERT INTO trust_layer_read_results
       (read_id, finished_at_ms, status_code, error_code, retry_after_ms, embargo_until_ms, body)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    result.readId,
    result.finishedAt,
    result.statusCode,
    result.errorCode,
    result.retryAfterMs,
    result.retryAfterMs === null ? null : result.finishedAt + result.retryAfterMs,
    result.body,
  );
}

export interface LedgerRow {
  id: number;
  at: number;
  endpoint: string;
  baseUrl: string;
  idsCount: number;
  proofIds: string[];
  statusCode: number | null;
  errorCode: string | null;
  retryAfterMs: number | null;
  finishedAt: number | null;
}

interface LedgerSqlRow {
  id: number;
  at_ms: number;
  endpoint: string;
  base_url: string;
  ids_count: number;
  proof_ids: string;
  status_code: number | null;
  error_code: string | null;
  retry_after_ms: number | null;
  finished_at_ms: number | null;
}

/** Every recorded read with its outcome (null fields: no outcome recorded), oldest first. */
export function ledgerRows(db: Db): LedgerRow[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.at_ms, r.endpoint, r.base_url, r.ids_count, r.proof_ids,
              o.status_code, o.error_code, o.retry_after_ms, o.finished_at_ms
       FROM trust_layer_reads r LEFT JOIN trust_layer_read_results o ON o.read_id = r.id
       ORDER BY r.at_ms, r.id`,
    )
    .all() as LedgerSqlRow[];
  return rows.map((r) => ({
    id: r.id,
    at: r.at_ms,
    endpoint: r.endpoint,
    baseUrl: r.base_url,
    idsCount: r.ids_count,
    proofIds: JSON.parse(r.proof_ids) as string[],
    statusCode: r.status_code,
    errorCode: r.error_code,
    retryAfterMs: r.retry_after_ms,
    finishedAt: r.finished_at_ms,
  }));
}
