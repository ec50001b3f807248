import { describe, expect, it } from 'vitest';
import { systemClock } from '../../main/services/clock.ts';

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
