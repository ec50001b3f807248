import type { HourlyReads } from '../../core/follow/model.ts';
import { readsPerHour } from '../../db/follow-cycles.ts';
import type { Db } from '../../db/open-database.ts';

const HOUR_MS = 3_600_000;
/** The charts show a day: the reads of the last 24 clock hours against the hourly limit (spec §10). */
const HOURS_SHOWN = 24;

/**
 * The proof reads of the last HOURS_SHOWN clock hours (UTC), oldest first, the current one included; an hour without
 * reads is 0. Counted from the read ledger, so the Season and Proofs screens draw the same bars.
 */
export function readsOfLastDay(db: Db, now: number): HourlyReads[] {
  const current = Math.floor(now / HOUR_MS) * HOUR_MS;
  const from = current - (HOURS_SHOWN - 1) * HOUR_MS;
  const counted = readsPerHour(db, from, current + HOUR_MS);
  return Array.from({ length: HOURS_SHOWN }, (_, k) => {
    const start = from + k * HOUR_MS;
    return { hour_start: new Date(start).toISOString(), reads: counted.get(start) ?? 0 };
  });
}
