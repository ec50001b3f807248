import { fail, ok, type Result } from '../result.ts';

export type FreezePolicyCode =
  'FREEZE_SEASON_OPENED' | 'FREEZE_ALREADY_EXISTS' | 'FREEZE_REASON_REQUIRED' | 'FREEZE_NOTHING_TO_REPLACE';

export interface FreezeRequest {
  /** ISO 8601 UTC instant the season opens, and now (both passed in: the core reads no clock). */
  opensAt: string;
  now: string;
  /** The proof id of the freeze currently in force for this season and track, if any. */
  current: string | null;
  replace: boolean;
  reason: string | null;
}

/**
 * Spec §8: a freeze may be replaced before the season opens, with a published reason (the §8 status note);
 * once the season is open nothing changes: a change invalidates the season, which is closed and started over.
 * Returns the proof id being replaced (or null for a first freeze).
 */
export function checkFreezeRequest(request: FreezeRequest): Result<string | null, FreezePolicyCode> {
  if (Date.parse(request.now) >= Date.parse(request.opensAt)) {
    return fail(
      'FREEZE_SEASON_OPENED',
      `the season opened at ${request.opensAt}: its freeze can no longer change. A change now invalidates the season: publish it, close the season and start a new one`,
      { opens_at: request.opensAt, now: request.now },
    );
  }
  if (!request.replace) {
    if (request.current !== null) {
      return fail(
        'FREEZE_ALREADY_EXISTS',
        `this season and track are already frozen by ${request.current}; to replace it before opening, pass --replace with --reason`,
        { current: request.current },
      );
    }
    return ok(null);
  }
  if (request.current === null) {
    return fail('FREEZE_NOTHING_TO_REPLACE', 'there is no freeze to replace: create the first one without --replace');
  }
  if (!request.reason || request.reason.trim() === '') {
    return fail('FREEZE_REASON_REQUIRED', 'a replacement is published with its reason: pass --reason "..."');
  }
  return ok(request.current);
}
