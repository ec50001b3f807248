import { OPENING_LEAD_MS } from './opening-lead.ts';

/** The freeze proof's anchoring as last checked (`freeze.anchor`, `freeze.verify`, migration 11). */
export interface FreezeAnchorFact {
  state: 'anchored' | 'pending';
  /** The RFC 3161 time, once anchored. */
  anchorTime: string | null;
  checkedAtMs: number;
}

/**
 * - `anchored_in_time`: anchored before the opening (RFC 3161 time), as the close asks;
 * - `awaiting_anchor`: pending or never checked, and the opening (the deadline) is still ahead;
 * - `recheck_after_opening`: the opening has passed and the proof was last seen pending before it: its batch may
 *   have closed in between, only a check now tells;
 * - `anchored_after_opening`: anchored at or after the opening, or seen pending at or after it (its RFC 3161 time,
 *   when its batch closes, will be later still): the close refuses it (CLOSE_FREEZE_ANCHORED_AFTER_OPENING).
 */
export type AnchorDeadlineState =
  'anchored_in_time' | 'awaiting_anchor' | 'recheck_after_opening' | 'anchored_after_opening';

export interface AnchorDeadline {
  state: AnchorDeadlineState;
  /** The freeze in force's opening: its proof must be anchored before it (spec §8). */
  deadlineMs: number;
  /** The last instant a replacement is still accepted: one made later could be anchored after the opening. */
  replaceUntilMs: number;
  replacementAllowed: boolean;
}

/**
 * Where the freeze in force stands against its anchor deadline (pure: the anchor check and the clock are arguments).
 * A replacement must itself be anchored before the recorded opening, which it cannot move later (docs/freeze.md
 * "Timeline"), so it is allowed only while that opening is at least OPENING_LEAD_MS ahead.
 */
export function anchorDeadlineOf(opensAt: string, anchor: FreezeAnchorFact | null, nowMs: number): AnchorDeadline {
  const deadlineMs = Date.parse(opensAt);
  const replaceUntilMs = deadlineMs - OPENING_LEAD_MS;
  return {
    state: stateOf(deadlineMs, anchor, nowMs),
    deadlineMs,
    replaceUntilMs,
    replacementAllowed: nowMs <= replaceUntilMs,
  };
}

function stateOf(deadlineMs: number, anchor: FreezeAnchorFact | null, nowMs: number): AnchorDeadlineState {
  if (anchor?.state === 'anchored')
    // The close's rule (score-bundle.ts): an anchored proof without an RFC 3161 time is not anchored before opening.
    return anchor.anchorTime !== null && Date.parse(anchor.anchorTime) < deadlineMs
      ? 'anchored_in_time'
      : 'anchored_after_opening';
  if (anchor?.state === 'pending' && anchor.checkedAtMs >= deadlineMs) return 'anchored_after_opening';
  return nowMs < deadlineMs ? 'awaiting_anchor' : 'recheck_after_opening';
}
