import type { ReadLimit } from '../../core/proofs-plan/read-window.ts';
import { MAX_IDS_PER_READ } from '../../core/proofs-plan/proof-id.ts';
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../http/backoff.ts';

/** How proof views are read. Every field has a production default; tests shrink the window. */
export interface ReadSettings {
  /** Reads allowed in any sliding window: 100 per 3600 s on the Trust Layer (spec §10, reference §9.16). */
  limit: number;
  windowMs: number;
  /**
   * Added to the window when counting. The ledger stamps a read when it is reserved, the server when it arrives; if
   * an early read travelled slower than a later one, the server could see both inside one window. The margin covers
   * that difference.
   */
  safetyMarginMs: number;
  /** Connect, headers and body timeouts of each request; a read may reach the server up to two of them late. */
  requestTimeoutMs: number;
  /** A pending or refused view is read again no sooner than this after its last read (batches close within ~10 min). */
  pendingRecheckMs: number;
  /** Ids per POST /v1/proofs call (the Trust Layer takes 1 to 50). */
  batchSize: number;
  /** Retries after a network error, a 5xx or an unreadable answer; each retry is a new read, counted. */
  backoff: BackoffPolicy;
  /** A `null` answer read before this time (ms) is read again like a pending view (the close sets it); null: never. */
  absentRecheckUntilMs: number | null;
}

export const DEFAULT_READ_SETTINGS: ReadSettings = {
  limit: 100,
  windowMs: 3_600_000,
  safetyMarginMs: 2_000,
  requestTimeoutMs: 30_000,
  pendingRecheckMs: 600_000,
  batchSize: MAX_IDS_PER_READ,
  backoff: DEFAULT_BACKOFF,
  absentRecheckUntilMs: null,
};

/** The rule the ledger enforces: the configured window widened by the safety margin; reads in flight counted. */
export function effectiveRule(settings: ReadSettings): ReadLimit {
  return {
    limit: settings.limit,
    windowMs: settings.windowMs + settings.safetyMarginMs,
    inFlightMs: 2 * settings.requestTimeoutMs,
  };
}
