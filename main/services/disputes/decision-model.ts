import type { Decision, DisputeChange } from '../../core/disputes/transitions.ts';
import type { Figures } from '../../core/publications/correct-report.ts';
import type { AuditHead } from '../../db/audit-log.ts';

/** `proveit dispute decide` as asked (docs/disputes.md): the decision, its written reason and its reviewer. */
export interface DecideRequest {
  disputeId: string;
  decision: Decision;
  reason: string;
  reviewer: string;
  change?: DisputeChange;
  actor: string;
}

/** The correction version an upheld dispute published. */
export interface CorrectionOutcome {
  version: number;
  correctsVersion: number;
  participantId: string;
  before: Figures;
  after: Figures;
  scoresSha256: string;
  reportSha256: string;
  audit: AuditHead;
}

export interface DecideOutcome {
  disputeId: string;
  decision: Decision;
  atMs: number;
  /** Whether this call recorded the review step too (the dispute was received, not yet under review). */
  reviewed: boolean;
  correction: CorrectionOutcome | null;
}
