import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import { sha256Canonical } from '../../core/json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { scoresWithLaterClose } from '../../core/publications/later-close.ts';
import { figuresOf, figuresValue } from '../../core/publications/correct-report.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { documentBytes } from '../../core/scoring/documents.ts';
import { appendAudit, type AuditHead } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';
import {
  insertPublicationVersion,
  latestPublicationVersion,
  latestSeasonClose,
  type PublicationReportRow,
  type PublicationVersionRow,
} from '../../db/publications.ts';
import type { Clock } from '../clock.ts';
import { inTransaction, Refused } from '../refused.ts';
import { BUNDLE, reportFile, SAFE_PARTICIPANT_ID, SCORES_FILE } from '../close/bundle-layout.ts';

export type PublishCode =
  | 'PUBLISH_NO_CLOSE'
  | 'PUBLISH_ALREADY_PUBLISHED'
  | 'PUBLISH_NOTHING_NEW'
  | 'PUBLISH_CLOSE_FILES_MISSING'
  | 'PUBLISH_SCORES_CHANGED'
  | 'PUBLISH_REPORT_CHANGED';

export interface PublishOutcome {
  season: number;
  track: string;
  version: number;
  /** null for version 1; for a later close's version, the version it follows. */
  correctsVersion: number | null;
  publishedAtMs: number;
  closeId: number;
  scoresSha256: string;
  bundleSha256: string;
  /** Participants scored in this version (for a later close's version: the ones it scores now). */
  scored: string[];
  pending: string[];
  reports: number;
  audit: AuditHead;
}

const enc = new TextEncoder();

async function readBytes(path: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(path));
  } catch {
    return null;
  }
}

/** Every file under `dir`, as '/'-separated paths relative to it, in code-point order. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const out: string[] = [];
  for (const e of entries) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** What a close wrote, checked against what it recorded and against its bundle's expected/ copies. */
export interface CloseMaterial {
  scores: Uint8Array;
  scoresSha256: string;
  rows: PyObject[];
  bundleDigestsJson: Uint8Array;
  bundleSha256: string;
  reports: Map<string, PublicationReportRow>;
  scored: string[];
  pending: string[];
}

export async function readCloseMaterial(close: {
  outDir: string;
  scoresSha256: string;
}): Promise<Result<CloseMaterial, PublishCode>> {
  const scoresPath = join(close.outDir, SCORES_FILE);
  const scores = await readBytes(scoresPath);
  if (scores === null)
    return fail(
      'PUBLISH_CLOSE_FILES_MISSING',
      // The bundle lives in that folder too: a folder gone is restored from a backup, or written again by a close.
      `${scoresPath} cannot be read: the close's output folder ${close.outDir} is gone or incomplete; restore the folder from a backup, or run the close again (Scoring), then publish; nothing is published`,
      { file: scoresPath, folder: close.outDir },
    );
  const scoresSha256 = sha256Hex(scores);
  if (scoresSha256 !== close.scoresSha256)
    return fail(
      'PUBLISH_SCORES_CHANGED',
      `${scoresPath} is not the scores.json the close recorded (SHA-256 recorded ${close.scoresSha256}, file ` +
        `${scoresSha256}): nothing is published`,
      { file: scoresPath, anchored: close.scoresSha256, recomputed: scoresSha256 },
    );
  const parsed = loads(scores);
  const list = parsed.ok && isPyObject(parsed.value) ? parsed.value['participants'] : undefined;
  const rows = (Array.isArray(list) ? list : []).filter(isPyObject);

  // The bundle: the SHA-256 of every file; its expected/ outputs must be the close's.
  const bundleDir = join(close.outDir, 'bundle');
  let bundleFiles: string[];
  try {
    bundleFiles = await filesUnder(bundleDir);
  } catch {
    return fail('PUBLISH_CLOSE_FILES_MISSING', `${bundleDir} cannot be read: the close's replay bundle is gone`, {
      file: bundleDir,
    });
  }
  const digests: [string, PyJson][] = [];
  const byPath = new Map<string, string>();
  for (const rel of bundleFiles) {
    const b = await readBytes(join(bundleDir, ...rel.split('/')));
    if (b === null) continue;
    const d = sha256Hex(b);
    digests.push([rel, d]);
    byPath.set(rel, d);
  }
  const expectedScores = byPath.get(`${BUNDLE.expected}/${SCORES_FILE}`);
  if (expectedScores !== scoresSha256)
    return fail(
      'PUBLISH_SCORES_CHANGED',
      `the bundle's ${BUNDLE.expected}/${SCORES_FILE} is not the close's scores.json (SHA-256 ${String(expectedScores)}, ` +
        `recorded ${scoresSha256})`,
      { file: `bundle/${BUNDLE.expected}/${SCORES_FILE}`, anchored: scoresSha256, recomputed: expectedScores ?? null },
    );

  const reports = new Map<string, PublicationReportRow>();
  const scored: string[] = [];
  const pending: string[] = [];
  for (const p of rows) {
    const id = p['participant_id'];
    if (typeof id !== 'string' || !SAFE_PARTICIPANT_ID.test(id)) continue;
    (p['status'] === 'pending' ? pending : scored).push(id);
    const path = join(close.outDir, ...reportFile(id).split('/'));
    const bytes = await readBytes(path);
    if (bytes === null)
      return fail('PUBLISH_CLOSE_FILES_MISSING', `${path} cannot be read: every report is published`, { file: path });
    const digest = sha256Hex(bytes);
    const inBundle = byPath.get(`${BUNDLE.expected}/${reportFile(id)}`);
    if (inBundle !== digest)
      return fail(
        'PUBLISH_REPORT_CHANGED',
        `${path} is not the report the close wrote into its bundle (SHA-256 ${digest}, bundle ${String(inBundle)})`,
        { file: path, anchored: inBundle ?? null, recomputed: digest },
      );
    reports.set(id, { participantId: id, reportJson: bytes, reportSha256: digest });
  }
  const digestsValue = pyObjectFrom(digests);
  return ok({
    scores,
    scoresSha256,
    rows,
    bundleDigestsJson: enc.encode(`${canonical(digestsValue)}\n`),
    bundleSha256: sha256Canonical(digestsValue),
    reports,
    scored,
    pending,
  });
}

/**
 * The close a publication would publish, and the version it follows: refused when the track has no close, or when
 * its latest close is already published (a version is never replaced, docs/publications.md).
 */
export function closeToPublish(
  db: Db,
  season: number,
  track: string,
): Result<
  {
    close: { id: number; outDir: string; scoresSha256: string; closedAtMs: number };
    existing: PublicationVersionRow | undefined;
  },
  PublishCode
> {
  const close = latestSeasonClose(db, season, track);
  if (!close)
    return fail(
      'PUBLISH_NO_CLOSE',
      `season ${season}, track ${track} has no close recorded in this database: run proveit season close first`,
      { season, track },
    );
  const existing = latestPublicationVersion(db, season, track);
  if (existing && close.id <= existing.closeId)
    return fail(
      'PUBLISH_ALREADY_PUBLISHED',
      `season ${season}, track ${track} is already published from its latest close (version ${existing.version} is ` +
        'the latest): a version is never replaced; a later change is a correction (proveit dispute decide ... ' +
        '--decision upheld), or a later close of the participants still pending',
      { season, track, version: existing.version },
    );
  return ok({ close, existing });
}

/**
 * What a later close adds to version k (docs/publications.md): the rows of the participants pending in version k
 * that this close scores. Refused when it scores none of them (PUBLISH_NOTHING_NEW) or when version k has nobody
 * pending (PUBLISH_ALREADY_PUBLISHED: a change is then a correction).
 */
export function laterClosePlan(
  o: { season: number; track: string },
  m: CloseMaterial,
  latest: PublicationVersionRow,
): Result<{ current: PyObject; currentRows: PyObject[]; wasPending: string[]; newlyScored: PyObject[] }, PublishCode> {
  const parsed = loads(latest.scoresJson);
  const current = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const currentRows = (Array.isArray(current?.['participants']) ? (current['participants'] as PyJson[]) : []).filter(
    isPyObject,
  );
  const wasPending = currentRows.filter((r) => r['status'] === 'pending').map((r) => String(r['participant_id']));
  const newlyScored = m.rows.filter(
    (r) => r['status'] === 'scored' && wasPending.includes(String(r['participant_id'])),
  );
  if (current === null || newlyScored.length === 0)
    return fail(
      wasPending.length === 0 ? 'PUBLISH_ALREADY_PUBLISHED' : 'PUBLISH_NOTHING_NEW',
      wasPending.length === 0
        ? `season ${o.season}, track ${o.track} is published with every participant scored (version ` +
            `${latest.version}): a later close changes nothing published; a change is a correction (an upheld dispute)`
        : `the latest close scores none of the participants pending in version ${latest.version} ` +
            `(${wasPending.join(', ')}): close again once their batches are anchored`,
      { season: o.season, track: o.track, version: latest.version, pending: wasPending },
    );
  return ok({ current, currentRows, wasPending, newlyScored });
}

/**
 * `proveit season publish` (docs/publications.md). The first call turns the latest close of a season and track into
 * publication version 1, stored in the database byte for byte (scores.json, every report, the SHA-256 of every bundle
 * file), dated by the Clock and carrying the audit log head after its own `season.publish` entry. Pending
 * participants are published as pending (no figures, spec §4.1). Once published, a call after a later close
 * publishes version k+1 holding the figures of the participants that were pending in version k and that this close
 * scores (nothing else changes); any other change is a correction (an upheld dispute).
 */
export async function publishSeason(options: {
  db: Db;
  clock: Clock;
  season: number;
  track: string;
  actor: string;
}): Promise<Result<PublishOutcome, PublishCode>> {
  const { db, season, track } = options;
  const target = closeToPublish(db, season, track);
  if (!target.ok) return target;
  const { close, existing } = target.value;
  const material = await readCloseMaterial(close);
  if (!material.ok) return material;
  const m = material.value;
  const publishedAtMs = options.clock.now();

  return inTransaction(db, (): PublishOutcome => {
    // Read again with the write lock held: two processes never publish the same version.
    const latest = latestPublicationVersion(db, season, track);
    if ((latest?.closeId ?? 0) !== (existing?.closeId ?? 0) || latest?.version !== existing?.version)
      throw new Refused<PublishCode>({
        code: 'PUBLISH_ALREADY_PUBLISHED',
        message: `season ${season}, track ${track} was published meanwhile (version ${latest?.version}): run the command again`,
        details: { season, track },
      });
    return latest === undefined
      ? writeFirstVersion(db, options, close.id, m, publishedAtMs)
      : writeLaterClose(db, options, close.id, m, latest, publishedAtMs);
  });
}

function writeFirstVersion(
  db: Db,
  o: { season: number; track: string; actor: string },
  closeId: number,
  m: CloseMaterial,
  publishedAtMs: number,
): PublishOutcome {
  // The head a version carries is the one after its own season.publish entry (docs/publications.md).
  const head = appendAudit(db, {
    atMs: publishedAtMs,
    actor: o.actor,
    action: 'season.publish',
    summary: `published season ${o.season}, track ${o.track}, version 1 (${m.scored.length} scored, ${m.pending.length} pending)`,
    details: pyObjectFrom([
      ['season', BigInt(o.season)],
      ['track', o.track],
      ['version', 1n],
      ['close_id', BigInt(closeId)],
      ['scores_sha256', m.scoresSha256],
      ['bundle_sha256', m.bundleSha256],
      ['pending', m.pending],
    ]),
  });
  insertPublicationVersion(
    db,
    {
      season: o.season,
      track: o.track,
      version: 1,
      correctsVersion: null,
      publishedAtMs,
      actor: o.actor,
      closeId,
      scoresJson: m.scores,
      scoresSha256: m.scoresSha256,
      bundleDigestsJson: m.bundleDigestsJson,
      correctionJson: null,
      auditSeq: head.seq,
      auditHash: head.hash,
    },
    [...m.reports.values()],
  );
  return {
    season: o.season,
    track: o.track,
    version: 1,
    correctsVersion: null,
    publishedAtMs,
    closeId,
    scoresSha256: m.scoresSha256,
    bundleSha256: m.bundleSha256,
    scored: m.scored,
    pending: m.pending,
    reports: m.reports.size,
    audit: head,
  };
}

function writeLaterClose(
  db: Db,
  o: { season: number; track: string; actor: string },
  closeId: number,
  m: CloseMaterial,
  latest: PublicationVersionRow,
  publishedAtMs: number,
): PublishOutcome {
  const plan = laterClosePlan(o, m, latest);
  if (!plan.ok) throw new Refused<PublishCode>(plan.error);
  const { current, currentRows, wasPending, newlyScored } = plan.value;
  const version = latest.version + 1;
  const ids = newlyScored.map((r) => String(r['participant_id']));
  const scoresBytes = documentBytes(
    scoresWithLaterClose(current, newlyScored, { version, correctsVersion: latest.version, closeId }),
  );
  const scoresSha256 = sha256Hex(scoresBytes);
  const reports = ids.map((id) => m.reports.get(id)!);
  const before = new Map(currentRows.map((r) => [String(r['participant_id']), r]));
  const record = pyObjectFrom([
    ['version', BigInt(version)],
    ['corrects_version', BigInt(latest.version)],
    ['reason', `participants pending in version ${latest.version}, scored by a later close (close ${closeId})`],
    ['disputes', []],
    ['close_id', BigInt(closeId)],
    ['close_scores_sha256', m.scoresSha256],
    [
      'participants',
      newlyScored.map((r) =>
        pyObjectFrom([
          ['participant_id', String(r['participant_id'])],
          ['before', figuresValue(figuresOf(before.get(String(r['participant_id']))!))],
          ['after', figuresValue(figuresOf(r))],
          ['assertions', []],
          ['report_sha256', m.reports.get(String(r['participant_id']))!.reportSha256],
        ]),
      ),
    ],
    ['scores_sha256', scoresSha256],
  ]);
  const head = appendAudit(db, {
    atMs: publishedAtMs,
    actor: o.actor,
    action: 'season.publish',
    summary: `published season ${o.season}, track ${o.track}, version ${version}: ${ids.length} participant(s) pending in version ${latest.version} scored by close ${closeId}`,
    details: pyObjectFrom([
      ['season', BigInt(o.season)],
      ['track', o.track],
      ['version', BigInt(version)],
      ['corrects_version', BigInt(latest.version)],
      ['close_id', BigInt(closeId)],
      ['scores_sha256', scoresSha256],
      ['bundle_sha256', m.bundleSha256],
      ['scored_now', ids],
    ]),
  });
  insertPublicationVersion(
    db,
    {
      season: o.season,
      track: o.track,
      version,
      correctsVersion: latest.version,
      publishedAtMs,
      actor: o.actor,
      closeId,
      scoresJson: scoresBytes,
      scoresSha256,
      bundleDigestsJson: m.bundleDigestsJson,
      correctionJson: enc.encode(`${canonical(record)}\n`),
      auditSeq: head.seq,
      auditHash: head.hash,
    },
    reports,
  );
  return {
    season: o.season,
    track: o.track,
    version,
    correctsVersion: latest.version,
    publishedAtMs,
    closeId,
    scoresSha256,
    bundleSha256: m.bundleSha256,
    scored: ids,
    pending: wasPending.filter((id) => !ids.includes(id)),
    reports: reports.length,
    audit: head,
  };
}
