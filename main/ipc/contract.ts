// The one typed contract between the renderer and main (design brief §3). The renderer imports types from here
// only; main validates every call against it (main/ipc/validate-call.ts) whether it arrives over Electron IPC or
// over the headless mode's loopback HTTP. Secrets (the answer key before close, the salt, API keys, the corpus
// secret) have no field here: no answer can carry them.

import type { ReceiptComparison } from '../core/disputes/receipt-evidence.ts';
import type { SeasonState } from '../core/console/season-state.ts';
import type { RecordedJobKind } from '../core/console/job-args.ts';
import type { FollowCycleLine, HourlyReads, LiveSeason } from '../core/follow/model.ts';
import type { SeasonActivity } from '../core/follow/activity.ts';
import type { StateArea } from '../core/console/state-areas.ts';

export type { ActivityItem, ActivityTrack, SeasonActivity } from '../core/follow/activity.ts';
export type { StateArea };
import type { SubmissionReceipt } from '../core/receipts/submission-receipt.ts';
import type { StoredIncident } from '../core/incidents/incident-record.ts';
import type { DisputeListing } from '../core/disputes/listings.ts';
import type { ParticipantWindowListing } from '../core/disputes/listings.ts';

export type { ParticipantWindowListing };
export type {
  FollowCycleLine,
  FollowState,
  HourlyReads,
  LiveIncident,
  LiveSeason,
  LiveTaskCount,
  LiveTrack,
} from '../core/follow/model.ts';
import type { FetchProgress } from '../core/proofs-plan/progress.ts';

import type { TrackName } from '../core/corpus/model.ts';
import type { NoticeKind } from '../core/notices/season-notice.ts';
import type { ConnectionName } from '../core/console/connection-names.ts';
import type { Lang } from '../core/index/model.ts';

export type { TrackName };

/** A published task, as participants see it: never the sealed answer key (secrets never reach the renderer). */
export interface TaskSummary {
  id: string;
  prompt: string;
  minAssertions: number;
  capAssertions: number;
  graphSize: number;
}

export interface SeasonTrackOverview {
  season: number;
  track: TrackName;
  rulesVersion: string;
  base: string;
  resources: number;
  manifestHash: string;
  tasks: TaskSummary[];
}

export interface ConsoleOverview {
  version: string;
  mode: 'desktop' | 'headless';
  corpusDir: string;
  /** The operator database the console runs on (null: none opened). */
  dbFile: string | null;
  tracks: SeasonTrackOverview[];
  /** Problems met while reading the corpus, with their stable codes. */
  problems: { code: string; message: string }[];
  /** Whether the Trust Layer (freezes) and the season service (first closes) were given at start; never their keys. */
  configured: { trust_layer: boolean; season_service: boolean };
  /** Who every act is recorded as (`--actor`, or the name the screens asked once); null: no one named yet. */
  actor: ConsoleActor | null;
}

/** The person the console's audit entries name (docs/console-backend.md "Who acts"), and where the name came from. */
export interface ConsoleActor {
  name: string;
  from: 'option' | 'screen';
}

/** `participant.rename` / `participant.reference` (docs/index-export.md): what the Index now shows for a participant. */
export interface ParticipantShown {
  season: number;
  participant_id: string;
  display_name?: string;
  declared_stack?: string;
  prompt_sha256?: string;
  audit_head: { seq: number; hash: string };
}

/** `index.anchor`: the proof that dates the newest export's manifest hash (docs/index-export.md "Anchoring"). */
export interface IndexAnchorAnswer {
  season: number;
  index_version: number;
  manifest_sha256: string;
  proof_id: string;
  url: string;
  out_dir: string;
}

/** `incident.open` by hand (docs/incidents.md): what `proveit incident open` takes, as fields. */
export interface IncidentOpening extends TrackRef {
  kind: string;
  summary: string;
  cause?: string;
  owner?: string;
  window_start?: string;
  window_end?: string;
  participants?: string[];
  assertions?: string[];
  proofs?: string[];
}

export type { ConnectionName };

export interface ConsoleConnection {
  name: ConnectionName;
  /** The URL (scheme, host and path only: never a credential or a query) or the folder in use; null when not given. */
  target: string | null;
  /** Given with its option, taken by default (the season base from --season-url, the production trust bundle), or none. */
  source: 'option' | 'default' | 'none';
  /** The `proveit console` option that sets it, e.g. `--trust-layer`. */
  option: string;
}

/** One connection tested: the one harmless request or check made, and its outcome with a stable code. */
export interface ConnectionTest {
  name: ConnectionName;
  at: string;
  ok: boolean;
  /** What was done, e.g. `GET https://trust.arkforge.tech/v1/health`. */
  checked: string;
  /** What it found when it worked (an answer's status, a bundle's digest); a warning beside it, or null. */
  detail: string | null;
  warning: string | null;
  error: { code: string; message: string } | null;
}

export interface ConnectionsView {
  connections: ConsoleConnection[];
  /** The test asked for with `test`, else null. */
  test: ConnectionTest | null;
}

/**
 * The season set-up checklist (docs/console-backend.md "Set-up"): the operator key beside the database and the
 * challenge's DID it gives, never the private key; whether the console was given an API key, never the key.
 */
export interface SetupView {
  /** `index-signing-key.pem` beside the database; null without a database. */
  key_file: string | null;
  /** The operator key's public part once the file exists and reads; null before. */
  operator_key: { public_key_hex: string; key_id: string; challenge_did: string } | null;
  /** The key file exists but cannot be used: its code and message (nothing is created over it). */
  key_problem: { code: string; message: string } | null;
  /** Whether the console was started with --trust-layer and --api-key-file (the key itself stays in main). */
  api_key_given: boolean;
}

/** `setup.bind`: the API key (--api-key-file) bound to the challenge's DID, as the Trust Layer confirmed it. */
export interface ApiKeyBinding {
  did: string;
  bound_at: string;
  method: string;
  /** True when the Trust Layer already had that DID bound to the key: nothing was asked or recorded. */
  already_bound: boolean;
  /** The audit entry recording the binding; null when it was already bound. */
  audit_head: { seq: number; hash: string } | null;
}

/** A season and track: what almost every operation is about. */
export interface TrackRef {
  season: number;
  track: TrackName;
}

export type { SeasonState };

export interface SeasonTrackStatus extends TrackRef {
  state: SeasonState;
  opens_at: string | null;
  closes_at: string | null;
  revealed_at: string | null;
  latest_close_at: string | null;
  published_at: string | null;
  /** Latest publication version (1, or a correction's k+1). */
  latest_version: number | null;
  /** When the latest version was published (`published_at` is version 1's): the date shown beside that version. */
  latest_published_at: string | null;
  dispute_window_ends_at: string | null;
  disputes_open: number;
  disputes_at_risk: number;
  disputes_overdue: number;
  incidents_open: number;
  /** When the operator database was last backed up (docs/operator-database.md "Backups"), or null: never. */
  last_backup_at: string | null;
  /** A freeze was recorded after the last backup (BACK_UP_SEASON): shown first, above `next_step`. */
  backup_due: boolean;
  /** The freeze in force against its anchor deadline (the Season screen shows it while the proof is pending). */
  anchor_deadline: AnchorDeadlineView | null;
  /** The track's season invalidated (state `invalidated`): when, why, its proof; null when it was not. */
  invalidation: SeasonInvalidationView | null;
  /** What the operator does next, in a sentence (English; the screen may translate by `next_step_code`). */
  next_step: string;
  next_step_code: string;
  now: string;
}

export interface PublishedFreezeEntry {
  proof_id: string;
  rules_version: string;
  rules_hash: string;
  manifest_hash: string;
  key_commitment: string;
  url: string;
  replaces: string | null;
  reason: string | null;
  opens_at: string;
  closes_at: string;
  /** When the freeze was recorded (the operator's clock), ISO UTC. */
  created_at: string;
  /** The RFC 3161 time of the freeze proof, once a third party's verification of it succeeded (else null). */
  anchor_time: string | null;
  /** The last anchoring check of the freeze proof (`freeze.anchor`, `freeze.verify`); null: never checked. */
  anchor: FreezeAnchorView | null;
  /** Recorded in the operator database: what `proveit freeze publish` prints from. */
  published: boolean;
}

/** A freeze proof's anchoring as last verified: anchored (RFC 3161 time, Rekor entry) or its batch still pending. */
export interface FreezeAnchorView {
  state: 'anchored' | 'pending';
  anchor_time: string | null;
  rekor_uuid: string | null;
  /** Whether the Rekor entry was verified too (else the RFC 3161 token alone witnessed it). */
  rekor_verified: boolean;
  independent_witnesses: number;
  checked_at: string;
}

/**
 * A track's season invalidated (`season.invalidate`; docs/freeze.md "Invalidating a season"): the invalidation's proof,
 * the freeze it ended, the reason as published, the signed document's SHA-256. Never a key, a salt or the API key.
 */
export interface SeasonInvalidationView extends TrackRef {
  proof_id: string;
  freeze_proof_id: string;
  document_sha256: string;
  reason: string;
  invalidated_at: string;
}

/**
 * A notice to participants as the operator writes it (`season.notice`; docs/season-service.md "Notices"): the fields of
 * a `proveit-season-notice/1` document before it is signed. `incident_id` names the incident it tells about (its
 * reference becomes `incident ID`); `window_from` and `window_to` go together.
 */
export interface NoticeRequest {
  season: number;
  kind: NoticeKind;
  track?: TrackName;
  text_fr: string;
  text_en: string;
  tasks?: string[];
  window_from?: string;
  window_to?: string;
  incident_id?: number;
}

/** A notice drafted from an incident (`incident.notice_draft`), to publish as it is or edited: nothing signed yet. */
export type NoticeDraft = NoticeRequest & { reference: string };

/** A notice published (`season.notice`): the season service serves it in GET /v1/season/{n}. */
export interface NoticeView {
  season: number;
  kind: string;
  track: string | null;
  incident_id: number | null;
  document_sha256: string;
  issued_at: string;
  /** The signed document as posted (canonical JSON). */
  document: string;
}

/**
 * A track's reports delivered to the season service (`season.deliver`; docs/publications.md "Private reports, public
 * by choice"): each participant's report of the latest publication version, signed by the operator key, which the
 * participant then reads with its season token.
 */
export interface ReportDeliveryView {
  season: number;
  track: string;
  publication_version: number;
  reports: number;
  /** Reports the service had not held before (0 when this version was delivered already). */
  recorded: number;
  delivered_at: string;
}

/** The participants' choices read from the season service (`season.consents`): each track's in force. */
export interface ConsentsView {
  season: number;
  new_consents: number;
  in_force: { track: string; participant_id: string; public: boolean; recorded_at: string }[];
}

export interface FreezeView extends TrackRef {
  rules_file: string;
  rules_text: string;
  manifest_hash: string;
  in_force: string | null;
  freezes: PublishedFreezeEntry[];
  revealed_at: string | null;
  /** The freeze in force against its anchor deadline (its opening), or null with none in force. */
  anchor_deadline: AnchorDeadlineView | null;
  /** The track's season invalidated (`season.invalidate`), or null: the screen shows it and the reveal it allows. */
  invalidation: SeasonInvalidationView | null;
  /** The track's latest close, or null: a closed track can no longer be invalidated (SEASON_INVALIDATE_CLOSED). */
  latest_close_at: string | null;
}

/**
 * The freeze in force against its anchor deadline (spec §8; docs/freeze.md "Timeline"): its proof must be anchored
 * before the opening, or the close refuses it (CLOSE_FREEZE_ANCHORED_AFTER_OPENING).
 */
export interface AnchorDeadlineView {
  state: 'anchored_in_time' | 'awaiting_anchor' | 'recheck_after_opening' | 'anchored_after_opening';
  /** The opening, ISO UTC. */
  deadline: string;
  /** The last instant a replacement is accepted (the opening less the lead, FREEZE_OPENING_TOO_SOON after it). */
  replace_until: string;
  replacement_allowed: boolean;
  /** The console's clock when this was computed: a countdown runs from it, not from the page's clock. */
  now: string;
}

export interface CheckFailure {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface CorpusResource {
  path: string;
  url: string;
  collection: string | null;
  request_hash: string;
  response_hash: string;
}

export interface CorpusView extends TrackRef {
  base: string;
  manifest_hash: string;
  resources: CorpusResource[];
  check: { ok: boolean; problems: CheckFailure[] };
}

export interface ServedResource {
  path: string;
  content_type: string;
  sha256: string;
  /** The bytes served, as UTF-8 text (the corpus serves JSON). */
  text: string;
}

/** A participant whose scores wait on a pending proof: its latest close left it pending on that proof. */
export interface WaitingParticipant {
  season: number;
  track: string;
  participant_id: string;
  /** The display name set for the Index, else the agent name in the track's scores; null when none is known. */
  name: string | null;
}

export interface PendingProof {
  proof_id: string;
  /** The first of `waiting`, or null when no close is waiting on this proof. */
  participant_id: string | null;
  /** Every participant the latest close of its track left pending on this proof (none before a close). */
  waiting: WaitingParticipant[];
  first_seen_pending_at: string;
  next_recheck_at: string | null;
}

export interface ProofsView {
  running: boolean;
  /** A read under way in this console (the close's reads report through `close.progress` events). */
  progress: FetchProgress | null;
  /** The last progress recorded by the running job, if any. */
  job_progress: JobView['progress'];
  cache: { views: number; rekor_entries: number; absent: number };
  /** The read quota now: reads counted in the sliding window and left in it. */
  quota: { limit: number; window_ms: number; used: number; left: number };
  /** Proof reads per clock hour (UTC) of the last 24 hours, oldest first, the current hour included: the chart. */
  hourly_reads: HourlyReads[];
  pending: PendingProof[];
}

/** A pending proof re-checked now (one read): its state after the read, and the Proofs screen's view. */
export interface ProofRecheck {
  proof_id: string;
  status: string;
  proofs: ProofsView;
}

/** One row of scores.json (docs/scoring.md). */
export interface ScoreRow {
  participant_id: string;
  did: string;
  agent_name: string;
  declared_stack: string;
  reference: boolean;
  status: 'scored' | 'pending';
  overclaim: { unsupported: number | null; submitted: number | null };
  success: { grounded_exact: number | null; out_of: number };
  tasks_submitted: number;
  instrument_faults: number;
  /** Witnesses the Trust Layer failed to produce (docs/scoring.md); 0 in scores of scorer versions before 3. */
  trust_layer_faults: number;
}

/**
 * Which figures a screen shows (docs/publications.md): a published version, or a close not published yet. Every
 * figure on screen is labelled with it ("published v2", "close of 19:12, not published").
 */
export type ShownFigures =
  { kind: 'published'; version: number; published_at: string } | { kind: 'close'; close_id: number; closed_at: string };

/** What a track's figures can be shown as: each published version, and the latest close when none publishes it. */
export interface FigureChoices {
  published: { version: number; corrects_version: number | null; published_at: string }[];
  unpublished_close: { close_id: number; closed_at: string } | null;
}

/** Which figures to show: a version, the latest close (`latest_close`), or by default the latest of the two. */
export type FiguresAsked = { version?: number; latest_close?: boolean };

export interface ScoresView extends TrackRef {
  /** The publication version shown; null: the latest close, not published yet. */
  version: number | null;
  close_id: number;
  shown: ShownFigures;
  choices: FigureChoices;
  best_constant_answer: { verdict: string; success: { exact: number; out_of: number } };
  /** Every participant when no page is asked; else rows offset .. offset + limit of `total`. */
  participants: ScoreRow[];
  total: number;
  offset: number;
}

export interface ReportAssertion {
  assertion_id: string;
  task_id: string;
  status: 'supported' | 'unsupported' | 'instrument_fault' | 'trust_layer_fault' | 'pending' | 'not_counted';
  claim: { resource: string; field: string; value: unknown };
  cause?: string;
  cause_text?: string;
  code?: string;
  proof_id?: string;
  systeme_status?: string;
  /** The TRUST_LAYER_ code of a Trust Layer fault. */
  trust_layer_fault?: string;
  /**
   * What a correction changed (main/core/publications/correct-report.ts): the status, cause and code the assertion
   * had before, the dispute that changed it and the version it was published in.
   */
  corrected?: {
    from_status: string;
    from_cause: string | null;
    from_code: string | null;
    dispute_id: string;
    version: number;
  };
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
  trust_layer_faults?: number;
  /** The assertions ArkForge's faults set aside (docs/scoring.md, scorer 3). */
  set_aside?: { assertion_id: string; kind: 'instrument_fault' | 'trust_layer_fault'; cause: string }[];
  not_submitted?: string;
  rejected_at_close?: { rule: string; assertion_id: string | null };
}

/** reports/<participant_id>.json (docs/scoring.md) as published. */
export interface ParticipantReport extends Omit<ScoreRow, 'reference'> {
  /** Which figures this report belongs to (a published version, or a close not published yet). */
  shown: ShownFigures;
  season: number;
  track: TrackName;
  tasks: ReportTask[];
  assertions: ReportAssertion[];
  trust_layer_anomalies: { proof_id: string; field: string; flat: string; opened: string }[];
  /** Spec §5.5 (scorer 3): the control task and whether it is exact and grounded; null while pending. */
  control_task?: { task_id: string; exact_and_grounded: boolean } | null;
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

/** A participant's figures as a preview shows them: the parts of both rates, side by side, never combined. */
export type PreviewFigures = Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;

/** What publishing now would change (docs/publications.md): shown before the operator confirms `season.publish`. */
export interface PublishPreview extends TrackRef {
  version: number;
  corrects_version: number | null;
  close_id: number;
  closed_at: string;
  /** Each participant whose published figures change; `before` is null when nothing was published for them. */
  changes: { participant_id: string; name: string | null; before: PreviewFigures | null; after: PreviewFigures }[];
  pending: string[];
}

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
      /** The name staff know it by (as ConsoleDispute's `agent_name`), null when no close names it. */
      agent_name?: string | null;
      before: Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;
      after: Pick<ScoreRow, 'overclaim' | 'success' | 'tasks_submitted' | 'instrument_faults'>;
    }[];
  } | null;
}

/**
 * A dispute as the console lists it: `proveit dispute list`'s line, with the name staff know the participant by (the
 * display name set for the Index, else the agent name of the track's scores), null before the track has a close.
 */
export type ConsoleDispute = DisputeListing & { agent_name: string | null };

/** A participant's own dispute window as the console lists it, with the name staff know the participant by. */
export type ConsoleDisputeWindow = ParticipantWindowListing & { agent_name: string | null };

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

/**
 * The last check of a backup file since the console started (`backup.verify`, `backup.restore_check`): what was
 * checked, or the code of what failed. Never the passphrase, a salt or a key.
 */
export interface BackupCheck {
  name: string;
  kind: 'verify' | 'restore_check';
  at: string;
  ok: boolean;
  error: { code: string; message: string } | null;
  /** The backup file's SHA-256 (as its backup.create audit entry names it), once it opens. */
  sha256: string | null;
  /** When the backup says it was made. */
  created_at: string | null;
  files: number | null;
  audit_entries: number | null;
  /** Whether it carries the Index exports (format 2); false: a format 1 backup, made before they were carried. */
  carries_index_exports: boolean | null;
}

/** A restore check: the backup restored beside the running database for real, compared, then removed. */
export interface BackupRestoreCheck extends BackupCheck {
  /** Each season's latest Index version as the restored database records it, against the folder restored with it. */
  index_exports: { season: number; version: number; folder: string | null; agrees: boolean }[];
  /** What the restore would say (acts it no longer records, Index exports that disagree), code and message. */
  warnings: { code: string; message: string }[];
}

/** One backup of this database in the console's backup folder. */
export interface BackupListing {
  name: string;
  /** When it was made, from its name (UTC). */
  created_at: string;
  bytes: number;
  /** The last verification or restore check since the console started; null: not checked yet. */
  check: BackupCheck | null;
  /** The command that restores it into a new database (the console cannot replace the database it holds open). */
  restore_command: string;
}

/** The console's backup folder (`--backup-dir`) and this database's backups in it, newest first. */
export interface BackupsView {
  /** null: started without --backup-dir (nothing can be backed up from the screens). */
  dir: string | null;
  keep: number | null;
  backups: BackupListing[];
}

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

import type { Decision as DisputeDecision, DisputeChange } from '../core/disputes/transitions.ts';

export type { DisputeDecision, DisputeChange };
/**
 * An incident as the console shows it: the stored record, with the names staff know the participants of its links by
 * (participantNames in scores-handlers.ts), by participant id; a participant without a known name is not listed.
 */
export type Incident = StoredIncident & { participantNames: Record<string, string> };

export interface AuditEntry {
  seq: number;
  at_ms: number;
  actor: string;
  action: string;
  summary: string;
  details: string;
  prev_hash: string;
  entry_hash: string;
}

export type AuditVerifyAnswer =
  | { ok: true; entries: number; head: { seq: number; hash: string }; quoted_heads: number }
  | { ok: false; code: string; message: string; details?: Record<string, unknown> };

export interface VerifyAnswer {
  verified: boolean;
  failures: CheckFailure[];
}

/**
 * `index.verify`: what was checked (the season's newest export: its folder and Index version, the files its signed
 * manifest lists) and the outcome, its anchor included (docs/console-backend.md "The Index export's state").
 */
export interface IndexVerifyAnswer extends VerifyAnswer, IndexExportState {}

/** An export's anchor (anchor/ in its folder, docs/index-export.md "Anchoring"), as the view kept there verifies. */
export interface IndexAnchorState {
  /** absent: never anchored; pending: its batch not anchored in the view kept; not_verified: the anchor fails (`code`). */
  state: 'absent' | 'pending' | 'anchored' | 'not_verified';
  proof_id: string | null;
  /** The RFC 3161 time of the proof's batch, once anchored: the version existed by then. */
  anchored_at: string | null;
  code: string | null;
}

/** The season's newest Index export, the one `index.verify` checks and `index.anchor` anchors. */
export interface IndexExportState {
  season: number;
  out_dir: string;
  /** Its Index version (null: its manifest cannot be read). */
  version: number | null;
  /** The files its signed manifest lists (manifest.json and manifest.sig.json are not among them). */
  listed_files: number | null;
  anchor: IndexAnchorState;
}

/** `index.status`: the newest export, or null when none was written from this console. */
export interface IndexStatus {
  season: number;
  newest: IndexExportState | null;
}

/** A publication linter finding (docs/index-export.md, "Publication rules"): a stable `LINT_*` code, where, what. */
export interface LintFinding {
  code: string;
  /** The export file concerned (relative path). */
  file: string;
  /** Where in it: a section, a row or a field. */
  where: string;
  /** The CLI's sentence (English, naming the command that fixes it). */
  message: string;
  /**
   * What was found, as facts the screen words in its language with its own act as the fix, never a command (keys by
   * code: LintFacts, main/core/index/lint/lint-index.ts).
   */
  facts?: Record<string, string>;
  /**
   * The act that fixes it, done from the Index screen (docs/console.md "Screens"): a display name, a declared stack or the
   * reference run's record of the participant named; null for a finding no act of staff fixes (a rendering fault).
   */
  fix: LintFix | null;
}

export interface LintFix {
  act: 'display_name' | 'declared_stack' | 'reference';
  track: TrackName;
  participant_id: string;
}

/** The Index as the next export would write it (written nowhere), with the linter's findings. */
export interface IndexPreview extends TrackRef {
  lang: Lang;
  /** The Index version the next export writes: the latest again when nothing changed since. */
  version: number;
  /** Whether that version is already exported (then the export writes it again, byte for byte). */
  exported: boolean;
  /** The self-contained HTML page, shown in a sandboxed frame; null while a file holds a secret (LINT_SECRET). */
  html: string | null;
  /** Every finding blocks the export (INDEX_LINT_FAILED); the screen lists them before. */
  findings: LintFinding[];
}

/** An `index.export` job's result (docs/console-backend.md). */
export interface IndexExportAnswer {
  out_dir: string;
  version: number;
  manifest_sha256: string;
  /** Every file written: the `listed_files` the signed manifest lists, manifest.json and manifest.sig.json. */
  files: number;
  /** The files the signed manifest lists (what index.verify checks one by one); absent from jobs of older consoles. */
  listed_files?: number;
}

/** The first start's demo, and the kinds the job worker runs (main/core/console/job-args.ts). */
export type JobKind = 'demo' | RecordedJobKind;
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** Long work run off the main thread, recorded in the database so it survives a reload and resumes after a restart. */
export interface JobView {
  id: number;
  kind: JobKind;
  state: JobState;
  /** The job's arguments as given (never a secret). */
  args: Record<string, unknown>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** How many times it was started (more than 1: resumed after a restart). */
  attempts: number;
  progress: { step: string; message: string; done: number; total: number } | null;
  result: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
}

/** A season's window, as UTC instants (`YYYY-MM-DDTHH:MM:SS[.mmm]Z`, spec §8: the opening decides what may change). */
export interface FreezeWindow {
  opens_at: string;
  closes_at: string;
}

type Op<A, R> = { args: A; result: R };
type None = Record<string, never>;
type Page = { offset?: number; limit?: number };

/** Channel name → argument and result types. */
export interface IpcContract {
  'console.overview': Op<None, ConsoleOverview>;
  /** The name asked once by the screens, kept in main for the session (refused once another is named). */
  'console.actor': Op<{ actor: string }, ConsoleActor>;
  /** The services in use, and with `test` one of them tried by one harmless request (docs/console-backend.md). */
  'console.connections': Op<{ test?: ConnectionName }, ConnectionsView>;
  /** The set-up checklist's state: the operator key beside the database, its challenge DID (docs/console-backend.md). */
  'setup.view': Op<None, SetupView>;
  /** Creates the operator key beside the database when there is none (audited), then answers as `setup.view`. */
  'setup.operator_key': Op<None, SetupView>;
  /** Binds the API key given at start to the challenge's DID: the challenge signed in main with the operator key. */
  'setup.bind': Op<None, ApiKeyBinding>;
  'season.status': Op<None, { tracks: SeasonTrackStatus[] }>;
  /** The season followed while it runs (docs/season-follow.md): counts, reads and incidents, never a score. */
  'season.live': Op<None, LiveSeason>;
  /** The season as it arrives, every few seconds (docs/season-follow.md "Activity"): counts and the latest items. */
  'season.activity': Op<None, SeasonActivity>;
  /** The time between the follower's cycle starts, 60 to 3600 s (audited, from the next cycle on); the follower's state. */
  'follow.cadence': Op<{ every_seconds: number }, LiveSeason['follow']>;
  /** "Run a cycle now": starts one at once unless one runs; the follower's state after. */
  'follow.run_now': Op<None, { started: boolean; reason: string | null; follow: LiveSeason['follow'] }>;
  'freeze.view': Op<TrackRef, FreezeView>;
  'freeze.verify': Op<TrackRef, VerifyAnswer>;
  'freeze.anchor': Op<TrackRef, FreezeView>;
  'freeze.create': Op<TrackRef & FreezeWindow, FreezeView>;
  'freeze.replace': Op<TrackRef & FreezeWindow & { reason: string }, FreezeView>;
  'freeze.publish': Op<TrackRef, FreezeView>;
  'freeze.reveal': Op<TrackRef, FreezeView>;
  /**
   * Takes in force a freeze chain made elsewhere (docs/freeze.md "Adopting a freeze made elsewhere"): the published
   * chain and its sealed salt and key as pasted, checked against the proofs and the track folder before anything is
   * recorded. The seals are never echoed back: the answer is the freeze view.
   */
  'freeze.adopt': Op<TrackRef & { freeze_chain: string; seals: string }, FreezeView>;
  /**
   * Invalidates a track's season in progress (spec §8): the reason anchored through the Trust Layer and posted to the
   * season service, which stops the track's submissions at once; the key may then be revealed (`freeze.reveal`).
   */
  'season.invalidate': Op<TrackRef & { reason: string }, SeasonInvalidationView>;
  /**
   * Publishes a notice to participants (docs/season-service.md "Notices"): signed with the operator key beside the
   * database, posted to the season service with the operator token, recorded and audited `season.notice`.
   */
  'season.notice': Op<NoticeRequest, NoticeView>;
  /**
   * Delivers each participant its own report of the track's latest publication version (`proveit season deliver`):
   * signed with the operator key beside the database, posted to the season service, recorded and audited.
   */
  'season.deliver': Op<TrackRef, ReportDeliveryView>;
  /** Reads the participants' choices to make their reports public (`proveit season consents`), copied and audited. */
  'season.consents': Op<{ season: number }, ConsentsView>;
  'corpus.view': Op<TrackRef, CorpusView>;
  'corpus.resource': Op<TrackRef & { path: string }, ServedResource>;
  'proofs.view': Op<None, ProofsView>;
  'proofs.fetch': Op<None, JobView>;
  /** "Re-check now (uses 1 read)": one pending proof's view read at once through the quota and the read cache. */
  'proofs.recheck': Op<{ proof_id: string }, ProofRecheck>;
  'close.run': Op<TrackRef, JobView>;
  'replay.run': Op<TrackRef, JobView>;
  'season.publish': Op<TrackRef, { version: number; published_at: string; pending: string[] }>;
  /** What `season.publish` would publish now, nothing written; refused with the code publishing would answer. */
  'publish.preview': Op<TrackRef, PublishPreview>;
  'scores.view': Op<TrackRef & Page & FiguresAsked, ScoresView>;
  'report.view': Op<TrackRef & { participant_id: string } & FiguresAsked, ParticipantReport>;
  'assertion.evidence': Op<TrackRef & { participant_id: string; assertion: string }, AssertionEvidence>;
  'publication.versions': Op<TrackRef, { versions: PublicationVersion[] }>;
  /** The queue, and each participant's own dispute window (docs/disputes.md "The calendar", `proveit dispute list`'s `windows`). */
  'dispute.list': Op<None, { at: string; disputes: ConsoleDispute[]; windows: ConsoleDisputeWindow[] }>;
  'dispute.view': Op<{ dispute_id: string }, DisputeDetail>;
  'dispute.open': Op<DisputeReceipt, ConsoleDispute>;
  /** The reviewer (default: the session's actor) is the actor of the dispute's audit entries. */
  'dispute.review': Op<{ dispute_id: string; reviewer?: string }, ConsoleDispute>;
  /** What `dispute.decide` with these arguments would change, nothing written; refused as the decision would be. */
  'dispute.preview': Op<
    { dispute_id: string; decision: DisputeDecision; reason: string; reviewer?: string; change?: DisputeChange },
    DecisionPreview
  >;
  'dispute.decide': Op<
    { dispute_id: string; decision: DisputeDecision; reason: string; reviewer?: string; change?: DisputeChange },
    ConsoleDispute
  >;
  'incident.list': Op<None, { incidents: Incident[] }>;
  'incident.view': Op<{ id: number }, Incident>;
  /** "Tell participants": the notice drafted from the incident (its kind, track, window, affected tasks, summary). */
  'incident.notice_draft': Op<{ id: number }, NoticeDraft>;
  'incident.resolve': Op<{ id: number; resolution: string }, Incident>;
  'incident.open': Op<IncidentOpening, Incident>;
  'incident.note': Op<{ id: number; text: string }, Incident>;
  'incident.assign': Op<{ id: number; owner: string }, Incident>;
  'participant.rename': Op<
    { season: number; participant_id: string; display_name?: string; declared_stack?: string },
    ParticipantShown
  >;
  'participant.reference': Op<
    { season: number; participant_id: string; model: string; version: string; framework: string; prompt: string },
    ParticipantShown
  >;
  /** A track's participants (the Participants screen): names, DIDs, stacks, reference marks, windows. */
  'participant.list': Op<TrackRef, ParticipantsView>;
  /** The backup folder given at start and this database's backups in it (docs/console-backend.md "Backups"). */
  'backup.list': Op<None, BackupsView>;
  /** "Back up now": `proveit backup create` into the backup folder, under the passphrase given at start. */
  'backup.create': Op<None, BackupListing>;
  /** `proveit backup verify` of one backup of the folder (its file name). */
  'backup.verify': Op<{ name: string }, BackupCheck>;
  /** The backup restored beside the running database, opened, compared, then removed; never replaces it. */
  'backup.restore_check': Op<{ name: string }, BackupRestoreCheck>;
  'index.preview': Op<TrackRef & { lang: Lang }, IndexPreview>;
  'index.export': Op<{ season: number }, JobView>;
  'index.verify': Op<{ season: number }, IndexVerifyAnswer>;
  /** The newest export and its anchor; with `recheck`, its anchor proof's view read again first (uses 1 read). */
  'index.status': Op<{ season: number; recheck?: boolean }, IndexStatus>;
  'index.anchor': Op<{ season: number }, IndexAnchorAnswer>;
  'audit.list': Op<Page, { entries: AuditEntry[]; total: number; offset: number }>;
  'audit.verify': Op<None, AuditVerifyAnswer>;
  'jobs.list': Op<None, { jobs: JobView[] }>;
}

export type Channel = keyof IpcContract;
export type ArgsOf<C extends Channel> = IpcContract[C]['args'];
export type ResultOf<C extends Channel> = IpcContract[C]['result'];

/**
 * A refused call: its stable code, main's sentence (English), and the facts behind it when the check gave them (a
 * Failure's details, main/core/result.ts), from which the screen says what happened in its language. Details hold
 * values the operator typed or the database holds, never a secret (no answer key, salt, token or API key).
 */
export interface IpcError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** What every call answers: a value, or an error with a stable code (never a stack trace). */
export type IpcAnswer<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** The events main pushes, over one allow-listed channel (SSE in headless mode, `proveit:event` in Electron). */
export type ConsoleEvent =
  | { type: 'job'; job: JobView }
  | { type: 'demo.progress'; job_id: number; step: string; message: string; done: number; total: number }
  | { type: 'close.progress'; job_id: number; track: TrackName; progress: FetchProgress }
  | { type: 'read.progress'; job_id: number; progress: FetchProgress }
  | { type: 'deadline'; dispute_id: string; deadline_status: string; decision_due: string }
  /** After each cycle of the console's follower (docs/season-follow.md). */
  | { type: 'follow.cycle'; line: FollowCycleLine }
  /** What the console learnt from the season service's activity feed, when something arrived. */
  | { type: 'season.activity'; activity: SeasonActivity }
  /**
   * After every act that succeeded, every job's end and every follow cycle: the season and track (null: several or
   * none) and the areas it touched (core/console/state-areas.ts); every open window reads those again.
   */
  | { type: 'state.changed'; season: number | null; track: TrackName | null; touched: StateArea[]; cause: string };

export const CONSOLE_EVENT_TYPES: readonly ConsoleEvent['type'][] = [
  'job',
  'demo.progress',
  'close.progress',
  'read.progress',
  'deadline',
  'follow.cycle',
  'season.activity',
  'state.changed',
];
