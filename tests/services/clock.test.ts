import { describe, expect, it } from 'vitest';
import { offsetClock, systemClock } from '../../main/services/clock.ts';

describe('the system clock', () => {
  it('sleep waits at least the time asked', async () => {
    const start = systemClock.now();
    await systemClock.sleep(30);
    expect(systemClock.now() - start).toBeGreaterThanOrEqual(29);
  });

  it('an abort ends a long sleep early, without an error, so a stopped fetch returns at once', async () => {
    const controller = new AbortController();
    const start = systemClock.now();
    setTimeout(() => controller.abort(), 20);
    await systemClock.sleep(60_000, controller.signal);
    expect(systemClock.now() - start).toBeLessThan(5_000);
    await systemClock.sleep(60_000, controller.signal);
  });
});

describe('the clock a worker thread keeps (offsetClock)', () => {
  it('moved by 0 it is the system clock itself', () => {
    expect(offsetClock(0)).toBe(systemClock);
  });

  it("moved by an offset it reads the system's time plus that offset, and runs on with it", async () => {
    const day = 86_400_000;
    const clock = offsetClock(day);
    const before = Date.now();
    const first = clock.now();
    const after = Date.now();
    expect(first).toBeGreaterThanOrEqual(before + day);
    expect(first).toBeLessThanOrEqual(after + day);
    await clock.sleep(30);
    expect(clock.now() - first).toBeGreaterThanOrEqual(29);
    const behind = offsetClock(-day).now();
    expect(behind).toBeLessThanOrEqual(Date.now() - day);
  });
});
