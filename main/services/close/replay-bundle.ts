import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { canonical } from '../../core/json/canonical.ts';
import { isPyObject, type PyJson } from '../../core/json/value.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { BUNDLE, inBundle, SCORES_FILE } from './bundle-layout.ts';
import { unlistedFiles } from './bundle-listing.ts';
import type { ScoreInputs } from '../../core/scoring/model.ts';
import { scoreBundle, type OutputFile, type ScoreBundleOptions } from './score-bundle.ts';

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

/** Compares one recomputed output with the bundle's expected copy: the first difference, or null. */
async function compareOutput(bundleDir: string, file: OutputFile): Promise<Failure | null> {
  const relative = `${BUNDLE.expected}/${file.path}`;
  const expected = await readFile(inBundle(bundleDir, relative)).catch(() => null);
  if (expected === null) {
    return {
      code: 'REPLAY_OUTPUT_UNEXPECTED',
      message: `${file.path}: recomputed, but the bundle has no ${relative}`,
      details: { file: file.path },
    };
  }
  if (Buffer.from(file.bytes).equals(expected)) return null;
  const [e, a] = [loads(expected), loads(file.bytes)];
  const diff = e.ok && a.ok ? firstJsonDifference(e.value, a.value) : null;
  const pointer = diff?.pointer ?? '';
  return {
    code: 'REPLAY_OUTPUT_DIFFERS',
    message: diff
      ? `${file.path} ${pointer || '(whole document)'}: expected ${shown(diff.expected)}, recomputed ${shown(diff.actual)}`
      : `${file.path}: the bytes differ (same JSON value, other bytes)`,
    details: { file: file.path, pointer, expected: plain(diff?.expected), recomputed: plain(diff?.actual) },
  };
}

/**
 * `proveit season replay` (docs/replay-bundle.md "What `season replay` does"): offline, recompute a close from its
 * bundle with the function the close itself scored with, write the outputs into `outDir`, and compare them byte for
 * byte with the bundle's expected/ copies. Fails on the first tampering found (freeze, corpus, key, salt, a view listed
 * with other bytes, an input hash other than the expected scores.json names), the first difference (file, JSON pointer,
 * both values), or, every output being identical, any file the bundle holds that its indexes do not list
 * (REPLAY_FILE_UNLISTED, each one named).
 */
export async function replayBundle(
  bundleDir: string,
  outDir: string,
  options: ScoreBundleOptions = {},
): Promise<Result<ReplaySummary> & { failures?: Failure[] }> {
  const existing = await readdir(outDir).catch(() => [] as string[]);
  if (existing.length > 0) {
    return fail(
      'REPLAY_OUT_NOT_EMPTY',
      `${outDir} is not empty: a replay writes into a new folder; choose another --out`,
      { out: outDir },
    );
  }
  const scored = await scoreBundle(bundleDir, undefined, options);
  if (scored.kind === 'refused') {
    const [first] = scored.failures;
    return {
      ...fail(
        first?.code ?? 'REPLAY_REFUSED',
        scored.failures.map((f) => `${f.code}: ${f.message}`).join('\n'),
        first?.details,
      ),
      failures: scored.failures,
    };
  }
  for (const f of scored.files) {
    const target = join(outDir, ...f.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.bytes, { flag: 'wx' });
  }

  // The inputs first: a hash other than the one the expected scores.json names says which material was changed.
  const expectedScores = await readFile(inBundle(bundleDir, `${BUNDLE.expected}/${SCORES_FILE}`)).catch(() => null);
  const parsedScores = expectedScores === null ? null : loads(expectedScores);
  const expectedInputs = parsedScores?.ok && isPyObject(parsedScores.value) ? parsedScores.value['inputs'] : undefined;
  if (isPyObject(expectedInputs)) {
    for (const key of Object.keys(INPUT_MATERIAL) as (keyof ScoreInputs)[]) {
      const before = expectedInputs[key];
      const now = scored.inputs[key];
      if (before !== now) {
        const failure: Failure = {
          code: 'REPLAY_INPUT_CHANGED',
          message: `${INPUT_MATERIAL[key]}: ${key} is not the one the expected scores.json names (expected ${shown(before)}, recomputed ${now})`,
          details: {
            file: `${BUNDLE.expected}/${SCORES_FILE}`,
            pointer: `/inputs/${key}`,
            expected: plain(before),
            recomputed: now,
          },
        };
        return { ...fail(failure.code, failure.message, failure.details), failures: [failure] };
      }
    }
  }
  const expectedFiles = await readdir(inBundle(bundleDir, `${BUNDLE.expected}/reports`)).catch(() => [] as string[]);
  const recomputed = new Set(scored.files.map((f) => f.path));
  for (const file of scored.files) {
    const failure = await compareOutput(bundleDir, file);
    if (failure) return { ...fail(failure.code, failure.message, failure.details), failures: [failure] };
  }
  const missing = expectedFiles.map((name) => `reports/${name}`).find((path) => !recomputed.has(path));
  if (missing) {
    const failure: Failure = {
      code: 'REPLAY_OUTPUT_MISSING',
      message: `${missing}: the bundle expects it, the replay scored no such participant`,
      details: { file: missing },
    };
    return { ...fail(failure.code, failure.message, failure.details), failures: [failure] };
  }
  // Complete or refused (docs/replay-bundle.md "What the bundle holds, and nothing else"): identical outputs vouch for
  // the bundle only if it holds nothing else.
  const listed = new Set([...scored.listedMaterial, ...[...recomputed].map((path) => `${BUNDLE.expected}/${path}`)]);
  const unlisted = await unlistedFiles(bundleDir, listed, outDir);
  if (unlisted.length > 0) {
    const [first] = unlisted as [Failure, ...Failure[]];
    const message = unlisted.map((f) => f.message).join('\n');
    return { ...fail(first.code, message, first.details), failures: unlisted };
  }
  const scoresBytes = scored.files.find((f) => f.path === SCORES_FILE)!.bytes;
  return ok({
    outDir,
    files: [...recomputed],
    scored: scored.scored,
    pending: scored.pending,
    inputs: scored.inputs,
    scoresSha256: sha256Hex(scoresBytes),
    serviceKey: scored.serviceKey,
    outputs: scored.files.map((f) => ({ file: f.path, sha256: sha256Hex(f.bytes) })),
  });
}
