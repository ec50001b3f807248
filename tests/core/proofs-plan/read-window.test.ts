import { describe, expect, it } from 'vitest';
import { countedAt, nextReadTime, readSchedule, windowUse } from '../../../main/core/proofs-plan/read-window.ts';

const rule = { limit: 4, windowMs: 2_000 };

/** The most reads found in any window of the rule's length, over a list of times. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0; i < sorted.length; i++) {
    const inside = sorted.filter((t) => t >= sorted[i]! && t < sorted[i]! + windowMs).length;
    most = Math.max(most, inside);
  }
  return most;
}

describe('the sliding read window', () => {
  it('an empty ledger allows `limit` reads at once, then the next one window after the first', () => {
    const times = readSchedule({ readTimes: [], embargoUntil: null }, rule, 10_000, 6);
    expect(times).toEqual([10_000, 10_000, 10_000, 10_000, 12_000, 12_000]);
  });

  it('a read exactly one window old no longer counts; one a millisecond younger does', () => {
    const state = { readTimes: [8_000, 8_001, 8_002, 8_003], embargoUntil: null };
    expect(windowUse(state, rule, 10_000)).toEqual({ used: 3, left: 1 });
    expect(nextReadTime(state, rule, 10_000)).toBe(10_000);
    expect(nextReadTime({ ...state, readTimes: [8_001, 8_002, 8_003, 8_004] }, rule, 10_000)).toBe(10_001);
  });

  it('a 429 embargo holds every read until it has passed, even with the window empty', () => {
    expect(nextReadTime({ readTimes: [], embargoUntil: 15_000 }, rule, 10_000)).toBe(15_000);
    expect(nextReadTime({ readTimes: [], embargoUntil: 5_000 }, rule, 10_000)).toBe(10_000);
  });

  it('reads older than the window are ignored whatever their number', () => {
    const old = Array.from({ length: 500 }, (_, i) => i);
    expect(windowUse({ readTimes: old, embargoUntil: null }, rule, 10_000)).toEqual({ used: 0, left: 4 });
  });

  it('no schedule ever puts more than `limit` reads in any window (random ledgers)', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 200; round++) {
      const limit = 1 + Math.floor(random() * 6);
      const windowMs = 100 + Math.floor(random() * 2_000);
      const now = 5_000;
      // A valid past: built by the same rule, from random arrival wishes.
      const past: number[] = [];
      for (let i = 0; i < Math.floor(random() * 12); i++) {
        const wish = now - windowMs * 2 + Math.floor(random() * windowMs * 2);
        const t = nextReadTime(
          { readTimes: past, embargoUntil: null },
          { limit, windowMs },
          Math.max(wish, past.at(-1) ?? 0),
        );
        if (t <= now) past.push(t);
      }
      const future = readSchedule({ readTimes: past, embargoUntil: null }, { limit, windowMs }, now, 25);
      expect(busiestWindow([...past, ...future], windowMs)).toBeLessThanOrEqual(limit);
      expect(future.every((t, i) => t >= now && (i === 0 || t >= future[i - 1]!))).toBe(true);
    }
  });

  it('a read is counted when its answer came, since the server counted it on arrival, somewhere before that', () => {
    expect(countedAt({ at: 1_000, finishedAt: 1_400 }, 5_000, 60_000)).toBe(1_400);
  });

  it('a read with no answer counts as happening now while it may still be in flight, then at its latest arrival', () => {
    expect(countedAt({ at: 1_000, finishedAt: null }, 5_000, 60_000)).toBe(5_000);
    expect(countedAt({ at: 1_000, finishedAt: null }, 90_000, 60_000)).toBe(61_000);
    expect(countedAt({ at: 1_000, finishedAt: null }, 90_000, 0)).toBe(1_000);
  });
});
