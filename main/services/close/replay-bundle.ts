import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { canonical } from '../../core/json/canonical.ts';
import { isPyObject, type PyJson } from '../../core/json/value.ts';
import { fail, failAll, ok, type Result, type ResultAll } from '../../core/result.ts';
import { BUNDLE, inBundle, SCORES_FILE } from './bundle-layout.ts';
import { unlistedFiles } from './bundle-listing.ts';
import type { ScoreInputs } from '../../core/scoring/model.ts';
import { scoreBundle, type OutputFile, type ScoreBundleOptions, type ScoredBundle } from './score-bundle.ts';

export interface ReplaySummary {
  outDir: string;
  files: string[];
  scored: string[];
  pending: string[];
  inputs: ScoreInputs;
  /** The SHA-256 of the recomputed scores.json: what a reader compares with the Index's (docs/index-export.md). */
  scoresSha256: string;
  /** The receipt key that signed the bundled export: a reader compares it with the season service's published key. */
  serviceKey: string;
  /**
   * Every output compared, scores.json first, with the SHA-256 of its bytes (held against the Index:
   * docs/replay-bundle.md "The bundle").
   */
  outputs: { file: string; sha256: string }[];
}

/** RFC 6901 token escaping. */
const token = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first place two JSON values differ: its pointer and both values (null when equal). */
export function firstJsonDifference(
  expected: PyJson | undefined,
  actual: PyJson | undefined,
  pointer = '',
): { pointer: string; expected: PyJson | undefined; actual: PyJson | undefined } | null {
  if (expected === undefined || actual === undefined) {
    return expected === actual ? null : { pointer, expected, actual };
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
      const d = firstJsonDifference(expected[i], actual[i], `${pointer}/${i}`);
      if (d) return d;
    }
    return null;
  }
  if (isPyObject(expected) && isPyObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    for (const k of keys) {
      const d = firstJsonDifference(expected[k], actual[k], `${pointer}/${token(k)}`);
      if (d) return d;
    }
    return null;
  }
  return canonical(expected) === canonical(actual) ? null : { pointer, expected, actual };
}

const shown = (v: PyJson | undefined) => (v === undefined ? '(absent)' : canonical(v));
/** A value for a --json document (ints as JSON numbers); the message keeps the exact canonical text. */
const plain = (v: PyJson | undefined): unknown => (v === undefined ? null : JSON.parse(canonical(v)));

/** Which bundled material an input hash stands for: named when the expected scores.json names another hash. */
const INPUT_MATERIAL: Record<keyof ScoreInputs, string> = {
  rules_sha256: `${BUNDLE.corpus}/ (the scoring-rules text)`,
  manifest_hash: `${BUNDLE.corpus}/ (the corpus files)`,
  submissions_sha256: BUNDLE.submissions,
  key_commitment: BUNDLE.publication,
  trust_bundle_digest: `${BUNDLE.trust}/`,
  scorer_version: '(the scorer: another version)',
  proofs_sha256: `${BUNDLE.proofs}/ and ${BUNDLE.rekor}/ (the proof views or Rekor entries)`,
};

/** Compares one recomputed output with the bundle's expected copy: refused at the first difference. */
async function compareOutput(bundleDir: string, file: OutputFile): Promise<Result<void>> {
  const relative = `${BUNDLE.expected}/${file.path}`;
  const expected = await readFile(inBundle(bundleDir, relative)).catch(() => null);
  if (expected === null) {
    return fail('REPLAY_OUTPUT_UNEXPECTED', `${file.path}: recomputed, but the bundle has no ${relative}`, {
      file: file.path,
    });
  }
  if (Buffer.from(file.bytes).equals(expected)) return ok(undefined);
  const [e, a] = [loads(expected), loads(file.bytes)];
  const diff = e.ok && a.ok ? firstJsonDifference(e.value, a.value) : null;
  const pointer = diff?.pointer ?? '';
  return fail(
    'REPLAY_OUTPUT_DIFFERS',
    diff
      ? `${file.path} ${pointer || '(whole document)'}: expected ${shown(diff.expected)}, recomputed ${shown(diff.actual)}`
      : `${file.path}: the bytes differ (same JSON value, other bytes)`,
    { file: file.path, pointer, expected: plain(diff?.expected), recomputed: plain(diff?.actual) },
  );
}

/** The recomputed input hashes against those the expected scores.json names: a change says which material changed. */
async function compareInputs(bundleDir: string, inputs: ScoreInputs): Promise<Result<void>> {
  const expectedScores = await readFile(inBundle(bundleDir, `${BUNDLE.expected}/${SCORES_FILE}`)).catch(() => null);
  const parsedScores = expectedScores === null ? null : loads(expectedScores);
  const expectedInputs = parsedScores?.ok && isPyObject(parsedScores.value) ? parsedScores.value['inputs'] : undefined;
  if (!isPyObject(expectedInputs)) return ok(undefined);
  for (const key of Object.keys(INPUT_MATERIAL) as (keyof ScoreInputs)[]) {
    const before = expectedInputs[key];
    const now = inputs[key];
    if (before !== now) {
      return fail(
        'REPLAY_INPUT_CHANGED',
        `${INPUT_MATERIAL[key]}: ${key} is not the one the expected scores.json names (expected ${shown(before)}, recomputed ${now})`,
        {
          file: `${BUNDLE.expected}/${SCORES_FILE}`,
          pointer: `/inputs/${key}`,
          expected: plain(before),
          recomputed: now,
        },
      );
    }
  }
  return ok(undefined);
}

/** Every recomputed output against its expected copy, then every expected report against the recomputed ones. */
async function compareOutputs(bundleDir: string, files: readonly OutputFile[]): Promise<Result<void>> {
  for (const file of files) {
    const compared = await compareOutput(bundleDir, file);
    if (!compared.ok) return compared;
  }
  const recomputed = new Set(files.map((f) => f.path));
  const expectedFiles = await readdir(inBundle(bundleDir, `${BUNDLE.expected}/reports`)).catch(() => [] as string[]);
  const missing = expectedFiles.map((name) => `reports/${name}`).find((path) => !recomputed.has(path));
  if (missing) {
    return fail('REPLAY_OUTPUT_MISSING', `${missing}: the bundle expects it, the replay scored no such participant`, {
      file: missing,
    });
  }
  return ok(undefined);
}

async function writeOutputs(outDir: string, files: readonly OutputFile[]): Promise<void> {
  for (const f of files) {
    const target = join(outDir, ...f.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.bytes, { flag: 'wx' });
  }
}

const summaryOf = (outDir: string, scored: ScoredBundle): ReplaySummary => ({
  outDir,
  files: scored.files.map((f) => f.path),
  scored: scored.scored,
  pending: scored.pending,
  inputs: scored.inputs,
  scoresSha256: sha256Hex(scored.files.find((f) => f.path === SCORES_FILE)!.bytes),
  serviceKey: scored.serviceKey,
  outputs: scored.files.map((f) => ({ file: f.path, sha256: sha256Hex(f.bytes) })),
});

/**
 * `proveit season replay` (docs/replay-bundle.md "What `season replay` does"): offline, recompute a close from its
 * bundle with the function the close itself scored with, write the outputs into `outDir`, and compare them byte for
 * byte with the bundle's expected/ copies. Refused with every tampering the scorer finds at its first refusing step
 * (freeze, corpus, key, salt, a view listed with other bytes), else the first input hash other than the expected
 * scores.json names, the first difference (file, JSON pointer, both values), or, every output being identical, every
 * file the bundle holds that its indexes do not list (REPLAY_FILE_UNLISTED, each one named).
 */
export async function replayBundle(
  bundleDir: string,
  outDir: string,
  options: ScoreBundleOptions = {},
): Promise<ResultAll<ReplaySummary>> {
  const existing = await readdir(outDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    return failAll({
      code: 'REPLAY_OUT_NOT_EMPTY',
      message: `${outDir} is not empty: a replay writes into a new folder; choose another --out`,
      details: { out: outDir },
    });
  }
  const scoring = await scoreBundle(bundleDir, undefined, options);
  if (!scoring.ok) return scoring;
  const scored = scoring.value;
  await writeOutputs(outDir, scored.files);

  const inputs = await compareInputs(bundleDir, scored.inputs);
  if (!inputs.ok) return failAll(inputs.error);
  const outputs = await compareOutputs(bundleDir, scored.files);
  if (!outputs.ok) return failAll(outputs.error);
  // Complete or refused (docs/replay-bundle.md "What the bundle holds, and nothing else"): identical outputs vouch for
  // the bundle only if it holds nothing else.
  const expected = scored.files.map((f) => `${BUNDLE.expected}/${f.path}`);
  const unlisted = await unlistedFiles(bundleDir, new Set([...scored.listedMaterial, ...expected]), outDir);
  if (unlisted.length > 0) return failAll(...unlisted);
  return ok(summaryOf(outDir, scored));
}
