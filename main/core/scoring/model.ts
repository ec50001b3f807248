import type { Manifest } from '../corpus/manifest.ts';
import type { ParsedKeyTask, ParsedTask } from '../corpus/parse-tasks-and-key.ts';
import type { Lookup } from '../corpus/solver-support.ts';
import type { TrackDefinition } from '../corpus/track-definition.ts';
import type { PyJson, PyObject } from '../json/value.ts';
import type { ProofReport } from '../proof/report.ts';

/** The version of these rules as implemented; every scores.json names it (docs/scoring.md). */
export const SCORER_VERSION = 'proveit-scorer/5';

/** One participant as the season service exported it (docs/season-service.md), submissions of this track only. */
export interface ScoredParticipant {
  participantId: string;
  did: string;
  /**
   * The name and stack a format 1 export line carries. Not scored and, since proveit-scorer/5, not written in
   * scores.json or a report (issue 39 item 6: names stay in the operator database and the Index's own tables).
   */
  agentName?: string;
  declaredStack?: string;
  /** task id → the submission document as received (already through intake). */
  submissions: ReadonlyMap<string, PyObject>;
}

/**
 * The verification report of one cited proof with the disclosure the submission gives for it, or `absent` when the
 * Trust Layer has no public view of that id. Made beforehand (verifying is async), looked up here: scoring is sync.
 */
export type ProofLookup = (proofId: string, disclosure: PyJson) => ProofReport | 'absent';

/** The hashes that say which inputs produced a score (project rules: determinism). */
export interface ScoreInputs {
  rules_sha256: string;
  manifest_hash: string;
  submissions_sha256: string;
  key_commitment: string;
  trust_bundle_digest: string;
  /** Over every bundled proof view and Rekor entry as served (docs/replay-bundle.md): an edited view never replays. */
  proofs_sha256: string;
  scorer_version: string;
}

export interface ScoringInput {
  season: number;
  track: string;
  rulesVersion: string;
  /** The freeze's window, ISO UTC; RFC 3161 times are compared with it, bounds included (spec §4.1). */
  window: { opensAt: string; closesAt: string };
  manifest: Manifest;
  /** json.loads of the frozen bytes served at a path (spec §2.4). */
  lookup: Lookup;
  definition: TrackDefinition;
  tasks: readonly ParsedTask[];
  key: readonly ParsedKeyTask[];
  participants: readonly ScoredParticipant[];
  proofs: ProofLookup;
  /**
   * When the close read the Trust Layer and the log (bundle.json `closed_at`, ISO UTC): how long after `closes_at` a
   * witness has been missing decides between pending and a Trust Layer fault (docs/scoring.md "Witness limits").
   */
  closedAt: string;
  /** The last read of each proof the Trust Layer answered `null` for (ISO UTC, bundle.json `last_read_at`). */
  nullAnsweredAt: ReadonlyMap<string, string>;
  inputs: ScoreInputs;
}

export type UnsupportedCause = 'invalid_proof' | 'identity_not_bound' | 'resource_mismatch' | 'value_mismatch';

/** Why a cited proof cannot be judged yet: it is read again by a later close (docs/scoring.md). */
export type PendingReason = 'BATCH_PENDING' | 'REKOR_ENTRY_NOT_FETCHED' | 'NULL_ANSWER_RECHECK';

/** A witness the Trust Layer failed to produce (spec §4.1 condition 1 needs both): counted against no one. */
export type TrustLayerFaultCode =
  'TRUST_LAYER_TSA_FAILED' | 'TRUST_LAYER_REKOR_FAILED' | 'TRUST_LAYER_REKOR_UNFETCHABLE';

/** What one cited proof gave against the four conditions (docs/scoring.md). */
export type ProofOutcome =
  | { kind: 'ok'; proofId: string }
  | { kind: 'pending'; proofId: string; reason: PendingReason }
  | { kind: 'instrument_fault'; proofId: string; status: '403' | '503' | '400' }
  | { kind: 'trust_layer_fault'; proofId: string; code: TrustLayerFaultCode }
  | {
      kind: 'fail';
      proofId: string;
      condition: 1 | 2 | 3 | 4;
      cause: UnsupportedCause;
      code: string;
      expected?: PyJson;
      actual?: PyJson;
    };

export type AssertionStatus =
  'supported' | 'unsupported' | 'instrument_fault' | 'trust_layer_fault' | 'pending' | 'not_counted';

export interface AssessedAssertion {
  assertionId: string;
  taskId: string;
  resource: string;
  field: string;
  value: PyJson;
  status: AssertionStatus;
  /** For unsupported: the failing proof's outcome (cause, code, both values). */
  failure?: Extract<ProofOutcome, { kind: 'fail' }>;
  /** For an instrument fault: which /_systeme body the response was. */
  instrumentFault?: Extract<ProofOutcome, { kind: 'instrument_fault' }>;
  /** For a Trust Layer fault: which witness the Trust Layer failed to produce. */
  trustLayerFault?: Extract<ProofOutcome, { kind: 'trust_layer_fault' }>;
  proofs: ProofOutcome[];
}

/** An assertion ArkForge's side took out of the counts: an instrument fault or a Trust Layer fault (spec §4.1). */
export interface SetAside {
  assertionId: string;
  kind: 'instrument_fault' | 'trust_layer_fault';
  /** The /_systeme status (403, 503, 400) or the TRUST_LAYER_ code. */
  cause: string;
}

export type TaskStatus = 'submitted' | 'not_submitted' | 'rejected_at_close' | 'pending';

export type RejectionRule =
  | 'OVER_CAP'
  | 'OUTSIDE_TASK_GRAPH'
  | 'EMPTY_POINTER'
  | 'NOT_PROBATIVE'
  | 'COMMON_ENTRY_NOT_CONCERNED'
  | 'TOO_FEW_OWN_RESOURCES';

export type NotSubmittedReason = 'NO_SUBMISSION' | 'BELOW_MINIMUM' | 'BELOW_MINIMUM_AFTER_INSTRUMENT_FAULTS';

export interface ScoredTask {
  taskId: string;
  status: TaskStatus;
  notSubmitted?: NotSubmittedReason;
  rejection?: { rule: RejectionRule; assertionId: string | null };
  verdictGiven: string | null;
  verdictExpected: string;
  exact: boolean;
  grounded: boolean;
  /** Grounding facts of the key that no supported assertion carries (named in the report). */
  missingFacts: { fact: string; resource: string; field: string; value: PyJson }[];
  assertions: AssessedAssertion[];
  /** Counts over this task (only meaningful when submitted). */
  supported: number;
  unsupported: number;
  instrumentFaults: number;
  trustLayerFaults: number;
  /**
   * The assertions set aside by ArkForge's faults, in submission order (the report says so, docs/scoring.md "Per task:
   * admissibility (spec §5.7), in this order").
   */
  setAside: SetAside[];
}

/** A flat field of a cited proof that disagrees with its opening: a Trust Layer incident, never a cause (spec §4.1). */
export interface TrustLayerAnomaly {
  proofId: string;
  field: string;
  flat: string;
  opened: string;
}

export interface ScoredParticipantResult {
  participant: ScoredParticipant;
  /** Every anomaly of the proofs this participant cites, once per proof and field, in citation order. */
  anomalies: TrustLayerAnomaly[];
  status: 'scored' | 'pending';
  tasks: ScoredTask[];
  overclaim: { unsupported: number; submitted: number } | null;
  success: { groundedExact: number; outOf: number } | null;
  tasksSubmitted: number;
  instrumentFaults: number;
  trustLayerFaults: number;
  /** Spec §5.5: the control task, exact and grounded or not ("instrumentation check failed" when not). */
  controlTask: { taskId: string; exactAndGrounded: boolean } | null;
}

export interface TrackScore {
  bestConstantAnswer: { verdict: string; exact: number; outOf: number };
  /** The key's control task (spec §5.5: identified only at close). */
  controlTaskId: string | null;
  participants: ScoredParticipantResult[];
}
