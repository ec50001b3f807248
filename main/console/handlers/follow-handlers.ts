import type { LiveSeason, SeasonActivity } from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { CADENCE_MAX_SECONDS, CADENCE_MIN_SECONDS } from '../console-follower.ts';
import { actingAs } from '../session-actor.ts';
import { seasonLive } from './season-handlers.ts';

/** The follower, or the refusal of a console started without one (no database). */
function followerOf(ctx: ConsoleContext) {
  dbOf(ctx);
  if (!ctx.follower)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'this console runs without a follower: start it with proveit console --db FILE',
    );
  return ctx.follower;
}

/** `season.activity`: what the console learnt from the season service's activity feed (season-activity.ts). */
export function seasonActivity(ctx: ConsoleContext): SeasonActivity {
  dbOf(ctx);
  return (
    ctx.activity?.view() ?? {
      season: null,
      state: 'not_configured',
      reason: 'this console runs without an operator database: start it with proveit console --db FILE',
      every_seconds: 0,
      last_answer_at: null,
      last_failure: null,
      enrolled: 0,
      tracks: [],
      refusals: { total: 0, by_code: {} },
      feed: [],
    }
  );
}

/**
 * `follow.cadence`: the time between the follower's cycle starts, from the next cycle on, recorded in the audit log
 * under the person acting (`proofs.follow_cadence`). Reads stay under the hourly limit whatever the cadence: a shorter
 * one reads sooner, never more than the limit allows. The range is checked in main (validate-call.ts) and here.
 */
export function followCadence(ctx: ConsoleContext, args: { every_seconds: number }): LiveSeason['follow'] {
  const follower = followerOf(ctx);
  const seconds = args.every_seconds;
  if (!Number.isSafeInteger(seconds) || seconds < CADENCE_MIN_SECONDS || seconds > CADENCE_MAX_SECONDS)
    throw new HandlerRefusal(
      'FOLLOW_CADENCE_INVALID',
      `a cycle every ${seconds} s is outside ${CADENCE_MIN_SECONDS}–${CADENCE_MAX_SECONDS} s: give a whole number of seconds in that range`,
      { every_seconds: seconds, min: CADENCE_MIN_SECONDS, max: CADENCE_MAX_SECONDS },
    );
  follower.setCadence(seconds, actingAs(ctx));
  return seasonLive(ctx).follow;
}

/** `follow.run_now`: a cycle at once unless one runs (or nothing can be followed: why, in the answer). */
export function followRunNow(ctx: ConsoleContext): {
  started: boolean;
  reason: string | null;
  follow: LiveSeason['follow'];
} {
  const outcome = followerOf(ctx).runNow();
  return {
    started: outcome.started,
    reason: outcome.started ? null : outcome.reason,
    follow: seasonLive(ctx).follow,
  };
}
