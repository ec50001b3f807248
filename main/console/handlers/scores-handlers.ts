import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { disputeEvidence } from '../../core/disputes/evidence.ts';
import { canonical } from '../../core/json/canonical.ts';
import type {
  AssertionEvidence,
  FiguresAsked,
  ParticipantReport,
  PublicationVersion,
  PublishPreview,
  ScoreRow,
  ScoresView,
  TrackName,
  TrackRef,
} from '../../ipc/contract.ts';
import { displayNamesOf, referenceRunsOf } from '../../db/index-exports.ts';
import { enrolledNamesOf, type EnrolledParticipantName } from '../../db/close-participant-names.ts';
import { HandlerRefusal, valueOrRefuse } from '../../ipc/refusal.ts';
import { figuresSource, notScored } from './figures-source.ts';
import {
  closeReportOf,
  latestSeasonClose,
  publicationVersionsOf,
  publishedReport,
  seasonCloseById,
} from '../../db/publications.ts';
import { scoreBundle } from '../../services/close/score-bundle.ts';
import { previewPublication } from '../../services/publications/preview-publication.ts';
import { publishSeason } from '../../services/publications/publish-season.ts';
import { previewFigures } from './preview-figures.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { actingAs } from '../session-actor.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- scores.json is read as the scorer wrote it
type Json = Record<string, any>;
const text = new TextDecoder();

/** scores.json of the figures asked (figuresSource: a version, the latest close, else the latest of the two). */
async function scoresDocument(ctx: ConsoleContext, ref: TrackRef & FiguresAsked) {
  const source = figuresSource(dbOf(ctx), ref);
  const { shown, choices } = source;
  if (source.kind === 'published')
    return {
      doc: JSON.parse(text.decode(source.row.scoresJson)) as Json,
      version: source.row.version,
      closeId: source.row.closeId,
      shown,
      choices,
    };
  const path = join(source.close.outDir, 'scores.json');
  const bytes = await readFile(path).catch(() => null);
  if (bytes === null)
    throw new HandlerRefusal(
      'PUBLISH_CLOSE_FILES_MISSING',
      `${path} cannot be read: restore the close's folder or run the close again`,
    );
  return { doc: JSON.parse(bytes.toString('utf8')) as Json, version: null, closeId: source.close.id, shown, choices };
}

/**
 * One row as the Index shows it (docs/index-export.md "What a page shows"): the operator's display name when one is
 * set, and the reference-run table when the operator marked the participant as one (migration 8), never inferred from
 * scores.json.
 */
const row = (
  p: Json,
  names: Map<string, string>,
  references: ReadonlySet<string>,
  enrolled: ReadonlyMap<string, EnrolledParticipantName>,
): ScoreRow => ({
  participant_id: p.participant_id,
  did: p.did ?? p.enrolled_did ?? '',
  // proveit-scorer/5 writes no names (issue 39 item 6): the close recorded them (migration 22); earlier scores name them.
  agent_name: names.get(p.participant_id) ?? enrolled.get(p.participant_id)?.agentName ?? p.agent_name ?? '',
  declared_stack: enrolled.get(p.participant_id)?.declaredStack ?? p.declared_stack ?? '',
  reference: references.has(p.participant_id),
  status: p.status,
  overclaim: p.overclaim,
  success: p.success,
  tasks_submitted: p.tasks_submitted,
  instrument_faults: p.instrument_faults,
  trust_layer_faults: p.trust_layer_faults ?? 0,
});

/**
 * The names staff know a track's participants by: the display name set for the Index, else the agent name in the
 * track's scores (latest version or close). Empty before the track has a close, or when its scores cannot be read:
 * a name is a convenience beside the participant id, never a reason to refuse.
 */
async function participantNames(ctx: ConsoleContext, ref: TrackRef): Promise<Map<string, string>> {
  let doc: Json;
  try {
    ({ doc } = await scoresDocument(ctx, ref));
  } catch (error) {
    if (error instanceof HandlerRefusal) return new Map();
    throw error;
  }
  const names = displayNamesOf(dbOf(ctx), ref.season);
  const enrolled = enrolledNamesOf(dbOf(ctx), ref.season);
  return new Map(
    (doc.participants as Json[]).map((p): [string, string] => [
      p.participant_id,
      names.get(p.participant_id) ?? enrolled.get(p.participant_id)?.agentName ?? p.agent_name ?? '',
    ]),
  );
}

/** participantNames for the tracks of one answer, each track's scores read once. */
export function namesByTrack(
  ctx: ConsoleContext,
): (ref: { season: number; track: string }) => Promise<Map<string, string>> {
  const byTrack = new Map<string, Promise<Map<string, string>>>();
  return (ref) => {
    const key = `${ref.season}/${ref.track}`;
    let names = byTrack.get(key);
    if (names === undefined) {
      names = participantNames(ctx, { season: ref.season, track: ref.track as TrackName });
      byTrack.set(key, names);
    }
    return names;
  };
}

/** Both tables of a track as the Index shows them (the screen sorts), paged for large seasons. */
export async function scoresView(
  ctx: ConsoleContext,
  ref: TrackRef & FiguresAsked & { offset?: number; limit?: number },
): Promise<ScoresView> {
  const { doc, version, closeId, shown, choices } = await scoresDocument(ctx, ref);
  const db = dbOf(ctx);
  const names = displayNamesOf(db, ref.season);
  const references = new Set(referenceRunsOf(db, ref.season).keys());
  const enrolled = enrolledNamesOf(db, ref.season);
  const all = (doc.participants as Json[]).map((p) => row(p, names, references, enrolled));
  const offset = ref.offset ?? 0;
  const rows = ref.limit === undefined ? all.slice(offset) : all.slice(offset, offset + ref.limit);
  return {
    season: ref.season,
    track: ref.track,
    version,
    close_id: closeId,
    shown,
    choices,
    best_constant_answer: doc.best_constant_answer,
    participants: rows,
    total: all.length,
    offset,
  };
}

/** A participant's report in the figures asked (figuresSource), as the version publishes it or the close wrote it. */
export async function reportView(
  ctx: ConsoleContext,
  ref: TrackRef & FiguresAsked & { participant_id: string },
): Promise<ParticipantReport> {
  const db = dbOf(ctx);
  const source = figuresSource(db, ref);
  const missing = () =>
    new HandlerRefusal(
      'REPORT_NOT_FOUND',
      `no report of ${ref.participant_id} for season ${ref.season}, track ${ref.track}: check the participant id in the scores table`,
    );
  // proveit-scorer/5 writes no name in a report (issue 39 item 6): the one staff know it by, as the tables show it.
  const named = (report: ParticipantReport): ParticipantReport => ({
    ...report,
    agent_name:
      displayNamesOf(db, ref.season).get(ref.participant_id) ??
      enrolledNamesOf(db, ref.season).get(ref.participant_id)?.agentName ??
      report.agent_name ??
      ref.participant_id,
    shown: source.shown,
  });
  if (source.kind === 'published') {
    const stored = publishedReport(db, ref.season, ref.track, source.row.version, ref.participant_id);
    if (!stored) throw missing();
    return named(JSON.parse(text.decode(stored.reportJson)) as ParticipantReport);
  }
  const bytes = await readFile(join(source.close.outDir, 'reports', `${ref.participant_id}.json`)).catch(() => null);
  if (bytes === null) throw missing();
  return named(JSON.parse(bytes.toString('utf8')) as ParticipantReport);
}

/**
 * The drill-down from an assertion (docs/disputes.md evidence): recomputed from the bundle of the close that scored
 * the participant with the scorer's own code: witnesses, opened and recomputed hashes, the frozen value.
 */
export async function assertionEvidence(
  ctx: ConsoleContext,
  ref: TrackRef & { participant_id: string; assertion: string },
): Promise<AssertionEvidence> {
  const db = dbOf(ctx);
  const [taskId, assertionId] = ref.assertion.split('/') as [string, string];
  const versions = publicationVersionsOf(db, ref.season, ref.track);
  const latestVersion = versions[versions.length - 1]?.version;
  const origin =
    latestVersion === undefined
      ? undefined
      : closeReportOf(db, ref.season, ref.track, latestVersion, ref.participant_id);
  const close = origin ? seasonCloseById(db, origin.closeId) : latestSeasonClose(db, ref.season, ref.track);
  if (!close) throw notScored(ref);
  // This participant alone: only its cited proofs are verified, not the whole track's (scoreBundle `participants`).
  const scoring = await scoreBundle(
    join(close.outDir, 'bundle'),
    { season: ref.season, track: ref.track },
    { participants: new Set([ref.participant_id]) },
  );
  if (!scoring.ok)
    throw new HandlerRefusal(
      'DISPUTE_EVIDENCE_UNAVAILABLE',
      `the close's bundle (${join(close.outDir, 'bundle')}) does not score: ${scoring.error.map((f) => f.code).join(', ')}; restore it`,
    );
  const scored = scoring.value;
  const result = scored.score.participants.find((p) => p.participant.participantId === ref.participant_id);
  const evidence = result ? disputeEvidence(scored.input, result, taskId, assertionId) : null;
  if (evidence === null)
    throw new HandlerRefusal(
      'DISPUTE_ASSERTION_UNKNOWN',
      `${ref.participant_id} has no assertion ${ref.assertion} in season ${ref.season}, track ${ref.track}`,
      { participant_id: ref.participant_id, task_id: taskId, assertion_id: assertionId },
    );
  return JSON.parse(canonical(evidence)) as AssertionEvidence;
}

export async function publicationVersions(
  ctx: ConsoleContext,
  ref: TrackRef,
): Promise<{ versions: PublicationVersion[] }> {
  // A correction's participants with the names staff know them by, beside their ids.
  const names = await participantNames(ctx, ref);
  const named = (correction: PublicationVersion['correction']): PublicationVersion['correction'] =>
    correction === null
      ? null
      : {
          ...correction,
          participants: correction.participants.map((p) => ({
            ...p,
            agent_name: names.get(p.participant_id) ?? null,
          })),
        };
  return {
    versions: publicationVersionsOf(dbOf(ctx), ref.season, ref.track).map((v) => ({
      version: v.version,
      corrects_version: v.correctsVersion,
      published_at: new Date(v.publishedAtMs).toISOString(),
      actor: v.actor,
      scores_sha256: v.scoresSha256,
      correction: v.correctionJson
        ? named(JSON.parse(text.decode(v.correctionJson)) as PublicationVersion['correction'])
        : null,
    })),
  };
}

/**
 * Publishes the latest close as version 1 (or a later close's pending figures as version k+1): docs/publications.md.
 */
export async function seasonPublish(
  ctx: ConsoleContext,
  ref: TrackRef,
): Promise<{ version: number; published_at: string; pending: string[] }> {
  const published = valueOrRefuse(
    await publishSeason({
      db: dbOf(ctx),
      clock: ctx.clock,
      season: ref.season,
      track: ref.track,
      actor: actingAs(ctx),
    }),
  );
  return {
    version: published.version,
    published_at: new Date(published.publishedAtMs).toISOString(),
    pending: published.pending,
  };
}

/** What publishing now would change, before the operator confirms it (docs/publications.md). */
export async function publishPreview(ctx: ConsoleContext, ref: TrackRef): Promise<PublishPreview> {
  const preview = valueOrRefuse(await previewPublication(dbOf(ctx), ref));
  const names = await participantNames(ctx, ref);
  return {
    season: ref.season,
    track: ref.track,
    version: preview.version,
    corrects_version: preview.correctsVersion,
    close_id: preview.closeId,
    closed_at: new Date(preview.closedAtMs).toISOString(),
    changes: preview.changes.map((c) => ({
      participant_id: c.participantId,
      name: names.get(c.participantId) ?? null,
      before: c.before ? previewFigures(c.before) : null,
      after: previewFigures(c.after),
    })),
    pending: preview.pending,
  };
}
