import { fail, ok, type Result } from '../result.ts';

/**
 * Spec §8.3: the key and the salt are published at close, not before. `closesAt` is the close recorded with the
 * freeze in force; `now` is passed in (the core reads no clock). `invalidatedAt`, when the track's season was
 * invalidated (docs/freeze.md "Invalidating a season"): the season is over at that instant, so the key and salt are
 * revealed from then on, before the anchored close, and the commitment is checkable by anyone at once.
 */
export function checkRevealRequest(
  closesAt: string,
  now: string,
  invalidatedAt: string | null = null,
): Result<null, 'FREEZE_NOT_CLOSED'> {
  if (invalidatedAt !== null && Date.parse(now) >= Date.parse(invalidatedAt)) return ok(null);
  if (Date.parse(now) < Date.parse(closesAt)) {
    return fail(
      'FREEZE_NOT_CLOSED',
      `the season closes at ${closesAt}: the key and the salt are revealed at close, not before; run the reveal again then`,
      { closes_at: closesAt, now },
    );
  }
  return ok(null);
}
