// An assertion's evidence (main/ipc/contract.ts `assertion.evidence`; docs/disputes.md): the proofs behind a status.

import type { ReceiptComparison } from '../../core/disputes/receipt-evidence.ts';
import type { SubmissionReceipt } from '../../core/receipts/submission-receipt.ts';

export interface ProofCheck {
  name: string;
  status: string;
  code: string | null;
  independent: boolean;
  message: string;
}

export interface EvidenceProof {
  proof_id: string;
  assessed?: { outcome: string; condition?: number; cause?: string; code?: string; systeme_status?: string };
  request_hash: { opened: string | null; recomputed: string | null; equal: boolean };
  response_hash: { opened: string | null; recomputed: string | null; equal: boolean; systeme_status: string | null };
  view: 'present' | 'absent';
  verdict?: string;
  anchor_time?: string | null;
  checks: ProofCheck[];
}

/** proveit-dispute-evidence/1 (docs/disputes.md): also what the drill-down from an assertion shows. */
export interface AssertionEvidence {
  format: string;
  participant_id: string;
  enrolled_did: string;
  task_id: string;
  assertion_id: string;
  claim: { resource: string; field: string; value: unknown };
  status_at_close: string;
  cause_shown: { cause?: string; cause_text?: string; code?: string; proof_id?: string; systeme_status?: string };
  frozen: { in_manifest: boolean; found: boolean; value: unknown; equals_claim: boolean };
  proofs: EvidenceProof[];
  /** Only in a dispute's evidence, when a submission receipt was given (docs/disputes.md "Submission receipt"). */
  receipt?: ReceiptEvidence;
}

/** A submission receipt beside the export the close scored: the receipt's fields, then the comparison. */
export interface ReceiptEvidence extends SubmissionReceipt {
  verified_with: string;
  export_taken_at: string;
  export_version: number | null;
  export_submission_sha256: string | null;
  comparison: ReceiptComparison;
  in_export: boolean;
  superseded: boolean;
  received_before_export: boolean;
}
