import { describe, expect, it } from 'vitest';
import { checkRevealRequest } from '../../../main/core/freeze/reveal-policy.ts';

describe('reveal policy (spec §8.3: key and salt at close)', () => {
  it('one millisecond before the close is refused with FREEZE_NOT_CLOSED', () => {
    const early = checkRevealRequest('2026-11-01T08:00:00.000Z', '2026-11-01T07:59:59.999Z');
    expect(early.ok ? 'OK' : early.error.code).toBe('FREEZE_NOT_CLOSED');
  });

  it('at the close and after it the reveal is allowed', () => {
    expect(checkRevealRequest('2026-11-01T08:00:00.000Z', '2026-11-01T08:00:00.000Z').ok).toBe(true);
    expect(checkRevealRequest('2026-11-01T08:00:00.000Z', '2027-01-01T00:00:00.000Z').ok).toBe(true);
  });
});
