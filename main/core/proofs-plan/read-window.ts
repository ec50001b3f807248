/**
 * The Trust Layer blocks an IP beyond 100 proof reads an hour (spec §10; trust-layer-reference §7, §9.16). The client
 * keeps a stricter rule than any server-side counter: no more than `limit` reads in ANY window of `windowMs`. A read at
 * time t counts against every later time t' with t' - windowMs < t. Whatever the server's window alignment, it then
 * never sees more than `limit` reads in one of its windows.
 */
export interface ReadLimit {
  limit: number;
  windowMs: number;
  /** How long after its reservation a read may still reach the server (connect and send timeouts); 0 by default. */
  inFlightMs?: number;
}

/**
 * The time a read is counted at. The server counts a read when it arrives, somewhere between its reservation and its
 * answer, so the ledger counts it at the latest of those: the answer's time once known; while no answer is recorded
 * (in flight, or its process died), the present, but no later than the reservation plus `inFlightMs`, by when a
 * request has either reached the server or failed.
 */
export function countedAt(read: { at: number; finishedAt: number | null }, now: number, inFlightMs: number): number {
  if (read.finishedAt !== null) return Math.max(read.at, read.finishedAt);
  return Math.max(read.at, Math.min(now, read.at + inFlightMs));
}

export interface LedgerState {
  /** The times reads are counted at (see countedAt), in any order; those older than the window are ignored. */
  readTimes: readonly number[];
  /** No read before this time (a 429's Retry-After), or null. */
  embargoUntil: number | null;
}

export interface WindowUse {
  used: number;
  left: number;
}

/** Reads counted against the window that ends at `now`. */
export function windowUse(state: LedgerState, rule: ReadLimit, now: number): WindowUse {
  const used = state.readTimes.filter((t) => t > now - rule.windowMs).length;
  return { used, left: Math.max(0, rule.limit - used) };
}

/**
 * The times at which `count` more reads may be sent, one after another, earliest first: each is the first moment
 * at or after `now` (and the embargo) when one more read keeps every window within the limit, counting the reads
 * scheduled before it.
 */
export function readSchedule(state: LedgerState, rule: ReadLimit, now: number, count: number): number[] {
  if (rule.limit < 1) throw new RangeError('the read limit must be at least 1');
  const times = state.readTimes.filter((t) => t > now - rule.windowMs).sort((a, b) => a - b);
  const start = Math.max(now, state.embargoUntil ?? now);
  const out: number[] = [];
  let earliest = start;
  for (let k = 0; k < count; k++) {
    // With n reads at or before t, the (n - limit)-th most recent must have left the window: t >= it + windowMs.
    const n = times.length;
    const t = n >= rule.limit ? Math.max(earliest, times[n - rule.limit]! + rule.windowMs) : earliest;
    // Kept sorted even when another process's clock recorded a read slightly ahead of ours.
    const at = times.findIndex((x) => x > t);
    times.splice(at === -1 ? n : at, 0, t);
    out.push(t);
    earliest = t;
  }
  return out;
}

/** The earliest time at or after `now` when one more read may be sent. */
export function nextReadTime(state: LedgerState, rule: ReadLimit, now: number): number {
  return readSchedule(state, rule, now, 1)[0]!;
}
