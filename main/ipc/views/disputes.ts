// Disputes as staff handle them (main/ipc/contract.ts `dispute.*`; docs/disputes.md).

import type { DisputeListing, ParticipantWindowListing } from '../../core/disputes/listings.ts';
import type { Decision as DisputeDecision } from '../../core/disputes/transitions.ts';
import type { AssertionEvidence } from './evidence.ts';
import type { PreviewFigures } from './publications.ts';
import type { TrackRef } from './track-ref.ts';

/** What a decision would change (docs/disputes.md "Deciding"): shown before the operator confirms `dispute.decide`. */
export interface DecisionPreview {
  dispute_id: string;
  decision: DisputeDecision;
  participant_id: string;
  name: string | null;
  latest_version: number;
  /** The correction version an upheld decision publishes; null when rejected (no version changes). */
  version: number | null;
  before: PreviewFigures;
  after: PreviewFigures;
  /** Whether the decision also records the review step. */
  reviewed: boolean;
}

/**
 * A dispute as the console lists it: `proveit dispute list`'s line, with the name staff know the participant by (the
 * display name set for the Index, else the agent name of the track's scores), null before the track has a close.
 */
export type ConsoleDispute = DisputeListing & { agent_name: string | null };

/** A participant's own dispute window as the console lists it, with the name staff know the participant by. */
export type ConsoleDisputeWindow = ParticipantWindowListing & { agent_name: string | null };

export interface DisputeDetail {
  dispute: ConsoleDispute;
  evidence: AssertionEvidence;
}

/** A participant's dispute as staff received it (docs/disputes.md, `proveit dispute open`): one assertion each. */
export interface DisputeReceipt extends TrackRef {
  participant_id: string;
  /** TASK_ID/ASSERTION_ID, as the report lists it. */
  assertion: string;
  /** The participant's reason as received. */
  reason: string;
  /** When it was received, with the zone of the receipt (`2026-11-12T09:30:00+01:00`); absent: now. */
  received_at?: string;
  /**
   * The season service's answer to the submission of the disputed task (a signed submission receipt), as the
   * participant sent it; verified with the key of the close's export and compared with it (the evidence's `receipt`).
   */
  receipt?: Record<string, unknown>;
}
