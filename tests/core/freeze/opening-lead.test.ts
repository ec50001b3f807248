import { describe, expect, it } from 'vitest';
import { checkOpeningLead, earliestOpeningMs, OPENING_LEAD_MS } from '../../../main/core/freeze/opening-lead.ts';
import { BATCH_MAX_AGE_MS } from '../../../main/core/proofs-plan/batch-age.ts';

const NOW = Date.parse('2026-09-20T12:00:07.250Z');
const at = (ms: number) => new Date(ms).toISOString();
const check = (opensAtMs: number, field = '--opens-at') =>
  checkOpeningLead({ opensAt: at(opensAtMs), nowMs: NOW, field });

describe('the opening lead of a freeze (spec §8, trust-layer-reference §4.5)', () => {
  it('the lead is the Trust Layer batch age (600 s) plus the 10-minute margin', () => {
    expect(BATCH_MAX_AGE_MS).toBe(600_000);
    expect(OPENING_LEAD_MS).toBe(20 * 60_000);
    expect(earliestOpeningMs(NOW)).toBe(NOW + 20 * 60_000);
  });

  it('an opening exactly the lead ahead is allowed, and one further ahead too', () => {
    expect(check(NOW + OPENING_LEAD_MS)).toEqual({ ok: true, value: null });
    expect(check(NOW + 11 * 24 * 3_600_000)).toEqual({ ok: true, value: null });
  });

  it('an opening one millisecond short of the lead is refused with FREEZE_OPENING_TOO_SOON', () => {
    const refused = check(NOW + OPENING_LEAD_MS - 1);
    expect(refused.ok ? 'OK' : refused.error.code).toBe('FREEZE_OPENING_TOO_SOON');
  });

  it('an opening 2 minutes ahead is refused, its message naming the opening asked and the earliest allowed', () => {
    const refused = check(NOW + 2 * 60_000);
    if (refused.ok) throw new Error('an opening 2 minutes ahead was allowed');
    expect(refused.error.message).toContain('the opening 2026-09-20T12:02:07.250Z is too soon');
    expect(refused.error.message).toContain('the earliest opening allowed now is 2026-09-20T12:20:07.250Z');
    // What to type: a whole minute at or after the earliest instant, in the form the command takes.
    expect(refused.error.message).toContain('set --opens-at 2026-09-20T12:21:00Z or later');
    expect(refused.error.details).toEqual({
      field: '--opens-at',
      opens_at: '2026-09-20T12:02:07.250Z',
      earliest_opens_at: '2026-09-20T12:20:07.250Z',
      now: '2026-09-20T12:00:07.250Z',
      lead_seconds: 1200,
    });
  });

  it('an opening already past is refused the same way (the caller refuses it first as FREEZE_SEASON_OPENED)', () => {
    const refused = check(NOW - 60_000);
    expect(refused.ok ? 'OK' : refused.error.code).toBe('FREEZE_OPENING_TOO_SOON');
  });

  it('the advice names the field as the caller names it (the console form: opens_at)', () => {
    const refused = check(NOW + 60_000, 'opens_at');
    expect(refused.ok ? '' : refused.error.message).toContain('set opens_at 2026-09-20T12:21:00Z or later');
  });

  it('a suggested opening on a whole minute is the earliest itself, never later than needed', () => {
    const onMinute = Date.parse('2026-09-20T12:00:00.000Z');
    const refused = checkOpeningLead({ opensAt: at(onMinute + 60_000), nowMs: onMinute, field: '--opens-at' });
    expect(refused.ok ? '' : refused.error.message).toContain('set --opens-at 2026-09-20T12:20:00Z or later');
  });
});
