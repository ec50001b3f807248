import { describe, expect, it } from 'vitest';
import {
  checkDisputeWindow,
  DAY_MS,
  decisionDue,
  deadlineStatus,
  disputeWindowEnd,
  parseZonedInstant,
} from '../../../main/core/disputes/calendar.ts';

const PUBLISHED = Date.parse('2026-11-02T10:00:00.000Z');

describe('the dispute window: publication + 14 × 86,400 s of UTC, bounds included', () => {
  it('ends exactly 14 days after the publication, to the millisecond', () => {
    expect(new Date(disputeWindowEnd(PUBLISHED)).toISOString()).toBe('2026-11-16T10:00:00.000Z');
  });

  it('a dispute received exactly 14 days after publication is accepted', () => {
    expect(checkDisputeWindow(PUBLISHED, PUBLISHED + 14 * DAY_MS).ok).toBe(true);
  });

  it('a dispute received 14 days minus one second after publication is accepted', () => {
    expect(checkDisputeWindow(PUBLISHED, PUBLISHED + 14 * DAY_MS - 1000).ok).toBe(true);
  });

  it('a dispute received 14 days and 1 ms after publication fails with DISPUTE_WINDOW_CLOSED', () => {
    const r = checkDisputeWindow(PUBLISHED, PUBLISHED + 14 * DAY_MS + 1);
    expect(r.ok ? null : r.error.code).toBe('DISPUTE_WINDOW_CLOSED');
    expect(r.ok ? null : r.error.details).toMatchObject({
      published_at: '2026-11-02T10:00:00.000Z',
      window_ends_at: '2026-11-16T10:00:00.000Z',
      received_at: '2026-11-16T10:00:00.001Z',
    });
  });

  it('a dispute received 14 days and 1 s after publication fails with DISPUTE_WINDOW_CLOSED', () => {
    const r = checkDisputeWindow(PUBLISHED, PUBLISHED + 14 * DAY_MS + 1000);
    expect(r.ok ? null : r.error.code).toBe('DISPUTE_WINDOW_CLOSED');
  });

  it('a dispute received at the publication instant is accepted; one millisecond before fails with DISPUTE_BEFORE_PUBLICATION', () => {
    expect(checkDisputeWindow(PUBLISHED, PUBLISHED).ok).toBe(true);
    const r = checkDisputeWindow(PUBLISHED, PUBLISHED - 1);
    expect(r.ok ? null : r.error.code).toBe('DISPUTE_BEFORE_PUBLICATION');
  });

  it('counts elapsed time, not calendar days: across the end of daylight saving in Europe (25 Oct) it is still 14 × 24 h', () => {
    const published = Date.parse('2026-10-20T10:00:00.000Z');
    expect(new Date(disputeWindowEnd(published)).toISOString()).toBe('2026-11-03T10:00:00.000Z');
  });
});

describe('the decision is due 30 days after receipt', () => {
  const received = Date.parse('2026-11-10T09:30:00.000Z');

  it('is due at receipt + 30 × 86,400,000 ms', () => {
    expect(new Date(decisionDue(received)).toISOString()).toBe('2026-12-10T09:30:00.000Z');
  });

  it('is on time with more than 5 days left, at risk with 5 days or less, overdue 1 ms after the due instant', () => {
    const due = decisionDue(received);
    expect(deadlineStatus(due, received, false)).toBe('on_time');
    expect(deadlineStatus(due, due - 5 * DAY_MS - 1, false)).toBe('on_time');
    expect(deadlineStatus(due, due - 5 * DAY_MS, false)).toBe('at_risk');
    expect(deadlineStatus(due, due, false)).toBe('at_risk');
    expect(deadlineStatus(due, due + 1, false)).toBe('overdue');
  });

  it('a decided dispute is decided whatever the date', () => {
    expect(deadlineStatus(decisionDue(received), decisionDue(received) + DAY_MS, true)).toBe('decided');
  });
});

describe('an instant typed by hand carries its time zone', () => {
  it('an input at +02:00 is converted to UTC', () => {
    const r = parseZonedInstant('--received-at', '2026-11-16T12:00:00+02:00');
    expect(r.ok && new Date(r.value).toISOString()).toBe('2026-11-16T10:00:00.000Z');
  });

  it('an input at -05:00 is converted to UTC, crossing midnight', () => {
    const r = parseZonedInstant('--received-at', '2026-11-15T22:30:00.250-05:00');
    expect(r.ok && new Date(r.value).toISOString()).toBe('2026-11-16T03:30:00.250Z');
  });

  it('the window is decided on the UTC instant: 12:00:01+02:00 on day 14 is one second too late', () => {
    const late = parseZonedInstant('--received-at', '2026-11-16T12:00:01+02:00');
    const onTime = parseZonedInstant('--received-at', '2026-11-16T12:00:00+02:00');
    expect(late.ok && checkDisputeWindow(PUBLISHED, late.value).ok).toBe(false);
    expect(onTime.ok && checkDisputeWindow(PUBLISHED, onTime.value).ok).toBe(true);
  });

  it.each(['2026-11-16T12:00:00', '2026-11-16', '2026-02-30T10:00:00Z', '2026-11-16T24:00:00Z', 'yesterday'])(
    '%s fails with DISPUTE_TIME_FORMAT',
    (text) => {
      const r = parseZonedInstant('--received-at', text);
      expect(r.ok ? null : r.error.code).toBe('DISPUTE_TIME_FORMAT');
    },
  );
});
