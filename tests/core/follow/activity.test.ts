import { describe, expect, it } from 'vitest';
import {
  activityTracks,
  FEED_LENGTH,
  foldActivity,
  newActivityTally,
  parseActivityPage,
  type ActivityPage,
} from '../../../main/core/follow/activity.ts';

const page = (over: Partial<ActivityPage>): ActivityPage => ({
  season: 1,
  now: '2026-10-10T12:00:00.000Z',
  next_cursor: 'e0s0',
  more: false,
  enrollments: [],
  submissions: [],
  refusals: { total: 0, by_code: {} },
  ...over,
});
const sub = (participant: string, task: string, version: number, at: string) => ({
  participant_id: participant,
  track: 'conformite',
  task_id: task,
  version,
  received_at: at,
});

describe('the season as it arrives (core/follow/activity.ts)', () => {
  it('counts submissions in force once per participant and task, whatever the versions, and adds up per track', () => {
    const tally = newActivityTally();
    foldActivity(
      tally,
      page({
        next_cursor: 'e2s3',
        enrollments: [
          { participant_id: 'p1', agent_name: 'A', enrolled_at: '2026-10-10T10:00:00.000Z' },
          { participant_id: 'p2', agent_name: 'B', enrolled_at: '2026-10-10T10:01:00.000Z' },
        ],
        submissions: [
          sub('p1', 'conf-01', 1, '2026-10-10T11:00:00.000Z'),
          sub('p1', 'conf-01', 2, '2026-10-10T11:01:00.000Z'),
          sub('p2', 'conf-02', 1, '2026-10-10T11:02:00.000Z'),
        ],
      }),
      '2026-10-10T12:00:00.000Z',
    );
    expect(tally.cursor).toBe('e2s3');
    expect(tally.enrolled.size).toBe(2);
    expect(activityTracks(tally)).toEqual([
      { track: 'conformite', submitting: 2, submissions_in_force: 2, versions_received: 3 },
    ]);
    // Newest first.
    expect(tally.feed.map((i) => i.at)).toEqual([
      '2026-10-10T11:02:00.000Z',
      '2026-10-10T11:01:00.000Z',
      '2026-10-10T11:00:00.000Z',
      '2026-10-10T10:01:00.000Z',
      '2026-10-10T10:00:00.000Z',
    ]);
  });

  it('shows refusals as counts first, then what each later answer added per code as a feed item', () => {
    const tally = newActivityTally();
    expect(foldActivity(tally, page({ refusals: { total: 4, by_code: { INTAKE_X: 4 } } }), 'T1')).toBe(true);
    expect(tally.feed).toEqual([]);
    expect(foldActivity(tally, page({ refusals: { total: 4, by_code: { INTAKE_X: 4 } } }), 'T2')).toBe(false);
    foldActivity(tally, page({ refusals: { total: 7, by_code: { INTAKE_X: 5, SEASON_CLOSED: 2 } } }), 'T3');
    expect(tally.feed).toEqual([
      { kind: 'refusal', at: 'T3', code: 'INTAKE_X', count: 1 },
      { kind: 'refusal', at: 'T3', code: 'SEASON_CLOSED', count: 2 },
    ]);
  });

  it(`keeps the latest ${FEED_LENGTH} items`, () => {
    const tally = newActivityTally();
    const many = Array.from({ length: 80 }, (_, i) =>
      sub(
        `p${i}`,
        'conf-01',
        1,
        `2026-10-10T11:${String(i % 60).padStart(2, '0')}:${String(Math.floor(i / 60)).padStart(2, '0')}.000Z`,
      ),
    );
    foldActivity(tally, page({ submissions: many }), 'T');
    expect(tally.feed).toHaveLength(FEED_LENGTH);
    expect(activityTracks(tally)[0]?.submissions_in_force).toBe(80);
  });

  it('refuses an answer that is not what the route sends with SEASON_ACTIVITY_INVALID naming the field', () => {
    expect(parseActivityPage('{').ok).toBe(false);
    const bad = parseActivityPage(JSON.stringify({ ...page({}), submissions: [{ participant_id: 1 }] }));
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'SEASON_ACTIVITY_INVALID', details: { field: 'submissions' } },
    });
    expect(parseActivityPage(JSON.stringify(page({}))).ok).toBe(true);
  });
});
