import { describe, expect, it } from 'vitest';
import { anchorDeadlineOf } from '../../../main/core/freeze/anchor-deadline.ts';

const OPENS_AT = '2026-10-01T08:00:00.000Z';
const opens = Date.parse(OPENS_AT);
const MINUTE = 60_000;
const pending = (checkedAtMs: number) => ({ state: 'pending' as const, anchorTime: null, checkedAtMs });
const anchored = (anchorTime: string) => ({ state: 'anchored' as const, anchorTime, checkedAtMs: opens - MINUTE });

describe('the freeze against its anchor deadline, the opening (spec §8)', () => {
  it('anchored one millisecond before the opening is in time; at the opening it cannot score', () => {
    expect(anchorDeadlineOf(OPENS_AT, anchored('2026-10-01T07:59:59.999Z'), opens + MINUTE).state).toBe(
      'anchored_in_time',
    );
    expect(anchorDeadlineOf(OPENS_AT, anchored(OPENS_AT), opens + MINUTE).state).toBe('anchored_after_opening');
  });

  it('pending or never checked before the opening awaits its anchor; after it, only a check now tells', () => {
    expect(anchorDeadlineOf(OPENS_AT, pending(opens - 30 * MINUTE), opens - 1).state).toBe('awaiting_anchor');
    expect(anchorDeadlineOf(OPENS_AT, null, opens - 1).state).toBe('awaiting_anchor');
    expect(anchorDeadlineOf(OPENS_AT, pending(opens - 30 * MINUTE), opens).state).toBe('recheck_after_opening');
    expect(anchorDeadlineOf(OPENS_AT, null, opens + MINUTE).state).toBe('recheck_after_opening');
  });

  it('seen pending at the opening is anchored after it (the moment it is so), whatever the clock says next', () => {
    expect(anchorDeadlineOf(OPENS_AT, pending(opens), opens).state).toBe('anchored_after_opening');
  });

  it('a replacement is allowed until 20 minutes before the opening, not one millisecond later', () => {
    const until = opens - 20 * MINUTE;
    expect(anchorDeadlineOf(OPENS_AT, null, until)).toMatchObject({ replaceUntilMs: until, replacementAllowed: true });
    expect(anchorDeadlineOf(OPENS_AT, null, until + 1).replacementAllowed).toBe(false);
  });
});
