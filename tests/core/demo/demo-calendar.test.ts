import { describe, expect, it } from 'vitest';
import { demoCalendar } from '../../../main/core/demo/demo-calendar.ts';
import {
  DAY_MS,
  checkDisputeWindow,
  deadlineStatus,
  decisionDue,
  disputeWindowEnd,
} from '../../../main/core/disputes/calendar.ts';
import { isoUtc } from '../../../main/core/time/iso-utc.ts';

describe('the demo calendar, set back from the moment the demo is played', () => {
  it('played on 15 March 2027 at 14:30 UTC: frozen, opened, played, closed three days before, disputed the day before', () => {
    const c = demoCalendar(Date.parse('2027-03-15T14:30:00.000Z'));
    expect({
      ...c,
      frozenAt: isoUtc(c.frozenAt),
      playedAt: isoUtc(c.playedAt),
      closedAt: isoUtc(c.closedAt),
      disputedAt: isoUtc(c.disputedAt),
    }).toEqual({
      frozenAt: '2027-02-03T12:00:00.000Z',
      opensAt: '2027-02-13T08:00:00.000Z',
      playedAt: '2027-02-23T12:00:00.000Z',
      closesAt: '2027-03-12T08:00:00.000Z',
      closedAt: '2027-03-12T09:00:00.000Z',
      disputedAt: '2027-03-14T10:00:00.000Z',
    });
  });

  it('the same dates all day long: they are counted from the start of the UTC day', () => {
    expect(demoCalendar(Date.parse('2027-03-15T00:00:00.000Z'))).toEqual(
      demoCalendar(Date.parse('2027-03-15T23:59:59.999Z')),
    );
  });

  it.each(['2026-01-01T00:00:00.000Z', '2026-12-01T05:11:00.000Z', '2028-02-29T23:59:59.999Z'])(
    'played at %s: the spec order holds, everything is past, and the dispute is on time inside an open window',
    (when) => {
      const now = Date.parse(when);
      const c = demoCalendar(now);
      const opens = Date.parse(c.opensAt);
      const closes = Date.parse(c.closesAt);
      // Freeze anchored before the opening; proofs inside [opening, close] (spec §4.1 condition 1); close after it.
      expect(c.frozenAt).toBeLessThan(opens);
      expect(c.playedAt).toBeGreaterThan(opens);
      expect(c.playedAt).toBeLessThan(closes);
      expect(c.closedAt).toBeGreaterThan(closes);
      expect(c.disputedAt).toBeLessThan(now);
      // Published at the close; the dispute is received inside the 14-day window, which is still open now.
      expect(checkDisputeWindow(c.closedAt, c.disputedAt).ok).toBe(true);
      expect(disputeWindowEnd(c.closedAt)).toBeGreaterThan(now);
      // Closed recently: less than four days before the moment played.
      expect(now - c.closedAt).toBeLessThan(4 * DAY_MS);
      expect(deadlineStatus(decisionDue(c.disputedAt), now, false)).toBe('on_time');
    },
  );
});
