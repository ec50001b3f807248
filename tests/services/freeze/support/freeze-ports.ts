import { randomBytes } from 'node:crypto';
import type { Db } from '../../../../main/db/open-database.ts';
import { systemClock, type Clock } from '../../../../main/services/clock.ts';
import type { CreateFreezePorts } from '../../../../main/services/freeze/create-freeze.ts';
import { createHttpClient } from '../../../../main/services/http/http-client.ts';

/** Before the demo window below: the operator freezes on 20 September. */
export const BEFORE_OPENING = Date.parse('2026-09-20T12:00:00Z');
export const OPENS_AT = '2026-10-01T08:00:00.000Z';
export const CLOSES_AT = '2026-11-01T08:00:00.000Z';

/**
 * A clock the test sets: the policy reads it, the devnet keeps its own real clock. Its waits are real ones: a read's
 * claim deadline (send-read.ts) is a timer the read races, not an instant the test moves.
 */
export function settableClock(at: number): Clock & { set(ms: number): void } {
  let now = at;
  return { now: () => now, sleep: systemClock.sleep, set: (ms) => (now = ms) };
}

/** Real HTTP and real randomness; the clock is the test's. */
export function freezePorts(db: Db, clock: Clock): CreateFreezePorts & { close(): Promise<void> } {
  const http = createHttpClient({ timeoutMs: 10_000 });
  return {
    db,
    http,
    clock,
    randomBytes: (n) => new Uint8Array(randomBytes(n)),
    close: () => http.close(),
  };
}
