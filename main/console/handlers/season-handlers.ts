import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { backupDue, seasonStep, type SeasonFacts } from '../../core/console/season-state.ts';
import { TRACK_NAMES } from '../../core/corpus/model.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import type {
  FreezeAnchorView,
  FreezeView,
  LiveSeason,
  SeasonInvalidationView,
  SeasonTrackStatus,
  TrackName,
  TrackRef,
} from '../../ipc/contract.ts';
import { HandlerRefusal } from '../../ipc/refusal.ts';
import { freezeAnchorsOf, type FreezeAnchorRow } from '../../db/freeze-anchors.ts';
import { freezeInForceOf, freezesOf, revealedAtOf } from '../../db/freezes.ts';
import { latestIndexVersion } from '../../db/index-exports.ts';
import { lastBackupAtMs } from '../../db/last-backup.ts';
import { incidentsOf } from '../../db/incidents.ts';
import type { Db } from '../../db/open-database.ts';
import { publicationVersionsOf } from '../../db/publications.ts';
import { seasonClosesOf } from '../../db/season-closes.ts';
import { invalidationOf, type InvalidationRow } from '../../db/season-invalidations.ts';
import { seasonInvalidationOf } from '../../services/freeze/invalidate-season.ts';
import { disputeListing } from '../../services/disputes/list-disputes.ts';
import { liveSeason } from '../../services/follow/live-season.ts';
import { lastWindowEndMs, participantWindows } from '../../services/disputes/participant-windows.ts';
import { dbOf, type ConsoleContext } from '../console-context.ts';
import { anchorDeadlineView, anchorFactOf } from './anchor-deadline-view.ts';
import { trackFolder } from './track-folder.ts';

/** Every season and track the database knows (frozen at least once). */
export function knownTracks(db: Db): TrackRef[] {
  return (
    db.prepare('SELECT DISTINCT season, track FROM freezes ORDER BY season, track').all() as {
      season: number;
      track: TrackName;
    }[]
  ).map((r) => ({ season: r.season, track: r.track }));
}

/** The publication version of the track the season's latest Index export shows (its publications_json), or null. */
function indexShowsVersion(db: Db, ref: TrackRef): number | null {
  const index = latestIndexVersion(db, ref.season);
  const shown = index ? (JSON.parse(index.publicationsJson) as Record<string, unknown>)[ref.track] : undefined;
  return typeof shown === 'number' ? shown : null;
}

/** Proofs the read cache holds pending or refused: what `proofs.fetch` ("Read the proofs") reads (proofs-job.ts). */
function proofsToRead(db: Db): number {
  return db.prepare("SELECT COUNT(*) FROM proof_views WHERE status IN ('pending', 'refused')").pluck().get() as number;
}

export function trackStatus(ctx: ConsoleContext, ref: TrackRef): SeasonTrackStatus {
  const db = dbOf(ctx);
  const now = ctx.clock.now();
  const freeze = freezeInForceOf(db, ref.season, ref.track);
  const closes = seasonClosesOf(db, ref.season, ref.track);
  const latestClose = closes[closes.length - 1] ?? null;
  const versions = publicationVersionsOf(db, ref.season, ref.track);
  const first = versions[0] ?? null;
  const latest = versions[versions.length - 1] ?? null;
  const disputes = disputeListing(db, now, ref).filter((d) => d.deadline_status !== 'decided');
  // Each participant's window is its own (docs/disputes.md "The calendar"): the track's is the last of them.
  const windowEnds = lastWindowEndMs(participantWindows(db, now, ref));
  const chain = freezesOf(db, ref.season, ref.track);
  const lastBackup = lastBackupAtMs(db);
  const revealed = revealedAtOf(
    db,
    chain.map((f) => f.proofId),
  );
  const invalidation = invalidationOf(db, ref.season, ref.track);
  const facts: SeasonFacts = {
    freeze: freeze ? { opensAt: freeze.opensAt, closesAt: freeze.closesAt, anchor: anchorFactOf(db, freeze) } : null,
    latestCloseAtMs: latestClose?.closedAtMs ?? null,
    latestVersion: latest?.version ?? null,
    indexShowsVersion: indexShowsVersion(db, ref),
    disputeWindowEndsMs: windowEnds,
    disputesUndecided: disputes.length,
    latestFreezeAtMs: chain.length === 0 ? null : Math.max(...chain.map((f) => f.createdAtMs)),
    lastBackupAtMs: lastBackup,
    proofsToRead: proofsToRead(db),
    invalidation:
      invalidation === null
        ? null
        : { at: invalidation.invalidatedAt, reason: invalidation.reason, nextSeason: ref.season + 1 },
    revealedAtMs: revealed,
    nowMs: now,
  };
  const step = seasonStep(facts);
  return {
    ...ref,
    state: step.state,
    opens_at: freeze?.opensAt ?? null,
    closes_at: freeze?.closesAt ?? null,
    revealed_at: isoUtc(revealed),
    latest_close_at: isoUtc(latestClose?.closedAtMs ?? null),
    published_at: isoUtc(first?.publishedAtMs ?? null),
    latest_version: latest?.version ?? null,
    latest_published_at: isoUtc(latest?.publishedAtMs ?? null),
    dispute_window_ends_at: isoUtc(windowEnds),
    disputes_open: disputes.length,
    disputes_at_risk: disputes.filter((d) => d.deadline_status === 'at_risk').length,
    disputes_overdue: disputes.filter((d) => d.deadline_status === 'overdue').length,
    incidents_open: incidentsOf(db, ref).filter((i) => i.state === 'open').length,
    last_backup_at: isoUtc(lastBackup),
    backup_due: backupDue(facts),
    anchor_deadline: anchorDeadlineView(db, freeze, now),
    invalidation: invalidation === null ? null : invalidationView(invalidation),
    next_step: step.text,
    next_step_code: step.code,
    now: new Date(now).toISOString(),
  };
}

/** The season-N/<track> folders of the corpus root: tracks that may have no freeze yet (state draft). */
async function corpusTracks(corpusDir: string): Promise<TrackRef[]> {
  const found: TrackRef[] = [];
  for (const entry of await readdir(corpusDir).catch(() => [] as string[])) {
    const season = /^season-(\d{1,4})$/.exec(entry);
    if (!season) continue;
    for (const track of TRACK_NAMES)
      if (existsSync(join(corpusDir, entry, track, 'season.json'))) found.push({ season: Number(season[1]), track });
  }
  return found;
}

/** Every track the database knows (frozen at least once) and every track of the corpus root, in order. */
export async function seasonStatus(ctx: ConsoleContext): Promise<{ tracks: SeasonTrackStatus[] }> {
  const refs = new Map<string, TrackRef>();
  for (const ref of [...knownTracks(dbOf(ctx)), ...(await corpusTracks(ctx.corpusDir))])
    refs.set(`${String(ref.season).padStart(4, '0')}/${ref.track}`, ref);
  return {
    tracks: [...refs.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, ref]) => trackStatus(ctx, ref)),
  };
}

/**
 * The live Season screen (`season.live`, docs/season-follow.md): the season the console's follower follows (or last
 * followed), as its latest cycle saw it, and the follower's state. A console without a follower (started on no
 * database's services) says it is not configured.
 */
export function seasonLive(ctx: ConsoleContext): LiveSeason {
  const db = dbOf(ctx);
  const follower = ctx.follower ?? null;
  return liveSeason(db, {
    season: follower?.season ?? null,
    now: ctx.clock.now(),
    follow: follower?.view(db) ?? {
      state: 'not_configured',
      reason: 'this console runs without a follower: start it with proveit console --db FILE',
      cycle: null,
      last_cycle_at: null,
      next_cycle_at: null,
      last_failure: null,
      cycle_running: false,
      every_seconds: 0,
      until: null,
    },
  });
}

/** Proof ids named by a freeze.publish entry of the audit log: the freezes whose publication was exported. */
function publishedFreezeIds(db: Db): Set<string> {
  const ids = new Set<string>();
  const rows = db.prepare("SELECT details FROM audit_log WHERE action = 'freeze.publish'").pluck().all() as string[];
  for (const details of rows) {
    const named = (JSON.parse(details) as { proof_ids?: unknown }).proof_ids;
    if (Array.isArray(named)) for (const id of named) if (typeof id === 'string') ids.add(id);
  }
  return ids;
}

const anchorView = (a: FreezeAnchorRow | undefined): FreezeAnchorView | null =>
  a === undefined
    ? null
    : {
        state: a.state,
        anchor_time: a.anchorTime,
        rekor_uuid: a.rekorUuid,
        rekor_verified: a.rekorVerified,
        independent_witnesses: a.independentWitnesses,
        checked_at: new Date(a.checkedAtMs).toISOString(),
      };

/**
 * The freeze screen: the rules text, every freeze of the track (replacements with their reason), the reveal, and
 * each freeze proof's anchoring as last verified (stored by `freeze.anchor` and `freeze.verify`, migration 11): the
 * view reads it and verifies nothing, so it stays a few queries and a file read.
 */
export async function freezeView(ctx: ConsoleContext, ref: TrackRef): Promise<FreezeView> {
  const db = dbOf(ctx);
  const rows = freezesOf(db, ref.season, ref.track);
  if (rows.length === 0)
    throw new HandlerRefusal(
      'FREEZE_NOT_FOUND',
      `season ${ref.season}, track ${ref.track} has no freeze in this database: freeze it (the Freeze screen, or proveit freeze create)`,
      { season: ref.season, track: ref.track },
    );
  const inForce = freezeInForceOf(db, ref.season, ref.track);
  const published = publishedFreezeIds(db);
  const anchors = freezeAnchorsOf(
    db,
    rows.map((f) => f.proofId),
  );
  const folder = await trackFolder(ctx, ref);
  const season = JSON.parse(await readFile(join(folder, 'season.json'), 'utf8')) as { rules_file: string };
  const rulesText = await readFile(join(folder, season.rules_file), 'utf8');
  return {
    ...ref,
    rules_file: season.rules_file,
    rules_text: rulesText,
    manifest_hash: inForce?.manifestHash ?? (rows[rows.length - 1] as (typeof rows)[number]).manifestHash,
    in_force: inForce?.proofId ?? null,
    freezes: rows.map((f) => ({
      proof_id: f.proofId,
      rules_version: f.rulesVersion,
      rules_hash: f.rulesHash,
      manifest_hash: f.manifestHash,
      key_commitment: f.keyCommitment,
      url: f.url,
      replaces: f.replaces,
      reason: f.reason,
      opens_at: f.opensAt,
      closes_at: f.closesAt,
      created_at: new Date(f.createdAtMs).toISOString(),
      anchor_time: anchors.get(f.proofId)?.anchorTime ?? null,
      anchor: anchorView(anchors.get(f.proofId)),
      published: published.has(f.proofId),
    })),
    revealed_at: isoUtc(
      revealedAtOf(
        db,
        rows.map((f) => f.proofId),
      ),
    ),
    anchor_deadline: anchorDeadlineView(db, inForce, ctx.clock.now()),
    invalidation: invalidationOrNull(db, ref),
    latest_close_at: isoUtc(seasonClosesOf(db, ref.season, ref.track).at(-1)?.closedAtMs ?? null),
  };
}

/** A track's invalidation as the screens show it (the document itself stays in main: `proveit season invalidate --json`). */
function invalidationView(row: InvalidationRow): SeasonInvalidationView {
  const { season, track, proof_id, freeze_proof_id, document_sha256, reason, invalidated_at } =
    seasonInvalidationOf(row);
  return {
    season,
    track: track as TrackName,
    proof_id,
    freeze_proof_id,
    document_sha256,
    reason,
    invalidated_at,
  };
}

function invalidationOrNull(db: Db, ref: TrackRef): SeasonInvalidationView | null {
  const row = invalidationOf(db, ref.season, ref.track);
  return row === null ? null : invalidationView(row);
}
