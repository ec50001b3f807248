import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256HexOfText } from '../../core/hash/sha256.ts';
import type { TrackPublication } from '../../core/index/build-index.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, type PyObject } from '../../core/json/value.ts';
import type { Db } from '../../db/open-database.ts';
import { publicationVersionsOf, publishedReport, seasonCloseById } from '../../db/publications.ts';
import { BUNDLE } from '../close/bundle-layout.ts';

export const TRACKS = ['conformite', 'generique'] as const;

const parseObject = (bytes: Uint8Array): PyObject | null => {
  const parsed = loads(bytes);
  return parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
};

/**
 * participant id → narratives, from the close's replay bundle (submissions.ndjson, docs/season-service.md) when it is
 * still on disk; none otherwise (the narrative is not scored, spec §5.8, so no publication stores it).
 */
function narrativesOf(db: Db, closeId: number, track: string): Map<string, { task_id: string; text: string }[]> {
  const out = new Map<string, { task_id: string; text: string }[]>();
  const close = seasonCloseById(db, closeId);
  if (!close) return out;
  let text: string;
  try {
    text = readFileSync(join(close.outDir, 'bundle', BUNDLE.submissions), 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const row = parseObject(new TextEncoder().encode(line));
    const sub = row && isPyObject(row['submission'] ?? null) ? (row['submission'] as PyObject) : null;
    if (!row || !sub || sub['track'] !== track || typeof sub['narrative'] !== 'string' || sub['narrative'] === '')
      continue;
    const id = String(row['participant_id']);
    const list = out.get(id) ?? [];
    list.push({ task_id: String(sub['task_id']), text: sub['narrative'] });
    out.set(id, list);
  }
  for (const list of out.values()) list.sort((a, b) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0));
  return out;
}

/**
 * One track's publication as an Index shows it: version `version` (default the latest), its scores.json, the report
 * each participant has in that version, the later versions' records (corrections and later closes) and the
 * narratives. undefined when the track has no publication (yet).
 */
export function trackPublication(
  db: Db,
  season: number,
  track: string,
  version?: number,
): { publication: TrackPublication; reportBytes: Map<string, Uint8Array> } | undefined {
  const versions = publicationVersionsOf(db, season, track);
  const v = version === undefined ? versions.at(-1) : versions.find((x) => x.version === version);
  if (!v) return undefined;
  const scores = parseObject(v.scoresJson);
  if (!scores) return undefined;
  const reports = new Map<string, { report: PyObject; sha256: string; version: number }>();
  const reportBytes = new Map<string, Uint8Array>();
  const rows = (Array.isArray(scores['participants']) ? scores['participants'] : []).filter(isPyObject);
  for (const row of rows) {
    const id = String(row['participant_id']);
    const published = publishedReport(db, season, track, v.version, id);
    const report = published ? parseObject(published.reportJson) : null;
    if (!published || !report) continue;
    reports.set(id, { report, sha256: published.reportSha256, version: published.version });
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
  // bundle_sha256 as `season publish` prints it: SHA-256 of the canonical digests object (stored with a newline).
  const bundleSha256 = sha256HexOfText(new TextDecoder().decode(v.bundleDigestsJson).replace(/\n$/, ''));
  return {
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
      narratives: narrativesOf(db, v.closeId, track),
    },
    reportBytes,
  };
}
