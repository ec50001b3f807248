import type { FreezeReceived } from '../main/db/season-service/freezes-received.ts';

/**
 * Where a track stands at an instant, from its freeze in force (the anchored opening and close, docs/freeze.md), or
 * `invalidated` once the operator invalidated its season (docs/freeze.md "Invalidating a season": service-context.ts
 * sets it, whatever the window says).
 */
export type TrackState = 'not_frozen' | 'no_times' | 'not_open' | 'open' | 'closed' | 'invalidated';

/**
 * A track is open from its opening (included) to its close (excluded): at the close instant the key may be revealed
 * (`freeze reveal` is allowed from `closes_at` on), so nothing is accepted from then on. No grace period
 * (docs/season-service.md "When a track is open").
 */
export function trackState(freeze: FreezeReceived | undefined, now: Date): TrackState {
  if (!freeze) return 'not_frozen';
  if (freeze.opensAt === null || freeze.closesAt === null) return 'no_times';
  const t = now.getTime();
  if (t < Date.parse(freeze.opensAt)) return 'not_open';
  if (t >= Date.parse(freeze.closesAt)) return 'closed';
  return 'open';
}

/**
 * The season as a whole for enrollment: open when any track is; closed when every frozen track has closed or was
 * invalidated.
 */
export function seasonState(states: readonly TrackState[]): 'open' | 'not_open' | 'closed' {
  if (states.includes('open')) return 'open';
  const timed = states.filter((s) => s === 'not_open' || s === 'closed' || s === 'invalidated');
  return timed.length > 0 && timed.every((s) => s === 'closed' || s === 'invalidated') ? 'closed' : 'not_open';
}
