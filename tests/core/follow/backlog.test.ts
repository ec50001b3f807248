import { describe, expect, it } from 'vitest';
import { backlogAtClose } from '../../../main/core/follow/backlog.ts';

const HOUR = 3_600_000;
const base = { now: 0, closesAt: 24 * HOUR, everyMs: 600_000, readsPerHour: 100 };

describe('the backlog projected at closes_at', () => {
  it('a followed season at a pace the reads keep up with leaves only its last cycle unread: 3,000 ids an hour leave 500', () => {
    expect(backlogAtClose({ ...base, unreadNow: 0, citedPerHour: 3_000 })).toEqual({ ids: 500, reads: 10 });
  });

  it('ids arriving faster than 100 reads of 50 an hour carry leave everything beyond what the reads carry', () => {
    // 24 h × 5,000 ids/h carried; 200 ids unread now and 8,000 ids/h arriving: 192,200 - 120,000 left.
    expect(backlogAtClose({ ...base, unreadNow: 200, citedPerHour: 8_000 })).toEqual({ ids: 72_200, reads: 1_444 });
  });

  it('at or after closes_at the backlog is what is unread now', () => {
    expect(backlogAtClose({ ...base, now: 24 * HOUR, unreadNow: 51, citedPerHour: 0 })).toEqual({ ids: 51, reads: 2 });
  });

  it('with no pace known and nothing unread, nothing is left', () => {
    expect(backlogAtClose({ ...base, unreadNow: 0, citedPerHour: 0 })).toEqual({ ids: 0, reads: 0 });
  });
});
