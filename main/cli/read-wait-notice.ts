import type { FetchProgress } from '../core/proofs-plan/progress.ts';
import { humanDuration } from './proofs-progress.ts';

/** A wait for the read limit's window: every read of the window used, the next one allowed at `nextReadAt`. */
export interface ReadWait {
  /** When the wait began (the clock's time, ms). */
  at: number;
  readsUsed: number;
  limit: number;
  windowMs: number;
  nextReadAt: number;
}

/** "this hour" for the Trust Layer's 3600 s window, else "in the 10m 00s window". */
const windowWords = (windowMs: number) =>
  windowMs === 3_600_000 ? 'this hour' : `in the ${humanDuration(windowMs)} window`;

/** "100 reads used this hour; next read at 2026-12-05T03:14:00.000Z (in 12m 00s)" (docs/season-follow.md). */
export function readWaitText(w: ReadWait): string {
  return (
    `${w.readsUsed} read${w.readsUsed === 1 ? '' : 's'} used ${windowWords(w.windowMs)}; ` +
    `next read at ${new Date(w.nextReadAt).toISOString()} (in ${humanDuration(w.nextReadAt - w.at)})`
  );
}

/** The `--json` event of a wait: one object, told from a cycle line by its `event` key (docs/season-follow.md). */
export function readWaitJson(w: ReadWait, season: number) {
  return {
    event: 'read_wait',
    at: new Date(w.at).toISOString(),
    season,
    reads_used: w.readsUsed,
    read_limit: w.limit,
    window_seconds: w.windowMs / 1000,
    next_read_at: new Date(w.nextReadAt).toISOString(),
    wait_seconds: Math.ceil((w.nextReadAt - w.at) / 1000),
  };
}

/**
 * Watches a fetch's progress and calls `onWait` once when a wait for the read limit begins: the window's reads all
 * used and the next read later than now. A fetch reports such a wait every 30 s (its slices): the reports after the
 * first are the same wait, until a read goes out (or the fetch ends), which makes the next wait a new one.
 */
export function readWaitWatcher(
  rule: { limit: number; windowMs: number },
  onWait: (wait: ReadWait) => void,
): (progress: FetchProgress) => void {
  let waiting = false;
  return (p) => {
    const limited = p.phase === 'waiting' && p.readsLeftInWindow === 0 && p.nextReadAt !== null && p.nextReadAt > p.now;
    if (!limited) {
      if (p.phase !== 'waiting') waiting = false;
      return;
    }
    if (waiting) return;
    waiting = true;
    onWait({
      at: p.now,
      readsUsed: p.readsUsedInWindow,
      limit: rule.limit,
      windowMs: rule.windowMs,
      nextReadAt: p.nextReadAt!,
    });
  };
}
