import type { RecordedJobKind } from './job-args.ts';

/**
 * What an act, a job or a follow cycle may change, as the screens read it (docs/console-backend.md "Events",
 * `state.changed`): main names the areas an act touched, and each open window reads again the queries that read them.
 * Coarse on purpose: a few areas, each read by a handful of channels, so no act is forgotten for want of precision.
 */
export const STATE_AREAS = [
  'season',
  'freeze',
  'scores',
  'disputes',
  'incidents',
  'index',
  'proofs',
  'live',
  'audit',
  'jobs',
  'backups',
  'setup',
] as const;

export type StateArea = (typeof STATE_AREAS)[number];

/** Every act's channel and the areas its success changes (the acts of docs/console-backend.md "Who acts"). */
export const AREAS_OF_ACT: Readonly<Record<string, readonly StateArea[]>> = {
  'freeze.create': ['season', 'freeze', 'live', 'audit'],
  'freeze.replace': ['season', 'freeze', 'live', 'audit'],
  'freeze.publish': ['season', 'freeze', 'audit'],
  'freeze.reveal': ['season', 'freeze', 'audit'],
  'freeze.adopt': ['season', 'freeze', 'live', 'audit'],
  // Spec §8: an invalidation is published on the Index too (the track shown invalidated, nothing scored).
  'season.invalidate': ['season', 'freeze', 'live', 'audit', 'index'],
  // A notice is served in the season state and listed on the Index (docs/season-service.md "Notices").
  'season.notice': ['season', 'incidents', 'index', 'audit'],
  // Reports delivered and choices read change what the next Index export publishes (docs/publications.md).
  'season.deliver': ['index', 'audit'],
  'season.consents': ['index', 'audit'],
  'freeze.anchor': ['season', 'freeze', 'proofs'],
  'freeze.verify': ['season', 'freeze'],
  'proofs.recheck': ['season', 'freeze', 'proofs'],
  'season.publish': ['season', 'scores', 'disputes', 'index', 'audit'],
  'dispute.open': ['season', 'disputes', 'audit'],
  'dispute.review': ['disputes', 'audit'],
  'dispute.decide': ['season', 'disputes', 'scores', 'index', 'audit'],
  'incident.open': ['season', 'incidents', 'live', 'audit'],
  'incident.note': ['incidents', 'audit'],
  'incident.assign': ['incidents', 'audit'],
  'incident.resolve': ['season', 'incidents', 'live', 'audit'],
  'participant.rename': ['scores', 'disputes', 'index', 'audit'],
  'participant.reference': ['scores', 'index', 'audit'],
  'index.anchor': ['season', 'index', 'audit'],
  'follow.cadence': ['live', 'audit'],
  'follow.run_now': ['live'],
  'setup.operator_key': ['setup', 'audit'],
  'setup.bind': ['setup', 'audit'],
  'backup.create': ['season', 'backups', 'audit'],
  // A check's outcome is kept for the session and shown in the list: other windows show it too.
  'backup.verify': ['backups'],
  'backup.restore_check': ['backups'],
};

/** What a job's end (done or failed) may have changed, by its kind. */
export const AREAS_OF_JOB: Readonly<Record<RecordedJobKind, readonly StateArea[]>> = {
  close: ['season', 'freeze', 'scores', 'proofs', 'incidents', 'audit', 'jobs'],
  proofs: ['season', 'freeze', 'proofs', 'live', 'jobs'],
  replay: ['jobs'],
  index_export: ['season', 'index', 'audit', 'jobs'],
};

/** A cycle of the console's follower: reads, counts and the incidents they opened. */
export const AREAS_OF_CYCLE: readonly StateArea[] = ['season', 'proofs', 'live', 'incidents', 'audit'];

/** The areas each read channel shows: a query of that channel is read again when one of them changed. */
export const AREAS_READ: Readonly<Record<string, readonly StateArea[]>> = {
  'season.status': ['season'],
  'season.live': ['live'],
  'freeze.view': ['freeze'],
  'proofs.view': ['proofs'],
  'scores.view': ['scores'],
  'report.view': ['scores'],
  'assertion.evidence': ['scores'],
  'publication.versions': ['scores', 'disputes'],
  'publish.preview': ['scores'],
  'dispute.list': ['disputes'],
  'dispute.view': ['disputes'],
  'incident.list': ['incidents'],
  'incident.view': ['incidents'],
  'incident.notice_draft': ['incidents'],
  'index.preview': ['index', 'scores'],
  'index.status': ['index'],
  'participant.list': ['scores', 'index'],
  'audit.list': ['audit'],
  'audit.verify': ['audit'],
  'jobs.list': ['jobs'],
  'console.overview': ['season', 'freeze'],
  'season.activity': ['live'],
  'setup.view': ['setup'],
  'backup.list': ['backups'],
};

/**
 * Channels outside both tables, each for its reason: a job's start (its end is announced by AREAS_OF_JOB), a read of
 * what no act changes (the frozen corpus, the console's own connections), a preview or a check that writes nothing.
 * tests/core/console/state-areas.test.ts fails a channel of the contract that is in none of the three.
 */
export const CHANNELS_WITHOUT_STATE: readonly string[] = [
  'console.actor',
  'console.connections',
  'corpus.view',
  'corpus.resource',
  'proofs.fetch',
  'close.run',
  'replay.run',
  'index.export',
  'index.verify',
  'dispute.preview',
];

/** Whether a query of `channel` shows something an event touching `touched` changed. */
export function readsTouched(channel: string, touched: readonly StateArea[]): boolean {
  return (AREAS_READ[channel] ?? []).some((area) => touched.includes(area));
}
