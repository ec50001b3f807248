import { figuresOf, type Figures } from '../../core/publications/correct-report.ts';
import type { Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { inTransaction, Refused } from '../refused.ts';
import { correctionDocuments } from './correction-documents.ts';
import { checkDecision } from './decide-dispute.ts';
import type { DecideRequest } from './decision-model.ts';
import { publishedAssertion } from './published-assertion.ts';

/** What a decision would change, shown before it is recorded (docs/disputes.md "Deciding"). */
export interface DecisionPreview {
  disputeId: string;
  decision: DecideRequest['decision'];
  participantId: string;
  /** The latest version, which an upheld decision corrects. */
  latestVersion: number;
  /** The correction version an upheld decision publishes; null for a rejected one (no version changes). */
  version: number | null;
  before: Figures;
  /** The figures once decided: the correction's, or the same figures when rejected. */
  after: Figures;
  /** Whether recording it also records the review step (the dispute is only received). */
  reviewed: boolean;
}

/**
 * The decision checked and its correction computed exactly as decideDispute does (the same transition check, the same
 * correctionDocuments), with nothing written: a preview that succeeds is what the decision publishes, one that is
 * refused names the code the decision would. Read under the write lock so the dispute and the latest version it reads
 * are the ones a decision made now would see.
 */
export function previewDecision(db: Db, request: Omit<DecideRequest, 'actor'>): Result<DecisionPreview, string> {
  return inTransaction(db, (): DecisionPreview => {
    const published = publishedAssertion(db, request.disputeId);
    const reviewed = checkDecision(db, published, request);
    const common = {
      disputeId: published.dispute.disputeId,
      decision: request.decision,
      participantId: published.dispute.participantId,
      latestVersion: published.latest.version,
      reviewed,
    };
    if (request.decision === 'rejected') {
      const figures = figuresOf(published.report);
      return { ...common, version: null, before: figures, after: figures };
    }
    // decideTransition refuses an upheld decision without its change (DISPUTE_CHANGE_REQUIRED).
    const documents = correctionDocuments(published, request.change!, request.reason);
    if (!documents.ok) throw new Refused(documents.error);
    return {
      ...common,
      version: documents.value.version,
      before: documents.value.before,
      after: documents.value.after,
    };
  });
}
