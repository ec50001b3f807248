import { backlogAtClose } from '../../core/follow/backlog.ts';
import type { FollowCycleLine, LiveTrack } from '../../core/follow/model.ts';
import { incidentGroupsOfSeason, type SeasonWarning } from '../../core/follow/season-warnings.ts';
import { DEFAULT_GROUPING } from '../../core/incidents/group-incidents.ts';
import { ok, type Failure, type Result } from '../../core/result.ts';
import { openSignedExport } from '../../core/season-export/signed-export.ts';
import { NULL_ANSWER_RECHECK_MS } from '../../core/scoring/witness-state.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import {
  assessedCitations,
  insertFollowCycle,
  latestFollowCycle,
  markCitationsAssessed,
} from '../../db/follow-cycles.ts';
import { viewStates, type ViewState } from '../../db/proof-views.ts';
import { fetchProofs, type FetchReport } from '../proofs/fetch-proofs.ts';
import { DEFAULT_READ_SETTINGS } from '../proofs/read-settings.ts';
import { openIncidentsFromFollow, type CloseIncidents } from '../incidents/incidents.ts';
import { inTransaction } from '../refused.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import { assessCitations, frozenCorpus, type FrozenCorpus } from './assess-citations.ts';
import { DEFAULT_FOLLOW_EVERY_MS, DEFAULT_PENDING_RECHECK_MS, type FollowInput } from './follow-input.ts';
import { followedTracks, type FollowedTrack } from './followed-tracks.ts';
import { seasonCitations, type TrackCitations } from './season-citations.ts';

/** What a follower keeps between its cycles: material read once (the trust bundle, each track's corpus). */
export interface FollowMemory {
  bundle?: Result<TrustBundle>;
  /** Each track's corpus by track and manifest hash; null when no corpus folder is given for the track. */
  corpora: Map<string, Result<FrozenCorpus> | null>;
}

export const newFollowMemory = (): FollowMemory => ({ corpora: new Map() });

interface Seen {
  tracks: TrackCitations[];
  exportTakenAt: string;
}

/** Step 1: the export, its signature checked, read into each followed track's citations. */
async function readCitations(input: FollowInput, tracks: FollowedTrack[]): Promise<Result<Seen>> {
  const bytes = await input.readExport(input.signal);
  if (!bytes.ok) return bytes;
  const opened = openSignedExport(bytes.value, input.serviceKey);
  if (!opened.ok) return opened;
  const citations = seasonCitations(opened.value.body, input.season, tracks);
  if (!citations.ok) return citations;
  return ok({ tracks: citations.value, exportTakenAt: opened.value.trailer.takenAt });
}

/** Step 2: every view the season needs, under the quota and the claims of the ledger (fetch-proofs.ts). */
function readViews(input: FollowInput, ids: string[], tracks: FollowedTrack[]): Promise<FetchReport> {
  const latestClose = Math.max(...tracks.map((t) => t.closesAtMs));
  return fetchProofs({
    db: input.db,
    http: input.http,
    clock: input.clock,
    trustLayerUrl: input.trustLayerUrl,
    ...(input.rekorUrl === undefined ? {} : { rekorUrl: input.rekorUrl }),
    ids,
    settings: {
      pendingRecheckMs: input.pendingRecheckMs ?? DEFAULT_PENDING_RECHECK_MS,
      // As the close: a null answer is read again until 48 h after closes_at (docs/scoring.md "Witness limits").
      absentRecheckUntilMs: latestClose + NULL_ANSWER_RECHECK_MS,
      ...input.readSettings,
    },
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
  });
}

async function corpusOf(input: FollowInput, memory: FollowMemory, followed: FollowedTrack) {
  const key = `${followed.track}\n${followed.manifestHash}`;
  if (!memory.corpora.has(key)) {
    const dir = input.corpusDirOf(followed.track);
    memory.corpora.set(key, dir === null ? null : await frozenCorpus(dir, followed.manifestHash));
  }
  return memory.corpora.get(key)!;
}

/** Step 3: the warnings of each track, from its citations and the views as stored now. */
async function warningsOf(
  input: FollowInput,
  memory: FollowMemory,
  seen: TrackCitations,
  views: ReadonlyMap<string, ViewState>,
  fetch: FetchReport,
  now: number,
  notes: Failure[],
  lookedAt: ReadonlySet<string>,
): Promise<{ warnings: SeasonWarning[]; assessed: string[] }> {
  const warnings: SeasonWarning[] = [];
  for (const c of seen.citations) {
    const view = views.get(c.proofId);
    if (view?.status === 'pending' && now - view.firstReadAt >= DEFAULT_GROUPING.pendingTooLongMs)
      warnings.push({
        kind: 'pending_too_long',
        link: { participant: c.participant, task: c.task, assertion: c.assertion, proof: c.proofId },
      });
  }
  for (const failed of fetch.rekor?.failed ?? []) {
    const proofs = seen.proofIds.filter((id) => views.get(id)?.rekorUuid === failed.uuid);
    if (proofs.length > 0) warnings.push({ kind: 'rekor_unfetched', code: failed.failure.code, proofs });
  }
  memory.bundle ??= await loadTrustBundle(input.trustDir);
  if (!memory.bundle.ok) {
    notes.push(memory.bundle.error);
    return { warnings, assessed: [] };
  }
  const corpus = await corpusOf(input, memory, seen.followed);
  if (corpus !== null && !corpus.ok) notes.push(corpus.error);
  const assessed = await assessCitations({
    db: input.db,
    bundle: memory.bundle.value,
    track: seen,
    corpus: corpus?.ok ? corpus.value : null,
    views,
    assessed: lookedAt,
    now,
  });
  return { warnings: [...warnings, ...assessed.warnings], assessed: assessed.assessed };
}

/** Step 4: the incidents of every track and the citations looked at, in one transaction with their audit entries. */
function openIncidents(
  input: FollowInput,
  found: { track: string; warnings: SeasonWarning[]; assessed: string[] }[],
  atMs: number,
): Result<CloseIncidents> {
  // BEGIN IMMEDIATE: the groups are read, then written; another follower (or the console) committing in between
  // would otherwise fail this write with SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out.
  return inTransaction(input.db, () => {
    const all: CloseIncidents = { opened: [], extended: [], unchanged: [] };
    for (const f of found) {
      const outcome = openIncidentsFromFollow(input.db, {
        season: input.season,
        track: f.track,
        atMs,
        actor: input.actor,
        groups: incidentGroupsOfSeason(f.warnings),
      });
      all.opened.push(...outcome.opened);
      all.extended.push(...outcome.extended);
      all.unchanged.push(...outcome.unchanged);
      markCitationsAssessed(input.db, input.season, f.assessed, atMs);
    }
    return all;
  });
}

/** Where a track's cited views stand, and what would be left at its close at the pace since the last cycle. */
function liveTrack(
  input: FollowInput,
  seen: TrackCitations,
  views: ReadonlyMap<string, ViewState>,
  now: number,
  previous: LiveTrack | undefined,
  previousAt: number | null,
): LiveTrack {
  const { followed } = seen;
  const ids = seen.proofIds;
  const read = ids.filter((id) => views.get(id)?.status === 'anchored' || views.get(id)?.status === 'absent').length;
  const notYetRead = ids.filter((id) => !views.has(id)).length;
  const hours = previousAt === null ? 0 : (now - previousAt) / 3_600_000;
  const citedPerHour = previous && hours > 0 ? Math.max(0, ids.length - previous.cited) / hours : 0;
  const unread = ids.length - ids.filter((id) => views.get(id)?.status === 'anchored').length;
  return {
    track: followed.track,
    opens_at: followed.opensAt,
    closes_at: followed.closesAt,
    enrolled: seen.enrolled,
    submitting: seen.submitting,
    tasks: [...seen.submissionsPerTask].map(([task_id, n]) => ({ task_id, submissions_in_force: n })),
    cited: ids.length,
    read,
    absent: ids.filter((id) => views.get(id)?.status === 'absent').length,
    pending: ids.length - read - notYetRead,
    not_yet_read: notYetRead,
    backlog_at_close: backlogAtClose({
      now,
      closesAt: followed.closesAtMs,
      unreadNow: unread,
      citedPerHour,
      everyMs: input.everyMs ?? DEFAULT_FOLLOW_EVERY_MS,
      readsPerHour: input.readSettings?.limit ?? DEFAULT_READ_SETTINGS.limit,
    }),
  };
}

type CycleFields = Partial<Omit<FollowCycleLine, 'cycle' | 'at' | 'season'>> & Pick<FollowCycleLine, 'outcome'>;

/** Records the cycle (its counts, each track's state) and returns its line; counts not given are 0. */
function recordCycle(
  input: FollowInput,
  { startedAt, nextCycleAt }: { startedAt: number; nextCycleAt: number | null },
  fields: CycleFields,
  tracks: LiveTrack[],
  exportTakenAt: string | null,
): FollowCycleLine {
  const { db, season } = input;
  const line: Omit<FollowCycleLine, 'cycle'> = {
    cited: 0,
    read_now: 0,
    cached: 0,
    pending: 0,
    reads_this_cycle: 0,
    reads_left_in_window: 0,
    next_cycle_at: nextCycleAt === null ? null : new Date(nextCycleAt).toISOString(),
    at: new Date(startedAt).toISOString(),
    season,
    not_yet_read: 0,
    incidents_opened: [],
    incidents_extended: [],
    failure: null,
    ...fields,
  };
  const cycle = insertFollowCycle(db, {
    season,
    startedAtMs: startedAt,
    finishedAtMs: input.clock.now(),
    exportTakenAt,
    outcome: line.outcome,
    cited: line.cited,
    readNow: line.read_now,
    cached: line.cached,
    pending: line.pending,
    notYetRead: line.not_yet_read,
    readsThisCycle: line.reads_this_cycle,
    readsLeftInWindow: line.reads_left_in_window,
    nextCycleAtMs: nextCycleAt,
    failure: line.failure,
    tracks,
    actor: input.actor,
  });
  return { cycle, ...line };
}

/**
 * One cycle of following a season (docs/season-follow.md): read the season service's export, read the
 * views of what is cited (new ids, pending ones due), open the incidents the reads show, and record the cycle.
 * Nothing is scored and nothing is revealed (spec §7.4). A failure (the export unreadable, the reads stopped) is
 * recorded as the cycle's outcome: the next cycle tries again. `nextCycleAt`: when the caller starts the next one.
 */
export async function followCycle(
  input: FollowInput,
  memory: FollowMemory,
  nextCycleAt: number | null,
): Promise<FollowCycleLine> {
  const { db, season } = input;
  const startedAt = input.clock.now();
  const previous = latestFollowCycle(db, season);
  const record = (fields: CycleFields, tracks: LiveTrack[], exportTakenAt: string | null): FollowCycleLine =>
    recordCycle(input, { startedAt, nextCycleAt }, fields, tracks, exportTakenAt);
  const failed = (failure: Failure) =>
    record(
      { outcome: 'error', failure: { code: failure.code, message: failure.message } },
      previous?.tracks ?? [],
      null,
    );

  const tracks = followedTracks(db, season);
  if (!tracks.ok) return failed(tracks.error);
  const read = await readCitations(input, tracks.value);
  if (!read.ok) return failed(read.error);
  const seen = read.value;

  const cited = [...new Set(seen.tracks.flatMap((t) => t.proofIds))];
  const ids = [...new Set([...tracks.value.map((t) => t.freezeProofId), ...cited])];
  const before = viewStates(db, cited);
  const fetch = await readViews(input, ids, tracks.value);
  const now = input.clock.now();
  const views = viewStates(db, ids);

  const notes: Failure[] = [];
  const found = [];
  // The citations already looked at, read once for every track of the cycle.
  const assessed = assessedCitations(db, season);
  for (const t of seen.tracks)
    found.push({
      track: t.followed.track,
      ...(await warningsOf(input, memory, t, views, fetch, now, notes, assessed)),
    });
  const opened = openIncidents(input, found, now);
  if (!opened.ok) return failed(opened.error);
  const incidents = opened.value;

  const live = seen.tracks.map((t) =>
    liveTrack(
      input,
      t,
      views,
      now,
      previous?.tracks.find((p) => p.track === t.followed.track),
      previous?.startedAtMs ?? null,
    ),
  );
  const status = (id: string) => views.get(id)?.status;
  const failure = fetch.failure ?? notes[0] ?? null;
  return record(
    {
      outcome: fetch.outcome,
      cited: cited.length,
      read_now: cited.filter((id) => (views.get(id)?.lastReadAt ?? -Infinity) >= startedAt).length,
      cached: cited.filter((id) => before.get(id)?.status === 'anchored').length,
      pending: cited.filter((id) => status(id) === 'pending' || status(id) === 'refused').length,
      not_yet_read: cited.filter((id) => !views.has(id)).length,
      reads_this_cycle: fetch.progress.readsThisRun,
      reads_left_in_window: fetch.progress.readsLeftInWindow,
      incidents_opened: incidents.opened,
      incidents_extended: incidents.extended,
      failure: failure === null ? null : { code: failure.code, message: failure.message },
    },
    live,
    seen.exportTakenAt,
  );
}
