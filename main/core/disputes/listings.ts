import type { DeadlineStatus } from './calendar.ts';
import type { DisputeState } from './transitions.ts';

/** One line of `proveit dispute list` (plain JSON: what --json prints and the console shows). */
export interface DisputeListing {
  dispute_id: string;
  season: number;
  track: string;
  participant_id: string;
  assertion: string;
  state: DisputeState;
  publication_version: number;
  received_at: string;
  received_at_entered_by_hand: boolean;
  window_ends_at: string;
  decision_due: string;
  deadline_status: DeadlineStatus;
  /** Milliseconds before the decision is due at the listing's instant (negative once overdue); null once decided. */
  ms_left: number | null;
  reason: string;
  reviewer: string | null;
  reviewed_at: string | null;
  decided_at: string | null;
  decision_reason: string | null;
  change: string | null;
  correction_version: number | null;
}

/** One participant's dispute window (plain JSON: what `dispute list --json` prints and the console shows). */
export interface ParticipantWindowListing {
  season: number;
  track: string;
  participant_id: string;
  /** `pending` while the participant has no published figures: nothing can be disputed yet (spec §4.1). */
  status: 'scored' | 'pending';
  /** The version that last changed the participant's figures or report: its window runs from it. */
  version: number;
  published_at: string;
  /** The last instant (inclusive) a dispute of this participant is received; null while pending. */
  window_ends_at: string | null;
  /** Whether a dispute received at the listing's instant is in the window. */
  open: boolean;
}
