import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { canonical } from '../../core/json/canonical.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { sha256Canonical } from '../../core/json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { appendAudit, type AuditHead } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';
import {
  insertPublicationVersion,
  latestPublicationVersion,
  latestSeasonClose,
  type PublicationReportRow,
} from '../../db/publications.ts';
import type { Clock } from '../clock.ts';
import { BUNDLE, reportFile, SAFE_PARTICIPANT_ID, SCORES_FILE } from '../close/bundle-layout.ts';

export type PublishCode =
  | 'PUBLISH_NO_CLOSE'
  | 'PUBLISH_ALREADY_PUBLISHED'
  | 'PUBLISH_CLOSE_FILES_MISSING'
  | 'PUBLISH_SCORES_CHANGED'
  | 'PUBLISH_REPORT_CHANGED';

export interface PublishOutcome {
  season: number;
  track: string;
  version: 1;
  publishedAtMs: number;
  closeId: number;
  scoresSha256: string;
  bundleSha256: string;
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

/**
 * `proveit season publish` (docs/publications.md): the latest close of a season and track becomes publication version
 * 1, stored in the database byte for byte (scores.json, every report, the SHA-256 of every bundle file), dated by the
 * Clock and carrying the audit log head after its own `season.publish` entry. Pending participants are published as
 * pending (no figures, spec §4.1). Refused: no close, a version already published (a later change is a correction),
 * a scores.json or report that is not the one the close recorded.
 */
export async function publishSeason(options: {
  db: Db;
  clock: Clock;
  season: number;
  track: string;
  actor: string;
}): Promise<Result<PublishOutcome, PublishCode>> {
  const { db, season, track } = options;
  const close = latestSeasonClose(db, season, track);
  if (!close)
    return fail(
      'PUBLISH_NO_CLOSE',
      `season ${season}, track ${track} has no close recorded in this database: run proveit season close first`,
      { season, track },
    );
  const existing = latestPublicationVersion(db, season, track);
  if (existing)
    return fail(
      'PUBLISH_ALREADY_PUBLISHED',
      `season ${season}, track ${track} is already published (version ${existing.version} is the latest): a ` +
        'version is never replaced; a later change is a correction (proveit dispute decide ... --decision upheld)',
      { season, track, version: existing.version },
    );

  const scoresPath = join(close.outDir, SCORES_FILE);
  const scores = await readBytes(scoresPath);
  if (scores === null)
    return fail(
      'PUBLISH_CLOSE_FILES_MISSING',
      `${scoresPath} cannot be read: the close's output folder is gone; restore it from the close's bundle (bundle/expected/)`,
      { file: scoresPath },
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
  const rows = parsed.ok && isPyObject(parsed.value) ? parsed.value['participants'] : undefined;
  const participants = (Array.isArray(rows) ? rows : []).filter(isPyObject);

  // The bundle: the SHA-256 of every file, and its expected/ outputs must be the close's.
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

  const reports: PublicationReportRow[] = [];
  const scored: string[] = [];
  const pending: string[] = [];
  for (const p of participants) {
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
    reports.push({ participantId: id, reportJson: bytes, reportSha256: digest });
  }

  const digestsValue = pyObjectFrom(digests);
  const bundleDigestsJson = enc.encode(`${canonical(digestsValue)}\n`);
  const bundleSha256 = sha256Canonical(digestsValue);
  const publishedAtMs = options.clock.now();

  const publish = db.transaction((): AuditHead => {
    // Checked again inside the write transaction: two processes never both publish version 1.
    if (latestPublicationVersion(db, season, track)) throw new AlreadyPublished();
    // The head a version carries is the one after its own season.publish entry (docs/publications.md).
    const head = appendAudit(db, {
      atMs: publishedAtMs,
      actor: options.actor,
      action: 'season.publish',
      summary: `published season ${season}, track ${track}, version 1 (${scored.length} scored, ${pending.length} pending)`,
      details: pyObjectFrom([
        ['season', BigInt(season)],
        ['track', track],
        ['version', 1n],
        ['close_id', BigInt(close.id)],
        ['scores_sha256', scoresSha256],
        ['bundle_sha256', bundleSha256],
        ['pending', pending],
      ]),
    });
    insertPublicationVersion(
      db,
      {
        season,
        track,
        version: 1,
        correctsVersion: null,
        publishedAtMs,
        actor: options.actor,
        closeId: close.id,
        scoresJson: scores,
        scoresSha256,
        bundleDigestsJson,
        correctionJson: null,
        auditSeq: head.seq,
        auditHash: head.hash,
      },
      reports,
    );
    return head;
  });
  let head: AuditHead;
  try {
    head = publish.immediate();
  } catch (error) {
    if (error instanceof AlreadyPublished)
      return fail('PUBLISH_ALREADY_PUBLISHED', `season ${season}, track ${track} was published meanwhile`, {
        season,
        track,
      });
    throw error;
  }
  return ok({
    season,
    track,
    version: 1,
    publishedAtMs,
    closeId: close.id,
    scoresSha256,
    bundleSha256,
    scored,
    pending,
    reports: reports.length,
    audit: head,
  });
}

class AlreadyPublished extends Error {}
