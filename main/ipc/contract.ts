// The one typed contract between the renderer and main (design brief §3). The renderer imports types from here
// only; main validates every call against it (main/ipc/validate-call.ts) whether it arrives over Electron IPC or
// over the headless mode's loopback HTTP. Secrets (the answer key before close, the salt, API keys, the corpus
// secret) have no field here: no answer can carry them. The answers' types live by feature in main/ipc/views/ and
// are re-exported here, so the channel table below stays one page and every import keeps naming this file.

import type { ConnectionName } from '../core/console/connection-names.ts';
import type { StateArea } from '../core/console/state-areas.ts';
import type { TrackName } from '../core/corpus/model.ts';
import type { Decision as DisputeDecision, DisputeChange } from '../core/disputes/transitions.ts';
import type { SeasonActivity } from '../core/follow/activity.ts';
import type { FollowCycleLine, LiveSeason } from '../core/follow/model.ts';
import type { Lang } from '../core/index/model.ts';
import type { FetchProgress } from '../core/proofs-plan/progress.ts';
import type { AuditEntry, AuditVerifyAnswer } from './views/audit.ts';
import type { BackupCheck, BackupListing, BackupRestoreCheck, BackupsView } from './views/backups.ts';
import type { CorpusView, ServedResource } from './views/corpus.ts';
import type {
  ConsoleDispute,
  ConsoleDisputeWindow,
  DecisionPreview,
  DisputeDetail,
  DisputeReceipt,
} from './views/disputes.ts';
import type { AssertionEvidence } from './views/evidence.ts';
import type { FreezeView, FreezeWindow, SeasonInvalidationView } from './views/freeze.ts';
import type { Incident, IncidentOpening } from './views/incidents.ts';
import type { IndexAnchorAnswer, IndexPreview, IndexStatus, IndexVerifyAnswer } from './views/index-export.ts';
import type { JobView } from './views/jobs.ts';
import type { NoticeDraft, NoticeRequest, NoticeView } from './views/notices.ts';
import type { ConsoleActor, ConsoleOverview } from './views/overview.ts';
import type { ParticipantShown, ParticipantsView } from './views/participants.ts';
import type { ProofRecheck, ProofsView } from './views/proofs.ts';
import type { ConsentsView, PublicationVersion, PublishPreview, ReportDeliveryView } from './views/publications.ts';
import type { ParticipantReport } from './views/reports.ts';
import type { FiguresAsked, ScoresView } from './views/scores.ts';
import type { SeasonTrackStatus } from './views/season.ts';
import type { ApiKeyBinding, ConnectionsView, SetupView } from './views/setup.ts';
import type { TrackRef } from './views/track-ref.ts';
import type { VerifyAnswer } from './views/verify.ts';

export type { ConnectionName, DisputeChange, DisputeDecision, StateArea, TrackName };
export type { SeasonState } from '../core/console/season-state.ts';
export type { ParticipantWindowListing } from '../core/disputes/listings.ts';
export type { ActivityItem, ActivityTrack, SeasonActivity } from '../core/follow/activity.ts';
export type {
  FollowCycleLine,
  FollowState,
  HourlyReads,
  LiveIncident,
  LiveSeason,
  LiveTaskCount,
  LiveTrack,
} from '../core/follow/model.ts';
export type * from './views/audit.ts';
export type * from './views/backups.ts';
export type * from './views/corpus.ts';
export type * from './views/disputes.ts';
export type * from './views/evidence.ts';
export type * from './views/freeze.ts';
export type * from './views/incidents.ts';
export type * from './views/index-export.ts';
export type * from './views/jobs.ts';
export type * from './views/notices.ts';
export type * from './views/overview.ts';
export type * from './views/participants.ts';
export type * from './views/proofs.ts';
export type * from './views/publications.ts';
export type * from './views/reports.ts';
export type * from './views/scores.ts';
export type * from './views/season.ts';
export type * from './views/setup.ts';
export type * from './views/track-ref.ts';
export type * from './views/verify.ts';

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
