import { describe, expect, it } from 'vitest';
import { readWaitJson, readWaitText, readWaitWatcher, type ReadWait } from '../../main/cli/read-wait-notice.ts';
import type { FetchProgress } from '../../main/core/proofs-plan/progress.ts';

const T0 = Date.parse('2026-12-05T03:02:00.000Z');
const NEXT = Date.parse('2026-12-05T03:14:00.000Z');

function progress(phase: FetchProgress['phase'], now: number, left: number, nextReadAt: number | null): FetchProgress {
  return {
    phase,
    now,
    total: 300,
    done: 100,
    anchored: 100,
    absent: 0,
    unsettled: 0,
    readsThisRun: 100 - left,
    readsUsedInWindow: 100 - left,
    readsLeftInWindow: left,
    readsPlanned: 4,
    nextReadAt,
    eta: nextReadAt,
    nextRecheckAt: null,
    claimedElsewhere: 0,
  };
}

describe('a follower waiting for the read limit', () => {
  it('says once per wait, not per 30 s slice, when its next read is allowed; a read in between makes the next wait a new one', () => {
    const waits: ReadWait[] = [];
    const watch = readWaitWatcher({ limit: 100, windowMs: 3_600_000 }, (w) => waits.push(w));
    watch(progress('reading', T0 - 1000, 1, T0 - 1000));
    for (let slice = 0; slice < 24; slice++) watch(progress('waiting', T0 + slice * 30_000, 0, NEXT));
    expect(waits).toEqual([{ at: T0, readsUsed: 100, limit: 100, windowMs: 3_600_000, nextReadAt: NEXT }]);
    expect(readWaitText(waits[0]!)).toBe(
      '100 reads used this hour; next read at 2026-12-05T03:14:00.000Z (in 12m 00s)',
    );
    expect(readWaitJson(waits[0]!, 1)).toEqual({
      event: 'read_wait',
      at: '2026-12-05T03:02:00.000Z',
      season: 1,
      reads_used: 100,
      read_limit: 100,
      window_seconds: 3600,
      next_read_at: '2026-12-05T03:14:00.000Z',
      wait_seconds: 720,
    });

    watch(progress('reading', NEXT, 1, NEXT));
    watch(progress('waiting', NEXT + 1000, 0, NEXT + 60_000));
    expect(waits).toHaveLength(2);
  });

  it('a wait with reads left (another process holds the ids) is not a wait for the limit', () => {
    const waits: ReadWait[] = [];
    const watch = readWaitWatcher({ limit: 100, windowMs: 3_600_000 }, (w) => waits.push(w));
    watch({ ...progress('waiting', T0, 40, T0), claimedElsewhere: 3 });
    expect(waits).toEqual([]);
    expect(readWaitText({ at: T0, readsUsed: 1, limit: 1, windowMs: 600_000, nextReadAt: T0 + 45_000 })).toBe(
      '1 read used in the 10m 00s window; next read at 2026-12-05T03:02:45.000Z (in 45s)',
    );
  });
});
