import { deadlineStatus } from '../../core/disputes/calendar.ts';
import type { DisputeListing } from '../../core/disputes/listings.ts';
import { isDecided, stateAfter } from '../../core/disputes/transitions.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import { disputeEvents, listDisputes } from '../../db/disputes.ts';
import type { Db } from '../../db/open-database.ts';

/** Every dispute (of a season and/or track), with its state and deadline status at `nowMs` (core/disputes/calendar.ts). */
export function disputeListing(
  db: Db,
  nowMs: number,
  filter: { season?: number; track?: string } = {},
): DisputeListing[] {
  return listDisputes(db, filter).map((d) => {
    const events = disputeEvents(db, d.disputeId);
    const state = stateAfter(events);
    const review = events.find((e) => e.step === 'review');
    const decision = events.find((e) => e.step === 'decision');
    const decided = isDecided(state);
    return {
      dispute_id: d.disputeId,
      season: d.season,
      track: d.track,
      participant_id: d.participantId,
      assertion: `${d.taskId}/${d.assertionId}`,
      state,
      publication_version: d.publicationVersion,
      received_at: isoUtc(d.receivedAtMs),
      received_at_entered_by_hand: d.receivedAtEnteredByHand,
      window_ends_at: isoUtc(d.windowEndsMs),
      decision_due: isoUtc(d.decisionDueMs),
      deadline_status: deadlineStatus(d.decisionDueMs, nowMs, decided),
      ms_left: decided ? null : d.decisionDueMs - nowMs,
      reason: d.reason,
      reviewer: decision?.reviewer ?? review?.reviewer ?? null,
      reviewed_at: review ? isoUtc(review.atMs) : null,
      decided_at: decision ? isoUtc(decision.atMs) : null,
      decision_reason: decision?.reason ?? null,
      change: decision?.change ?? null,
      correction_version: decision?.correctionVersion ?? null,
    };
  });
}
