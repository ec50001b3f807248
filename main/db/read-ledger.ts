import { countedAt, nextReadTime, type LedgerState, type ReadLimit } from '../core/proofs-plan/read-window.ts';
import type { Db } from './open-database.ts';

export interface ReadRequest {
  endpoint: string;
  baseUrl: string;
  proofIds: readonly string[];
}

export type Reservation = { granted: true; readId: number; at: number } | { granted: false; notBefore: number };

const INSERT_READ = `INSERT INTO trust_layer_reads (at_ms, endpoint, base_url, ids_count, proof_ids, claimed_until_ms)
  VALUES (?, ?, ?, ?, ?, ?)`;

function insertRead(db: Db, request: ReadRequest, at: number, claimedUntil: number | null): number {
  const info = db
    .prepare(INSERT_READ)
    .run(
      at,
      request.endpoint,
      request.baseUrl,
      request.proofIds.length,
      JSON.stringify(request.proofIds),
      claimedUntil,
    );
  return Number(info.lastInsertRowid);
}

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
 * Records a read BEFORE it is sent, if the window rule and any 429 embargo allow one now (docs/operator-database.md
 * "The read quota"). `BEGIN IMMEDIATE` takes SQLite's write lock before counting, so two processes sharing the file
 * (the app and the CLI) count each other's reservations and can never exceed the limit together. `clock` gives the time
 * in ms.
 */
export function reserveRead(db: Db, request: ReadRequest, rule: ReadLimit, clock: () => number): Reservation {
  const reserve = db.transaction((): Reservation => {
    // Read the clock once the write lock is held: a wait for another process's transaction must not backdate the row.
    const now = clock();
    const earliest = nextReadTime(ledgerState(db, now, rule), rule, now);
    if (earliest > now) return { granted: false, notBefore: earliest };
    return { granted: true, readId: insertRead(db, request, now, null), at: now };
  });
  return reserve.immediate();
}

/** A live claim on a proof id: the read holding it and when the claim ends at the latest. */
export interface Claim {
  readId: number;
  until: number;
}

/**
 * The proof ids claimed at `now` by reads in flight (docs/operator-database.md "Read claims"): a read that claimed its
 * ids at its reservation holds them until its result is recorded, or until its claim expires (its process died, or its
 * answer can no longer come). An id in two live claims (never the case through claimNextRead) keeps the later end.
 */
export function liveClaims(db: Db, now: number): Map<string, Claim> {
  const rows = db
    .prepare(
      `SELECT j.value AS id, r.id AS readId, r.claimed_until_ms AS until
       FROM trust_layer_reads r, json_each(r.proof_ids) j
       WHERE r.claimed_until_ms > ?
         AND NOT EXISTS (SELECT 1 FROM trust_layer_read_results o WHERE o.read_id = r.id)
       ORDER BY r.claimed_until_ms`,
    )
    .all(now) as { id: string; readId: number; until: number }[];
  return new Map(rows.map((r) => [r.id, { readId: r.readId, until: r.until }]));
}

export interface ClaimRequest {
  endpoint: string;
  baseUrl: string;
  /** How long the read holds its ids at most (ms from the reservation): no longer than its answer could come. */
  claimMs: number;
}

/** The read `pick` chose: its ids (none of them claimed) and the earliest time the window allows it. */
export interface PickedRead {
  ids: readonly string[];
  notBefore: number;
}

export type ClaimedReservation =
  | { granted: true; readId: number; at: number; proofIds: string[]; claimedUntil: number }
  /** notBefore: when the window allows the picked read; null when there is nothing to read now (see liveClaims). */
  | { granted: false; notBefore: number | null };

/**
 * Chooses, claims and reserves the next read in ONE `BEGIN IMMEDIATE` transaction (docs/operator-database.md "Read
 * claims"): `pick(now, claims)` runs with the write lock held, sees every other process's claims and stored answers as
 * they are, and returns the ids to read (or null); they are recorded as this read's claim together with the ledger row.
 * Two processes given the same ids therefore never both read one: the second sees the first's claim, then its answer.
 * The window rule and the 429 embargo are checked as in reserveRead. Ids `pick` returns that another read claims are
 * left out all the same.
 */
export function claimNextRead(
  db: Db,
  request: ClaimRequest,
  rule: ReadLimit,
  clock: () => number,
  pick: (now: number, claims: ReadonlyMap<string, Claim>) => PickedRead | null,
): ClaimedReservation {
  const reserve = db.transaction((): ClaimedReservation => {
    const now = clock();
    const claims = liveClaims(db, now);
    const picked = pick(now, claims);
    const ids = picked ? [...new Set(picked.ids)].filter((id) => !claims.has(id)) : [];
    if (!picked || ids.length === 0) return { granted: false, notBefore: null };
    const earliest = Math.max(picked.notBefore, nextReadTime(ledgerState(db, now, rule), rule, now));
    if (earliest > now) return { granted: false, notBefore: earliest };
    const claimedUntil = now + request.claimMs;
    const readId = insertRead(db, { ...request, proofIds: ids }, now, claimedUntil);
    return { granted: true, readId, at: now, proofIds: ids, claimedUntil };
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
  /** Until when the read claimed its ids (claimNextRead), or null. */
  claimedUntil: number | null;
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
  claimed_until_ms: number | null;
}

/** Every recorded read with its outcome (null fields: no outcome recorded), oldest first. */
export function ledgerRows(db: Db): LedgerRow[] {
  const rows = db
    .prepare(
      `SELECT r.id, r.at_ms, r.endpoint, r.base_url, r.ids_count, r.proof_ids, r.claimed_until_ms,
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
    claimedUntil: r.claimed_until_ms,
  }));
}
