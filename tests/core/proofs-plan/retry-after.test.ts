import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../../main/core/proofs-plan/retry-after.ts';

const NOW = Date.parse('2026-10-01T12:00:00Z');
const HOUR = 3_600_000;

describe('Retry-After of a 429 (RFC 9110 §10.2.3)', () => {
  it('delay-seconds are taken as seconds', () => {
    expect(retryAfterMs('120', NOW, HOUR)).toBe(120_000);
    expect(retryAfterMs(' 0 ', NOW, HOUR)).toBe(0);
  });

  it('an HTTP-date is the wait until that date, never negative', () => {
    expect(retryAfterMs('Thu, 01 Oct 2026 12:05:00 GMT', NOW, HOUR)).toBe(300_000);
    expect(retryAfterMs('Thu, 01 Oct 2026 11:00:00 GMT', NOW, HOUR)).toBe(0);
  });

  it('a missing or unreadable header assumes the whole window, the longest the limit can need', () => {
    expect(retryAfterMs(undefined, NOW, HOUR)).toBe(HOUR);
    expect(retryAfterMs('soon', NOW, HOUR)).toBe(HOUR);
    expect(retryAfterMs('-5', NOW, HOUR)).toBe(HOUR);
  });
});
