// The operations the screens call. The contract (main/ipc/contract.ts) is the authority: a channel it defines is
// typed by it. Two kinds of additions here:
// - refinements: the contract passes the published documents through as plain JSON (a report, the dispute evidence,
//   a correction record); the screens read them with the types their formats document (docs/scoring.md,
//   docs/disputes.md, docs/publications.md);
// - expected channels: ones the screens need that the contract does not define yet, each typed as the screen expects.
//   Calling one before main implements it answers IPC_UNKNOWN_CHANNEL, which the screen shows like any other error:
//   nothing here is ever stubbed.
import type { DisputeListing } from '../../../main/services/disputes/list-disputes.ts';
import type { FreezeView, IpcContract, JobView, ScoreRow, TrackName, TrackRef } from '../../../main/ipc/contract.ts';

export type {
  AuditEntry,
  AuditVerifyAnswer,
  CheckFailure,
  ConsoleEvent,
  CorpusView,
  DisputeChange,
  DisputeDecision,
  FreezeView,
  Incident,
  JobView,
  ProofsView,
  ScoreRow,
  ScoresView,
  SeasonState,
  SeasonTrackStatus,
  TrackName,
  TrackRef,
} from '../../../main/ipc/contract.ts';

export interface VerifyAnswer {
  verified: boolean;
  failures: { code: string; message: string }[];
}

export interface ReportAssertion {
  assertion_id: string;
  task_id: string;
  status: 'supported' | 'unsupported' | 'instrument_fault' | 'pending' | 'not_counted';
  claim: { resource: string; field: string; value: unknown };
  cause?: string;
  cause_text?: string;
  code?: string;
  proof_id?: string;
  systeme_status?: string;
  corrected?: { status: string; cause?: string; code?: string };
}

export interface ReportTask {
  task_id: string;
  status: 'submitted' | 'not_submitted' | 'rejected_at_close' | 'pending';
  verdict_given: string | null;
  verdict_expected: string;
  exact: boolean;
  grounded: boolean;
  missing_facts: { fact: string; resource: string; field: string; value: unknown }[];
  supported: number;
  unsupported: number;
  instrument_faults: number;
  not_submitted?: string;
  rejected_at_close?: { rule: string; assertion_id: string | null };
}

/** reports/<participant_id>.json (docs/scoring.md), as published in the version asked for. */
export interface ParticipantReport extends Omit<ScoreRow, 'reference'> {
  season: number;
  track: TrackName;
  tasks: ReportTask[];
  assertions: ReportAssertion[];
  trust_layer_anomalies: { proof_id: string; field: string; flat: string; opened: string }[];
  corrections?: {
    version: number;
    dispute_id: string;
    task_id: string;
    assertion_id: string;
    from_status: string;
    to_status: string;
    reason: string;
  }[];
}

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
}

/** A publication version with its correction record (docs/publications.md). */
export interface PublicationVersion {
  version: number;
  corrects_version: number | null;
  published_at: string;
  actor: string;
  scores_sha256: string;
  correction: {
    reason: string;
    disputes: string[];
    participants: {
      participant_id: string;
      before: Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;
      after: Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;
    }[];
  } | null;
}

export interface LintFinding {
  code: string;
  where: string;
  message: string;
}

export interface IndexPreview extends TrackRef {
  lang: 'fr' | 'en';
  version: number;
  /** The export's self-contained HTML page, shown in a sandboxed frame. */
  html: string;
  findings: LintFinding[];
}

export interface IndexExportAnswer {
  out_dir: string;
  version: number;
  manifest_sha256: string;
  files: number;
}

export interface DisputeDetail {
  dispute: DisputeListing;
  evidence: AssertionEvidence;
}

type Op<A, R> = { args: A; result: R };
type None = Record<string, never>;

/** The contract's plain-JSON documents, read with their documented formats. */
interface DocumentRefinements {
  'report.view': Op<IpcContract['report.view']['args'], ParticipantReport>;
  'assertion.evidence': Op<IpcContract['assertion.evidence']['args'], AssertionEvidence>;
  'dispute.view': Op<IpcContract['dispute.view']['args'], DisputeDetail>;
  'publication.versions': Op<IpcContract['publication.versions']['args'], { versions: PublicationVersion[] }>;
}

/** Channels the screens need that the contract does not define yet. */
export interface ExpectedOperations {
  'freeze.replace': Op<TrackRef & { reason: string; opens_at: string; closes_at: string }, FreezeView>;
  'freeze.publish': Op<TrackRef, FreezeView>;
  'freeze.reveal': Op<TrackRef, FreezeView>;
  'freeze.verify': Op<TrackRef, VerifyAnswer>;
  'proofs.fetch': Op<None, JobView>;
  'season.publish': Op<TrackRef, { version: number; published_at: string }>;
  'index.preview': Op<TrackRef & { lang: 'fr' | 'en' }, IndexPreview>;
  'index.export': Op<{ season: number }, IndexExportAnswer>;
  'index.verify': Op<{ season: number }, VerifyAnswer>;
}

export type ConsoleOperations = Omit<IpcContract, keyof DocumentRefinements> &
  DocumentRefinements &
  Omit<ExpectedOperations, keyof IpcContract>;
export type Operation = keyof ConsoleOperations;
export type OpArgs<O extends Operation> = ConsoleOperations[O]['args'];
export type OpResult<O extends Operation> = ConsoleOperations[O]['result'];

/** What a failed call shows: what happened (message) and its stable code; the screen adds what to do. */
export interface ConsoleError {
  code: string;
  message: string;
}
