import packageJson from '../../package.json' with { type: 'json' };
import type { Handlers } from '../ipc/dispatcher.ts';
import { seasonOverview } from './season-overview.ts';
import { consoleConnections } from './console-connections.ts';
import { setupBind, setupOperatorKey, setupView } from './handlers/setup-handlers.ts';
import { jobsOf, type ConsoleContext } from './console-context.ts';
import { corpusResource, corpusView } from './handlers/corpus-handlers.ts';
import {
  disputeDecide,
  disputeList,
  disputeOpen,
  disputePreview,
  disputeReview,
  disputeView,
} from './handlers/dispute-handlers.ts';
import {
  auditList,
  auditVerify,
  incidentAssign,
  incidentList,
  incidentNote,
  incidentOpen,
  incidentResolve,
  incidentView,
} from './handlers/incident-audit-handlers.ts';
import { indexAnchor } from './handlers/index-anchor-handler.ts';
import { indexStatus, indexVerify } from './handlers/index-status-handler.ts';
import { participantReference, participantRename } from './handlers/participant-handlers.ts';
import { participantList } from './handlers/participant-list-handler.ts';
import { backupHandlers } from './handlers/backup-handlers.ts';
import { actingAs, nameSessionActor } from './session-actor.ts';
import { freezeCreate, freezePublish, freezeReplace, freezeReveal } from './handlers/freeze-handlers.ts';
import { seasonInvalidate } from './handlers/invalidate-handler.ts';
import { seasonConsents, seasonDeliver } from './handlers/report-handlers.ts';
import { incidentNoticeDraft, seasonNotice } from './handlers/notice-handlers.ts';
import { freezeAdopt } from './handlers/freeze-adopt-handler.ts';
import { freezeAnchor } from './handlers/freeze-anchor-handler.ts';
import { freezeVerify } from './handlers/freeze-verify-handler.ts';
import { indexPreview } from './handlers/index-handlers.ts';
import { proofsRecheck, proofsView } from './handlers/proofs-handlers.ts';
import { freezeView, seasonLive, seasonStatus } from './handlers/season-handlers.ts';
import { followCadence, followRunNow, seasonActivity } from './handlers/follow-handlers.ts';
import { announceActs } from './state-changes.ts';
import {
  assertionEvidence,
  publicationVersions,
  reportView,
  scoresView,
  publishPreview,
  seasonPublish,
} from './handlers/scores-handlers.ts';
import { systemClock } from '../services/clock.ts';
import { ConsoleEvents } from './console-events.ts';
import { configuredOf, NO_SERVICES } from './console-services.ts';

export interface ConsoleSettings {
  corpusDir: string;
  mode: ConsoleContext['mode'];
}

/** A context without a database (the overview only): what the tests of the shell and older callers give. */
function contextOf(settings: ConsoleSettings | ConsoleContext): ConsoleContext {
  return 'events' in settings
    ? settings
    : { ...settings, db: null, dbFile: null, clock: systemClock, events: new ConsoleEvents(), jobs: null };
}

/** The handlers behind the IPC contract, the same for the desktop window and the headless mode. */
export function createConsoleHandlers(settings: ConsoleSettings | ConsoleContext): Handlers {
  const ctx = contextOf(settings);
  // Each act that succeeds is announced to every open window as `state.changed` (state-changes.ts).
  return announceActs(ctx.events, {
    'console.overview': async () => ({
      ...(await seasonOverview(ctx.corpusDir, ctx.mode, packageJson.version)),
      dbFile: ctx.dbFile,
      configured: configuredOf(ctx.services ?? NO_SERVICES),
      actor: ctx.actor ?? null,
    }),
    'console.actor': async (a) => nameSessionActor(ctx, a.actor),
    'console.connections': (a) => consoleConnections(ctx, a),
    'setup.view': () => setupView(ctx),
    'setup.operator_key': () => setupOperatorKey(ctx),
    'setup.bind': () => setupBind(ctx),
    'season.status': () => seasonStatus(ctx),
    'season.live': async () => seasonLive(ctx),
    'season.activity': async () => seasonActivity(ctx),
    'follow.cadence': async (a) => followCadence(ctx, a),
    'follow.run_now': async () => followRunNow(ctx),
    'freeze.view': (a) => freezeView(ctx, a),
    'freeze.verify': (a) => freezeVerify(ctx, a),
    'freeze.anchor': (a) => freezeAnchor(ctx, a),
    'freeze.create': (a) => freezeCreate(ctx, a),
    'freeze.replace': (a) => freezeReplace(ctx, a),
    'freeze.publish': (a) => freezePublish(ctx, a),
    'freeze.reveal': (a) => freezeReveal(ctx, a),
    'freeze.adopt': (a) => freezeAdopt(ctx, a),
    'season.invalidate': (a) => seasonInvalidate(ctx, a),
    'season.notice': (a) => seasonNotice(ctx, a),
    'season.deliver': (a) => seasonDeliver(ctx, a),
    'season.consents': (a) => seasonConsents(ctx, a),
    'corpus.view': (a) => corpusView(ctx, a),
    'corpus.resource': (a) => corpusResource(ctx, a),
    'proofs.view': () => proofsView(ctx),
    'proofs.fetch': async () => jobsOf(ctx).start('proofs', {}),
    'proofs.recheck': (a) => proofsRecheck(ctx, a),
    'close.run': async (a) => jobsOf(ctx).start('close', { season: a.season, track: a.track, actor: actingAs(ctx) }),
    'replay.run': async (a) => jobsOf(ctx).start('replay', { season: a.season, track: a.track }),
    'season.publish': (a) => seasonPublish(ctx, a),
    'publish.preview': (a) => publishPreview(ctx, a),
    'scores.view': (a) => scoresView(ctx, a),
    'report.view': (a) => reportView(ctx, a),
    'assertion.evidence': (a) => assertionEvidence(ctx, a),
    'publication.versions': (a) => publicationVersions(ctx, a),
    'dispute.list': () => disputeList(ctx),
    'dispute.view': (a) => disputeView(ctx, a),
    'dispute.open': (a) => disputeOpen(ctx, a),
    'dispute.review': (a) => disputeReview(ctx, a),
    'dispute.preview': (a) => disputePreview(ctx, a),
    'dispute.decide': (a) => disputeDecide(ctx, a),
    'incident.list': () => incidentList(ctx),
    'incident.view': (a) => incidentView(ctx, a),
    'incident.notice_draft': async (a) => incidentNoticeDraft(ctx, a),
    'incident.resolve': (a) => incidentResolve(ctx, a),
    'incident.open': (a) => incidentOpen(ctx, a),
    'incident.note': (a) => incidentNote(ctx, a),
    'incident.assign': (a) => incidentAssign(ctx, a),
    'participant.rename': (a) => participantRename(ctx, a),
    'participant.reference': (a) => participantReference(ctx, a),
    'participant.list': (a) => participantList(ctx, a),
    // Refused without a backup folder; the console started with --backup-dir gets them from withBackupsAfterActs.
    ...backupHandlers(ctx, null),
    'index.preview': (a) => indexPreview(ctx, a),
    'index.export': async (a) => jobsOf(ctx).start('index_export', { season: a.season, actor: actingAs(ctx) }),
    'index.verify': (a) => indexVerify(ctx, a),
    'index.status': (a) => indexStatus(ctx, a),
    'index.anchor': (a) => indexAnchor(ctx, a),
    'audit.list': (a) => auditList(ctx, a),
    'audit.verify': () => auditVerify(ctx),
    'jobs.list': async () => ({ jobs: [...(ctx.firstStart?.jobs() ?? []), ...(ctx.jobs?.list() ?? [])] }),
  });
}
