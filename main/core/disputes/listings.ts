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
  /**
   * `pending` while the participant has no published figures: nothing can be disputed yet (spec §4.1). `not_public`
   * while no exported Index holds the version that last changed them: no window runs yet (spec §9.2, "after the score
   * is published"; docs/disputes.md "The calendar").
   */
  status: 'scored' | 'pending' | 'not_public';
  /** The version that last changed the participant's figures or report: its window runs from it. */
  version: number;
  /** When that version became public (the export of the first Index holding it); null while not public. */
  published_at: string | null;
  /** The last instant (inclusive) a dispute of this participant is received; null while pending. */
  window_ends_at: string | null;
  /** Whether a dispute received at the listing's instant is in the window. */
  open: boolean;
}
