import { fail, ok, type Result } from '../result.ts';

/**
 * The season as it arrives (docs/season-follow.md "Activity"): what the console learns every few seconds from the
 * season service's activity feed (GET /v1/season/{n}/activity), apart from the follower's cycles, which read proofs
 * under the hourly limit. Counts of enrollments, submissions and refusals only: never a score (spec §7.4). Keys are
 * snake_case: they are the `season.activity` answer and event (API).
 */

/** One thing that happened, newest first in the feed. */
export type ActivityItem =
  | { kind: 'enrollment'; at: string; participant_id: string; agent_name: string }
  | { kind: 'submission'; at: string; participant_id: string; track: string; task_id: string; version: number }
  /** Refusals counted since the previous answer (`at`: when the console saw them), per code. */
  | { kind: 'refusal'; at: string; code: string; count: number };

/** A track's submissions as received so far. */
export interface ActivityTrack {
  track: string;
  /** Participants with at least one submission in force on this track. */
  submitting: number;
  /** Distinct (participant, task) pairs submitted: the submissions in force (spec §7.4: the last version stands). */
  submissions_in_force: number;
  /** Every version received, replaced ones included. */
  versions_received: number;
}

export type ActivityState = 'watching' | 'not_configured' | 'no_open_track' | 'failing';

/** What `season.activity` answers and the `season.activity` event carries. */
export interface SeasonActivity {
  season: number | null;
  state: ActivityState;
  /** Why not watching, in the screen's words (null while watching). */
  reason: string | null;
  every_seconds: number;
  /** When the service last answered (ISO UTC, the console's clock), and its own time then. */
  last_answer_at: string | null;
  last_failure: { code: string; message: string } | null;
  enrolled: number;
  tracks: ActivityTrack[];
  refusals: { total: number; by_code: Record<string, number> };
  /** The latest items, newest first (at most FEED_LENGTH). */
  feed: ActivityItem[];
}

export const FEED_LENGTH = 50;

/** One page of the route's answer, as read. */
export interface ActivityPage {
  season: number;
  now: string;
  next_cursor: string;
  more: boolean;
  enrollments: { participant_id: string; agent_name: string; enrolled_at: string }[];
  submissions: { participant_id: string; track: string; task_id: string; version: number; received_at: string }[];
  refusals: { total: number; by_code: Record<string, number> };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 512;
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/**
 * The season service's answer checked field by field (a service answers what it answers): SEASON_ACTIVITY_INVALID
 * naming the first field that is not what the route sends.
 */
export function parseActivityPage(text: string): Result<ActivityPage, 'SEASON_ACTIVITY_INVALID'> {
  const bad = (field: string) =>
    fail('SEASON_ACTIVITY_INVALID', `the season service's activity answer has no valid ${field}`, { field });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad('JSON body');
  }
  if (!isRecord(value)) return bad('JSON object');
  if (!isCount(value['season'])) return bad('season');
  if (!isText(value['now']) || !isText(value['next_cursor'])) return bad('now or next_cursor');
  if (typeof value['more'] !== 'boolean') return bad('more');
  const enrollments = value['enrollments'];
  if (
    !Array.isArray(enrollments) ||
    !enrollments.every(
      (e) => isRecord(e) && isText(e['participant_id']) && isText(e['agent_name']) && isText(e['enrolled_at']),
    )
  )
    return bad('enrollments');
  const submissions = value['submissions'];
  if (
    !Array.isArray(submissions) ||
    !submissions.every(
      (s) =>
        isRecord(s) &&
        isText(s['participant_id']) &&
        isText(s['track']) &&
        isText(s['task_id']) &&
        isCount(s['version']) &&
        isText(s['received_at']),
    )
  )
    return bad('submissions');
  const refusals = value['refusals'];
  if (
    !isRecord(refusals) ||
    !isCount(refusals['total']) ||
    !isRecord(refusals['by_code']) ||
    !Object.entries(refusals['by_code']).every(([code, n]) => /^[A-Z][A-Z0-9_]{0,63}$/.test(code) && isCount(n))
  )
    return bad('refusals');
  return ok(value as unknown as ActivityPage);
}

/** What the console keeps of the feed between its polls (from the start of the season). */
export interface ActivityTally {
  cursor: string;
  enrolled: Set<string>;
  /** track → participant → tasks submitted. */
  inForce: Map<string, Map<string, Set<string>>>;
  versions: Map<string, number>;
  refusals: { total: number; by_code: Record<string, number> } | null;
  feed: ActivityItem[];
}

export const newActivityTally = (): ActivityTally => ({
  cursor: 'e0s0',
  enrolled: new Set(),
  inForce: new Map(),
  versions: new Map(),
  refusals: null,
  feed: [],
});

/**
 * Adds a page to the tally (seen at `atIso` on the console's clock); answers whether anything new arrived. The
 * refusals of the first page are the season's so far, shown as counts, not as feed items.
 */
export function foldActivity(tally: ActivityTally, page: ActivityPage, atIso: string): boolean {
  const items: ActivityItem[] = [];
  for (const e of page.enrollments) {
    tally.enrolled.add(e.participant_id);
    items.push({ kind: 'enrollment', at: e.enrolled_at, participant_id: e.participant_id, agent_name: e.agent_name });
  }
  for (const s of page.submissions) {
    const byParticipant = tally.inForce.get(s.track) ?? new Map<string, Set<string>>();
    tally.inForce.set(s.track, byParticipant);
    const tasks = byParticipant.get(s.participant_id) ?? new Set<string>();
    byParticipant.set(s.participant_id, tasks);
    tasks.add(s.task_id);
    tally.versions.set(s.track, (tally.versions.get(s.track) ?? 0) + 1);
    items.push({
      kind: 'submission',
      at: s.received_at,
      participant_id: s.participant_id,
      track: s.track,
      task_id: s.task_id,
      version: s.version,
    });
  }
  const before = tally.refusals;
  if (before !== null)
    for (const [code, count] of Object.entries(page.refusals.by_code)) {
      const added = count - (before.by_code[code] ?? 0);
      if (added > 0) items.push({ kind: 'refusal', at: atIso, code, count: added });
    }
  const refusalsMoved = before === null || before.total !== page.refusals.total;
  tally.refusals = { total: page.refusals.total, by_code: { ...page.refusals.by_code } };
  tally.cursor = page.next_cursor;
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  tally.feed = [...items, ...tally.feed].slice(0, FEED_LENGTH);
  return items.length > 0 || refusalsMoved;
}

/** The tally's counts per track, in track order. */
export function activityTracks(tally: ActivityTally): ActivityTrack[] {
  return [...tally.inForce.keys()].sort().map((track) => {
    const byParticipant = tally.inForce.get(track)!;
    let inForce = 0;
    for (const tasks of byParticipant.values()) inForce += tasks.size;
    return {
      track,
      submitting: byParticipant.size,
      submissions_in_force: inForce,
      versions_received: tally.versions.get(track) ?? 0,
    };
  });
}
