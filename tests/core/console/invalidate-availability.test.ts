import { describe, expect, it } from 'vitest';
import {
  invalidateAvailability,
  revealAvailability,
  type InvalidateActFacts,
} from '../../../main/core/console/act-availability.ts';

// Issue 38, point 2: "Invalidate the season" is offered only while main would accept it (checkInvalidationRequest),
// with its reason otherwise; the reveal is allowed at once once the season is invalidated.
const OPENS = '2026-10-01T08:00:00.000Z';
const CLOSES = '2026-10-29T08:00:00.000Z';
const open: InvalidateActFacts = { opensAt: OPENS, invalidatedAt: null, closed: false, trustLayer: true };
const during = Date.parse('2026-10-05T10:00:00Z');

describe('invalidating a season: when the act is offered', () => {
  it('an open track with the Trust Layer may be invalidated, and so may one past its window with no close yet', () => {
    expect(invalidateAvailability(open, during)).toEqual({ allowed: true });
    expect(invalidateAvailability(open, Date.parse(CLOSES) + 1)).toEqual({ allowed: true });
  });

  it('before the opening it is a replacement: SEASON_INVALIDATE_NOT_OPENED, lifted at the opening', () => {
    expect(invalidateAvailability(open, Date.parse(OPENS) - 1)).toEqual({
      allowed: false,
      code: 'SEASON_INVALIDATE_NOT_OPENED',
      from: OPENS,
    });
    expect(invalidateAvailability(open, Date.parse(OPENS))).toEqual({ allowed: true });
  });

  it('once only, never after a close, never without a freeze or the Trust Layer, each with its code', () => {
    const code = (f: Partial<InvalidateActFacts>) => {
      const a = invalidateAvailability({ ...open, ...f }, during);
      return a.allowed ? null : a.code;
    };
    expect(code({ invalidatedAt: '2026-10-04T00:00:00.000Z' })).toBe('SEASON_ALREADY_INVALIDATED');
    expect(code({ closed: true })).toBe('SEASON_INVALIDATE_CLOSED');
    expect(code({ opensAt: null })).toBe('FREEZE_NOT_FOUND');
    expect(code({ trustLayer: false })).toBe('CONSOLE_TRUST_LAYER_NOT_CONFIGURED');
    // Already invalidated says so before anything else (a closed, invalidated track cannot be: the close refuses it).
    expect(code({ invalidatedAt: '2026-10-04T00:00:00.000Z', trustLayer: false })).toBe('SEASON_ALREADY_INVALIDATED');
  });

  it('the reveal waits for closes_at, except once the season is invalidated: then at once', () => {
    expect(revealAvailability(CLOSES, during)).toMatchObject({ allowed: false, code: 'FREEZE_NOT_CLOSED' });
    expect(revealAvailability(CLOSES, during, '2026-10-05T09:00:00.000Z')).toEqual({ allowed: true });
    expect(revealAvailability(null, during, '2026-10-05T09:00:00.000Z')).toMatchObject({ code: 'FREEZE_NOT_FOUND' });
  });
});
