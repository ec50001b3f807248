import { ok, type Result } from '../../core/result.ts';
import { freezeSeasons } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { followCycle, newFollowMemory } from './follow-cycle.ts';
import { BATCH_MAX_AGE_MS } from '../../core/proofs-plan/batch-age.ts';
import { DEFAULT_FOLLOW_EVERY_MS, type FollowEnd, type FollowInput } from './follow-input.ts';
import { followedTracks } from './followed-tracks.ts';

/**
 * `proveit proofs follow` and the console's follower (docs/season-follow.md): a cycle every `everyMs` until
 * `untilMs` (default: the latest closes_at plus two batch ages), the last one at `untilMs` itself, so the season's
 * last batches are read anchored, or until `cycles` cycles ran, whichever comes first; the last cycle's line says it is
 * the last (no next cycle). Stops between reads when `signal` aborts; everything a cycle did is in the database, so
 * starting again resumes: a view read is never read again, a claim held by a killed process expires.
 */
export async function followSeason(input: FollowInput): Promise<Result<FollowEnd>> {
  const { clock, signal } = input;
  const tracks = followedTracks(input.db, input.season);
  if (!tracks.ok) return tracks;
  const until = input.untilMs ?? defaultFollowUntilMs(input.db, input.season)!;
  const memory = newFollowMemory();
  if (clock.now() > until) return ok({ kind: 'until', at: clock.now() });
  let ran = 0;
  for (;;) {
    if (signal?.aborted) return ok({ kind: 'aborted' });
    // A track invalidated meanwhile is left out of the next cycle (followedTracks); once every one is, nothing is left
    // to read: the follow ends there rather than spend reads on a season that is never scored.
    const still = followedTracks(input.db, input.season);
    if (!still.ok) return still;
    const start = clock.now();
    const lastOfCount = input.cycles !== undefined && ran + 1 >= input.cycles;
    const every = input.cadence?.everyMs() ?? input.everyMs ?? DEFAULT_FOLLOW_EVERY_MS;
    const next = start >= until || lastOfCount ? null : Math.min(start + every, until);
    const line = await followCycle(input, memory, next);
    ran++;
    input.onCycle?.(line);
    if (signal?.aborted) return ok({ kind: 'aborted' });
    if (start >= until) return ok({ kind: 'until', at: start });
    if (next === null) return ok({ kind: 'cycles', cycles: ran, at: start });
    await (input.cadence ? input.cadence.wait(next - clock.now(), signal) : clock.sleep(next - clock.now(), signal));
  }
}

/**
 * When following stops by default: the latest closes_at plus two batch ages (BATCH_MAX_AGE_MS), so the last batches
 * are anchored and read before the follower stops.
 */
export function defaultFollowUntilMs(db: Db, season: number): number | null {
  const tracks = followedTracks(db, season);
  if (!tracks.ok) return null;
  return Math.max(...tracks.value.map((t) => t.closesAtMs)) + 2 * BATCH_MAX_AGE_MS;
}

/** The latest season whose window is open at `nowMs` or whose follow has not reached its default end, or null. */
export function followableSeason(db: Db, nowMs: number): number | null {
  const seasons = freezeSeasons(db).reverse();
  for (const season of seasons) {
    const tracks = followedTracks(db, season);
    if (!tracks.ok) continue;
    const opens = Math.min(...tracks.value.map((t) => t.opensAtMs));
    const until = defaultFollowUntilMs(db, season)!;
    if (nowMs >= opens && nowMs < until) return season;
  }
  return null;
}
