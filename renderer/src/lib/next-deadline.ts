import type { SeasonTrackStatus } from '../api/operations.ts';

/** Which instant a track waits for next: its opening (the freeze's anchor deadline too), its close, its last window. */
export type DeadlineKind = 'opening' | 'close' | 'disputeWindow';

/**
 * The next instant of a track's calendar (docs/console.md "Season"): a frozen track opens, an open one closes, a
 * published one takes disputes until its last participant's window ends. A draft track has no calendar yet, and a
 * closed one waits for an act (the close, the publication), not for a time: none.
 */
export function nextDeadline(s: SeasonTrackStatus): { kind: DeadlineKind; at: string } | null {
  if (s.state === 'frozen' && s.opens_at !== null) return { kind: 'opening', at: s.opens_at };
  if (s.state === 'open' && s.closes_at !== null) return { kind: 'close', at: s.closes_at };
  if ((s.state === 'published' || s.state === 'corrected') && s.dispute_window_ends_at !== null)
    return { kind: 'disputeWindow', at: s.dispute_window_ends_at };
  return null;
}
