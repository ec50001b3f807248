import type { ViewStatus } from './classify-view.ts';
import { MAX_IDS_PER_READ } from './proof-id.ts';
import { readSchedule, windowUse, type LedgerState, type ReadLimit, type WindowUse } from './read-window.ts';

/** What the store already holds for a proof. */
export interface CachedView {
  status: ViewStatus;
  lastReadAt: number;
}

export interface PlanInput {
  /** The proofs a season needs, across participants, already validated; repeats are read once. */
  needed: readonly string[];
  cached: ReadonlyMap<string, CachedView>;
  ledger: LedgerState;
  rule: ReadLimit;
  /** A pending (or refused) view is read again no sooner than this long after its last read. */
  pendingRecheckMs: number;
  now: number;
  /** Ids per POST /v1/proofs call; 50, the Trust Layer's maximum, unless a test says otherwise. */
  batchSize?: number;
  /**
   * A `null` answer read before this time (ms) is read again on the pending schedule: the close waits that long
   * after `closes_at` before a null answer is final (docs/scoring.md "Witness limits"). Absent: never read again.
   */
  absentRecheckUntil?: number;
}

export interface PlannedRead {
  ids: string[];
  /** The earliest time this call may be sent without exceeding the limit in any window. */
  notBefore: number;
}

export interface WaitingView {
  id: string;
  status: ViewStatus;
  /** When it becomes due for another read. */
  dueAt: number;
}

export interface ReadPlan {
  total: number;
  /** Cached and final: never read again. */
  anchored: number;
  /** The Trust Layer answered `null`: recorded; read again only before `absentRecheckUntil`. */
  absent: number;
  /** Pending or refused (or a `null` answer still rechecked), read recently: due again later. */
  waiting: WaitingView[];
  reads: PlannedRead[];
  window: WindowUse;
  earliestStart: number | null;
  /** When the last planned call may be sent. */
  eta: number | null;
  nextRecheckAt: number | null;
}

/**
 * Plans the reads for a set of proofs (docs/operator-database.md "The read quota"): drop repeats and the views already
 * final in the store, keep pending ones on their recheck schedule (never a tight loop), pack what remains `batchSize`
 * to a call across participants, and give each call the earliest time the sliding-window limit allows. Reads nothing
 * and changes nothing.
 */
export function planReads(input: PlanInput): ReadPlan {
  const batchSize = input.batchSize ?? MAX_IDS_PER_READ;
  if (!(batchSize >= 1 && batchSize <= MAX_IDS_PER_READ)) {
    throw new RangeError(`batch size must be 1..${MAX_IDS_PER_READ}`);
  }
  const unique = [...new Set(input.needed)];
  let anchored = 0;
  let absent = 0;
  const waiting: WaitingView[] = [];
  const due: string[] = [];
  const nullStillRechecked = (c: CachedView) => c.lastReadAt < (input.absentRecheckUntil ?? -Infinity);
  for (const id of unique) {
    const cached = input.cached.get(id);
    if (!cached) due.push(id);
    else if (cached.status === 'anchored') anchored++;
    else {
      if (cached.status === 'absent') {
        absent++;
        if (!nullStillRechecked(cached)) continue;
      }
      const dueAt = cached.lastReadAt + input.pendingRecheckMs;
      if (dueAt <= input.now) due.push(id);
      else waiting.push({ id, status: cached.status, dueAt });
    }
  }
  const batches: string[][] = [];
  for (let i = 0; i < due.length; i += batchSize) batches.push(due.slice(i, i + batchSize));
  const times = readSchedule(input.ledger, input.rule, input.now, batches.length);
  const reads = batches.map((ids, i) => ({ ids, notBefore: times[i]! }));
  return {
    total: unique.length,
    anchored,
    absent,
    waiting,
    reads,
    window: windowUse(input.ledger, input.rule, input.now),
    earliestStart: reads[0]?.notBefore ?? null,
    eta: reads.at(-1)?.notBefore ?? null,
    nextRecheckAt: waiting.reduce<number | null>((min, w) => (min === null || w.dueAt < min ? w.dueAt : min), null),
  };
}
