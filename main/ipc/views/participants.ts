// A track's participants and what the Index shows of them (main/ipc/contract.ts `participant.*`;
// docs/index-export.md).

import type { ParticipantWindowListing } from '../../core/disputes/listings.ts';
import type { ScoreRow, ShownFigures } from './scores.ts';
import type { TrackRef } from './track-ref.ts';

/** `participant.rename` / `participant.reference` (docs/index-export.md): what the Index now shows for a participant. */
export interface ParticipantShown {
  season: number;
  participant_id: string;
  display_name?: string;
  declared_stack?: string;
  prompt_sha256?: string;
  audit_head: { seq: number; hash: string };
}

/**
 * A participant of a track as the Participants screen lists it (`participant.list`), from the track's figures shown
 * (the latest version, or a later close): the name and stack as the Index shows them, whether staff set them, the
 * reference-run mark in force, the tasks submitted and the participant's own dispute window.
 */
export interface ParticipantListing {
  participant_id: string;
  did: string;
  /** The display name set for the Index, else the agent name enrolled. */
  name: string;
  named_by_operator: boolean;
  /** The stack the operator declared, else the one enrolled. */
  declared_stack: string;
  stack_declared_by_operator: boolean;
  /** The reference-run mark in force (spec §7.1), null: a community participant. */
  reference: {
    model: string;
    version: string;
    framework: string;
    prompt_sha256: string;
    marked_at: string;
    actor: string;
  } | null;
  status: ScoreRow['status'];
  tasks_submitted: number;
  /** Its own dispute window (docs/disputes.md "The calendar"); null when no version lists it. */
  window: Pick<ParticipantWindowListing, 'status' | 'version' | 'window_ends_at' | 'open'> | null;
}

export interface ParticipantsView extends TrackRef {
  /** Which figures the list is read from. */
  shown: ShownFigures;
  participants: ParticipantListing[];
}
