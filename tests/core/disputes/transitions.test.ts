import { describe, expect, it } from 'vitest';
import { decideTransition, reviewTransition, stateAfter } from '../../../main/core/disputes/transitions.ts';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('dispute states: received → under review → upheld | rejected', () => {
  it('a dispute with no events is received; its state is the last event', () => {
    expect(stateAfter([])).toBe('received');
    expect(stateAfter([{ state: 'under_review' }, { state: 'rejected' }])).toBe('rejected');
  });

  it('review moves a received dispute under review, and needs a reviewer', () => {
    expect(reviewTransition('received', 'Ana')).toEqual({ ok: true, value: { to: 'under_review' } });
    expect(code(reviewTransition('received', ' '))).toBe('DISPUTE_REVIEWER_REQUIRED');
  });

  it('reviewing twice fails with DISPUTE_ALREADY_UNDER_REVIEW; reviewing a decided dispute with DISPUTE_ALREADY_DECIDED', () => {
    expect(code(reviewTransition('under_review', 'Ana'))).toBe('DISPUTE_ALREADY_UNDER_REVIEW');
    expect(code(reviewTransition('upheld', 'Ana'))).toBe('DISPUTE_ALREADY_DECIDED');
  });

  it('deciding a received dispute records the review step too', () => {
    const r = decideTransition(
      'received',
      'rejected',
      { reason: 'the frozen body does not carry it', reviewer: 'Ana', change: undefined },
      'unsupported',
    );
    expect(r).toEqual({ ok: true, value: { steps: ['under_review', 'rejected'] } });
  });

  it('a decided dispute cannot be decided again: DISPUTE_ALREADY_DECIDED', () => {
    for (const state of ['upheld', 'rejected'] as const) {
      const r = decideTransition(state, 'upheld', { reason: 'x', reviewer: 'Ana', change: 'supported' }, 'unsupported');
      expect(code(r)).toBe('DISPUTE_ALREADY_DECIDED');
    }
  });

  it('a decision without a written reason fails with DISPUTE_REASON_REQUIRED', () => {
    const r = decideTransition(
      'under_review',
      'rejected',
      { reason: '  ', reviewer: 'Ana', change: undefined },
      'unsupported',
    );
    expect(code(r)).toBe('DISPUTE_REASON_REQUIRED');
  });

  it('an upheld dispute must state what changes (DISPUTE_CHANGE_REQUIRED), and change the status (DISPUTE_CHANGE_NOT_ALLOWED)', () => {
    const base = { reason: 'r', reviewer: 'Ana' };
    expect(code(decideTransition('under_review', 'upheld', { ...base, change: undefined }, 'unsupported'))).toBe(
      'DISPUTE_CHANGE_REQUIRED',
    );
    expect(
      code(decideTransition('under_review', 'upheld', { ...base, change: 'instrument_fault' }, 'instrument_fault')),
    ).toBe('DISPUTE_CHANGE_NOT_ALLOWED');
    expect(code(decideTransition('under_review', 'rejected', { ...base, change: 'supported' }, 'unsupported'))).toBe(
      'DISPUTE_CHANGE_NOT_ALLOWED',
    );
  });
});
