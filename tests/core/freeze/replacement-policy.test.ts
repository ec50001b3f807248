import { describe, expect, it } from 'vitest';
import { checkFreezeRequest, type FreezeRequest } from '../../../main/core/freeze/replacement-policy.ts';

const before: FreezeRequest = {
  opensAt: '2026-10-01T00:00:00Z',
  now: '2026-09-20T12:00:00Z',
  current: null,
  replace: false,
  reason: null,
};
const code = (request: FreezeRequest) => {
  const result = checkFreezeRequest(request);
  return result.ok ? 'OK' : result.error.code;
};

describe('freeze replacement policy (spec §8)', () => {
  it('a first freeze before opening is accepted', () => {
    expect(checkFreezeRequest(before)).toEqual({ ok: true, value: null });
  });

  it('a second freeze without --replace is refused with FREEZE_ALREADY_EXISTS', () => {
    expect(code({ ...before, current: 'prf_20260914_181440_541795' })).toBe('FREEZE_ALREADY_EXISTS');
  });

  it('a replacement before opening needs a reason and names the freeze it replaces', () => {
    const request = { ...before, current: 'prf_20260914_181440_541795', replace: true };
    expect(code(request)).toBe('FREEZE_REASON_REQUIRED');
    expect(checkFreezeRequest({ ...request, reason: 'apply the grounded-verdict rule' })).toEqual({
      ok: true,
      value: 'prf_20260914_181440_541795',
    });
  });

  it('any change at or after opening is refused with FREEZE_SEASON_OPENED', () => {
    expect(code({ ...before, now: '2026-10-01T00:00:00Z' })).toBe('FREEZE_SEASON_OPENED');
    expect(code({ ...before, now: '2026-10-05T00:00:00Z', current: 'prf_x', replace: true, reason: 'r' })).toBe(
      'FREEZE_SEASON_OPENED',
    );
  });

  it('--replace with nothing frozen is refused with FREEZE_NOTHING_TO_REPLACE', () => {
    expect(code({ ...before, replace: true, reason: 'r' })).toBe('FREEZE_NOTHING_TO_REPLACE');
  });
});
