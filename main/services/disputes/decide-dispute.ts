import {
  decideTransition,
  reviewTransition,
  stateAfter,
  type DisputeChange,
  type TransitionCode,
} from '../../core/disputes/transitions.ts';
import type { Failure, Result } from '../../core/result.ts';
import { disputeEvents } from '../../db/disputes.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import { inTransaction, Refused } from '../refused.ts';
import { correctionDocuments } from './correction-documents.ts';
import type { CorrectionOutcome, DecideOutcome, DecideRequest } from './decision-model.ts';
import { disputeNamed, publishedAssertion, type PublishedAssertion } from './published-assertion.ts';
import { recordRejected, recordReview, recordUpheld } from './record-dispute-steps.ts';

export type { CorrectionOutcome, DecideOutcome, DecideRequest } from './decision-model.ts';

/** A transition refused, with the dispute it was asked of. */
const refusedFor = (error: Failure<TransitionCode>, disputeId: string) =>
  new Refused({ ...error, details: { ...error.details, dispute_id: disputeId } });

/** `proveit dispute review ID --reviewer NAME`: received → under review, with its `dispute.review` audit entry. */
export function reviewDispute(
  db: Db,
  clock: Clock,
  request: { disputeId: string; reviewer: string; actor: string },
): Result<{ disputeId: string; state: 'under_review'; atMs: number }, string> {
  const atMs = clock.now();
  return inTransaction(db, () => {
    const dispute = disputeNamed(db, request.disputeId);
    const t = reviewTransition(stateAfter(disputeEvents(db, dispute.disputeId)), request.reviewer);
    if (!t.ok) throw refusedFor(t.error, dispute.disputeId);
    recordReview(db, dispute, atMs, request.actor, request.reviewer);
    return { disputeId: request.disputeId, state: 'under_review' as const, atMs };
  });
}

/**
 * `proveit dispute decide` (docs/disputes.md), in one transaction: the disputed assertion as last published, the
 * decision checked against the dispute's state (decideTransition), the review step when the dispute was only
 * received (dispute.review), then the decision. An upheld dispute publishes the correction version k+1 of the latest
 * version k (correction-documents.ts: the corrected report, the corrected scores.json, the correction record with the
 * figures before and after) with its dispute.decide and correction.publish entries. A rejected dispute changes no
 * version; its decision and reason are recorded and listed.
 */
export function decideDispute(db: Db, clock: Clock, request: DecideRequest): Result<DecideOutcome, string> {
  const atMs = clock.now();
  return inTransaction(db, (): DecideOutcome => {
    const published = publishedAssertion(db, request.disputeId);
    const { dispute } = published;
    const reviewed = checkDecision(db, published, request);
    if (reviewed) recordReview(db, dispute, atMs, request.actor, request.reviewer);
    let correction: CorrectionOutcome | null = null;
    if (request.decision === 'upheld') correction = publishCorrection(db, published, request, atMs);
    else recordRejected(db, dispute, request, atMs);
    return { disputeId: dispute.disputeId, decision: request.decision, atMs, reviewed, correction };
  });
}

/** The decision against the dispute's state: refused as decideTransition says, else whether it is reviewed first. */
export function checkDecision(db: Db, published: PublishedAssertion, request: Omit<DecideRequest, 'actor'>): boolean {
  const { dispute } = published;
  const t = decideTransition(
    stateAfter(disputeEvents(db, dispute.disputeId)),
    request.decision,
    { reason: request.reason, reviewer: request.reviewer, change: request.change },
    published.status,
  );
  if (!t.ok) throw refusedFor(t.error, dispute.disputeId);
  return t.value.steps.includes('under_review');
}

/** An upheld decision: the correction's documents, refused if they cannot be built, then recorded. */
function publishCorrection(
  db: Db,
  published: PublishedAssertion,
  request: DecideRequest,
  atMs: number,
): CorrectionOutcome {
  // decideTransition refuses an upheld decision without its change (DISPUTE_CHANGE_REQUIRED).
  const change: DisputeChange = request.change!;
  const documents = correctionDocuments(published, change, request.reason);
  if (!documents.ok) throw new Refused(documents.error);
  return recordUpheld(db, {
    dispute: published.dispute,
    latest: published.latest,
    documents: documents.value,
    request: { ...request, change },
    atMs,
  });
}
