import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256HexOfText } from '../../core/hash/sha256.ts';
import type { TrackPublication } from '../../core/index/build-index.ts';
import { participantWindow } from '../../core/disputes/participant-window.ts';
import { publicVersions } from '../../core/disputes/public-versions.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { closePublishedTextsOf } from '../../db/close-published-texts.ts';
import { indexShowingsOf } from '../../db/index-showings.ts';
import { notRankedOf } from '../../db/not-ranked.ts';
import type { Db } from '../../db/open-database.ts';
import { publicationVersionsOf, publishedReport, seasonCloseById } from '../../db/publications.ts';
import { BUNDLE } from '../close/bundle-layout.ts';
import { trackProofs } from './proofs-material.ts';

/** A stored JSON object's document, or null when the bytes hold none. */
export const parseObject = (bytes: Uint8Array): PyObject | null => {
  const parsed = loads(bytes);
  return parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
};

type Narratives = Map<string, { task_id: string; text: string }[]>;

function add(out: Narratives, participantId: string, taskId: string, text: string): void {
  if (text === '') return;
  const list = out.get(participantId) ?? [];
  list.push({ task_id: taskId, text });
  out.set(participantId, list);
}

/** A close recorded before migration 15 kept its narratives only in its bundle (submissions.ndjson); null when gone. */
function bundleNarratives(outDir: string, track: string): Narratives | null {
  let text: string;
  try {
    text = readFileSync(join(outDir, 'bundle', BUNDLE.submissions), 'utf8');
  } catch {
    return null;
  }
  const out: Narratives = new Map();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const row = parseObject(new TextEncoder().encode(line));
    const sub = row && isPyObject(row['submission'] ?? null) ? (row['submission'] as PyObject) : null;
    if (!row || !sub || sub['track'] !== track || typeof sub['narrative'] !== 'string') continue;
    add(out, String(row['participant_id']), String(sub['task_id']), sub['narrative']);
  }
  return out;
}

/**
 * participant id → narratives (spec §5.8: published, not scored), from the operator database, where the close kept
 * every submission's narrative (migration 15, docs/operator-database.md "Close published texts"); for a close recorded
 * before it, from the close's bundle. A participant of scores.json who submitted a task and whose narratives are in
 * neither place is refused INDEX_NARRATIVE_MISSING: the Index never drops a narrative without saying so.
 */
function narrativesOf(
  db: Db,
  where: { season: number; track: string; version: number; closeId: number },
  submitters: readonly string[],
): Result<Narratives, 'INDEX_NARRATIVE_MISSING'> {
  const out: Narratives = new Map();
  const kept = closePublishedTextsOf(db, where.closeId);
  const keptFor = new Set(kept.map((t) => t.participantId));
  for (const t of kept) add(out, t.participantId, t.taskId, t.narrative);
  let missing = submitters.filter((id) => !keptFor.has(id));
  const close = seasonCloseById(db, where.closeId);
  if (missing.length > 0 && kept.length === 0 && close) {
    const fromBundle = bundleNarratives(close.outDir, where.track);
    if (fromBundle !== null) {
      for (const [id, list] of fromBundle) for (const n of list) add(out, id, n.task_id, n.text);
      missing = [];
    }
  }
  if (missing.length > 0)
    return fail(
      'INDEX_NARRATIVE_MISSING',
      `season ${where.season} ${where.track} publication version ${where.version}: the narratives of participant ` +
        `${missing[0]}${missing.length > 1 ? ` and ${missing.length - 1} more` : ''} are neither in the operator ` +
        `database (close ${where.closeId}) nor in that close's bundle (${close ? join(close.outDir, 'bundle', BUNDLE.submissions) : 'no close folder recorded'}): ` +
        `restore the close folder from a copy, then export again`,
      {
        season: where.season,
        track: where.track,
        version: where.version,
        close_id: where.closeId,
        participants: missing,
      },
    );
  for (const list of out.values()) list.sort((a, b) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0));
  return ok(out);
}

/**
 * One track's publication as an Index shows it: version `version` (default the latest), its scores.json, the report
 * each participant has in that version, the later versions' records (corrections and later closes) and the
 * narratives. undefined when the track has no publication (yet); INDEX_NARRATIVE_MISSING when a narrative it needs is
 * in neither the operator database nor the close's bundle.
 */
export function trackPublication(
  db: Db,
  season: number,
  track: string,
  version?: number,
  /** The instant of the export being drafted: what it holds becomes public then (spec §9.2). */
  exportingAtMs?: number,
):
  | Result<{ publication: TrackPublication; reportBytes: Map<string, Uint8Array> }, 'INDEX_NARRATIVE_MISSING'>
  | undefined {
  const versions = publicationVersionsOf(db, season, track);
  const v = version === undefined ? versions.at(-1) : versions.find((x) => x.version === version);
  if (!v) return undefined;
  const scores = parseObject(v.scoresJson);
  if (!scores) return undefined;
  const reports = new Map<
    string,
    { report: PyObject; sha256: string; version: number; disputeWindowEndsMs: number | null }
  >();
  const reportBytes = new Map<string, Uint8Array>();
  const drafted = exportingAtMs === undefined ? [] : [{ publicationVersion: v.version, publicAtMs: exportingAtMs }];
  const made = publicVersions(versions, [...indexShowingsOf(db, season, track), ...drafted]);
  const rows = (Array.isArray(scores['participants']) ? scores['participants'] : []).filter(isPyObject);
  for (const row of rows) {
    const id = String(row['participant_id']);
    const published = publishedReport(db, season, track, v.version, id);
    const report = published ? parseObject(published.reportJson) : null;
    if (!published || !report) continue;
    // Spec §9.2 (docs/disputes.md "The calendar"): the participant's own window, from the first Index export holding
    // the version that published its report (this one, when none did before).
    const window = participantWindow(made, published.version);
    reports.set(id, {
      report,
      sha256: published.reportSha256,
      version: published.version,
      disputeWindowEndsMs: report['status'] === 'pending' ? null : (window?.windowEndsMs ?? null),
    });
    reportBytes.set(`${track}/${id}`, published.reportJson);
  }
  const corrections = versions
    .filter((x) => x.version <= v.version && x.correctionJson !== null)
    .map((x) => {
      const record = parseObject(x.correctionJson!);
      return {
        version: x.version,
        correctsVersion: x.correctsVersion ?? x.version - 1,
        reason: typeof record?.['reason'] === 'string' ? record['reason'] : '',
        publishedAtMs: x.publishedAtMs,
      };
    });
  // Who sent a submission: a report with a task other than "not submitted, no submission" (pending ones included).
  const submitters = [...reports]
    .filter(([, r]) =>
      (Array.isArray(r.report['tasks']) ? r.report['tasks'] : [])
        .filter(isPyObject)
        .some((t) => t['status'] !== 'not_submitted' || t['not_submitted'] !== 'NO_SUBMISSION'),
    )
    .map(([id]) => id);
  const narratives = narrativesOf(db, { season, track, version: v.version, closeId: v.closeId }, submitters);
  if (!narratives.ok) return narratives;
  // bundle_sha256 as `season publish` prints it: SHA-256 of the canonical digests object (stored with a newline).
  const bundleSha256 = sha256HexOfText(new TextDecoder().decode(v.bundleDigestsJson).replace(/\n$/, ''));
  return ok({
    publication: {
      track,
      version: v.version,
      correctsVersion: v.correctsVersion,
      publishedAtMs: v.publishedAtMs,
      scoresSha256: v.scoresSha256,
      bundleSha256,
      auditSeq: v.auditSeq,
      auditHash: v.auditHash,
      scores,
      reports,
      corrections,
      narratives: narratives.value,
      // Spec §7.2 "link to proofs": the material of the track's proofs pages.
      proofs: trackProofs(db, {
        season,
        track,
        closeId: v.closeId,
        digests: parseObject(v.bundleDigestsJson) ?? (Object.create(null) as PyObject),
      }),
      // Spec §9.1: enrollments the closes found to be one participant with an earlier one.
      notRanked: notRankedOf(db, season, track),
    },
    reportBytes,
  });
}
