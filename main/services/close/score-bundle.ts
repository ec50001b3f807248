import type { Manifest } from '../../core/corpus/manifest.ts';
import { publishedTrackFiles } from '../../core/corpus/published-files.ts';
import type { PublishedFreeze } from '../../core/freeze/publication.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { sha256Canonical } from '../../core/json/sha256-canonical.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { failAll, ok, type ResultAll } from '../../core/result.ts';
import { documentBytes, reportDocument, scoresDocument } from '../../core/scoring/documents.ts';
import { SCORER_VERSION, type ScoreInputs, type ScoringInput, type TrackScore } from '../../core/scoring/model.ts';
import { scoreTrack } from '../../core/scoring/score-track.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { openBundle, type OpenedBundle } from './bundle-index.ts';
import { reportFile, SCORES_FILE } from './bundle-layout.ts';
import { listedMaterial } from './bundle-listing.ts';
import { citedWork, readTrackSubmissions, type BundledSubmissions } from './bundle-submissions.ts';
import { bundledCorpus, scoringMaterial } from './bundled-corpus.ts';
import { checkBundledFreeze, readBundledFreeze } from './bundled-freeze.ts';
import { collectCitedReports, type CitedReports } from './cited-reports.ts';
import { citedKey } from './export-lines.ts';
import type { CitedOutcome, CitedWork } from './verify-cited.ts';
import { CitedPool, type CitedPoolOptions } from './verify-cited-pool.ts';
import { checkTrustKeys } from './trust-keys-check.ts';

/** A file the scorer writes, relative to --out (and to the bundle's expected/ folder). */
export interface OutputFile {
  path: string;
  bytes: Uint8Array;
}

/** A track scored from its bundle. */
export interface ScoredBundle {
  input: ScoringInput;
  inputs: ScoreInputs;
  score: TrackScore;
  /** Each cited proof's anchor time (RFC 3161 genTime, ISO) as its report gives it: incidents are grouped by it. */
  anchorTimes: ReadonlyMap<string, string | null>;
  /** The receipt key that signed the bundled export (its trailer's): a reader compares it with the published one. */
  serviceKey: string;
  files: OutputFile[];
  /**
   * Every file the bundle may hold outside expected/ (bundle-listing.ts): the layout's fixed files, the views and
   * Rekor entries bundle.json lists, the corpus's published files, the trust bundle's. The replay refuses others.
   */
  listedMaterial: ReadonlySet<string>;
  pending: string[];
  scored: string[];
}

/** The bundle scored, or refused with every reason found at the step that refused it (docs/replay-bundle.md). */
export type BundleScore = ResultAll<ScoredBundle>;

/**
 * Scores one track from a replay bundle folder (docs/replay-bundle.md), offline: verify the freeze in force with the
 * bundled proof view, reveal and trust bundle (verifyFreezeForScoring, plus its anchoring before the opening),
 * rebuild the ScoringInput from the bundled corpus, key and submissions, verify every cited proof with the
 * disclosure the submission gives (one WitnessMemo for the run), score, and render scores.json and the reports.
 * `season close` writes the bundle first and calls this on it; `season replay` calls the same function, so a
 * close and its replay cannot differ. Every refusal names the field or file and both values.
 */
export interface ScoreBundleOptions extends CitedPoolOptions {
  /**
   * Score these participants only (a dispute's evidence, a report shown in the console): only the proofs they cite
   * are verified, every view is still read and hashed, so `inputs` and their reports are the bytes of a whole close.
   * scores.json is then not among the files: it would list a part of the track.
   */
  participants?: ReadonlySet<string>;
}

export async function scoreBundle(
  bundleDir: string,
  expect?: { season?: number; track?: string },
  options: ScoreBundleOptions = {},
): Promise<BundleScore> {
  const openedBundle = await openBundle(bundleDir);
  if (!openedBundle.ok) return openedBundle;
  const opened = openedBundle.value;
  // The verifying workers start at once, loading while this thread reads bundle.json's neighbours.
  const pool = new CitedPool(bundleDir, opened.bundle, opened.proofsIndex.size, options);
  // A whole close cites (nearly) every proof bundle.json lists: the workers prepare them all at once, while this
  // thread reads the submissions. A part of the track prepares only what its participants cite, once known.
  if (options.participants === undefined) {
    const ids = [...opened.proofsIndex.keys()].sort();
    pool.prepare(ids.map((proofId) => ({ proofId, status: opened.proofsIndex.get(proofId)!.status })));
  }
  try {
    return await scoreOpenedBundle(bundleDir, opened, pool, expect, options.participants);
  } finally {
    await pool.close();
  }
}

/** A refusal of the cited proofs' keys (stale trust material), or the reports and their digests. */
async function citedReportsOf(
  bundleDir: string,
  opened: OpenedBundle,
  started: { work: CitedWork[]; citedIds: string[]; verifying: Promise<CitedOutcome[]> },
  pool: CitedPool,
): Promise<ResultAll<CitedReports>> {
  const outcomes = new Map((await started.verifying).map((o) => [o.proofId, o]));
  // Every report is in: the workers and their heaps go before the scoring and the documents, where this thread's
  // own heap is largest (the close's memory peak).
  await pool.close();
  const cited = collectCitedReports(started.citedIds, opened.proofsIndex, started.work, outcomes);
  if (!cited.ok) return cited;
  const citedKeys = [...cited.value.reports.values()].map((report) => ({ role: 'cited' as const, report }));
  const trustKeys = await checkTrustKeys(bundleDir, opened.bundle, citedKeys);
  return trustKeys.ok ? cited : failAll(...cited.value.failures, trustKeys.error);
}

/** The hashes of what produced the score (the project's determinism rule; docs/scoring.md "inputs"). */
function scoreInputsOf(
  rules: Uint8Array,
  manifest: Manifest,
  submissionsBytes: Uint8Array,
  freeze: PublishedFreeze,
  bundle: TrustBundle,
  cited: CitedReports,
): ScoreInputs {
  return {
    rules_sha256: sha256Hex(rules),
    manifest_hash: manifest.manifest_hash,
    submissions_sha256: sha256Hex(submissionsBytes),
    key_commitment: freeze.key_commitment,
    trust_bundle_digest: bundle.digest,
    scorer_version: SCORER_VERSION,
    proofs_sha256: sha256Canonical(
      pyObjectFrom([
        ['proofs', pyObjectFrom(cited.viewHashes)],
        ['rekor_entries', pyObjectFrom([...cited.rekorHashes].sort(([a], [b]) => (a < b ? -1 : 1)))],
      ]),
    ),
  };
}

/**
 * Read the freeze, start verifying the cited proofs, check the freeze and the corpus while they verify, collect the
 * reports, score, render. Refusals are reported in that order, every one found at a step together.
 */
async function scoreOpenedBundle(
  bundleDir: string,
  opened: OpenedBundle,
  pool: CitedPool,
  expect?: { season?: number; track?: string },
  only?: ReadonlySet<string>,
): Promise<BundleScore> {
  const read = await readBundledFreeze(bundleDir, expect);
  if (!read.ok) return read;
  const bundled = read.value;
  const { freeze } = bundled;

  // The submissions first: their cited proofs go to the verifying workers at once, and the freeze and corpus are
  // checked on this thread while they verify.
  const submissions = await readTrackSubmissions(bundleDir, freeze);
  const verifying = submissions.ok ? ok(startVerifying(submissions.value, opened, pool, only)) : submissions;

  const { verification, failures } = await checkBundledFreeze(bundleDir, opened.bundle, bundled);
  const corpusRead = await bundledCorpus(bundleDir, freeze, failures);
  if (!corpusRead.ok) return corpusRead;
  const corpus = corpusRead.value;
  failures.push(...corpus.failures);
  const { manifest } = corpus;
  if (!verification.verified || failures.length > 0 || verification.key === null || !manifest.ok) {
    if (!manifest.ok && failures.length === 0) failures.push(manifest.error);
    return failAll(...failures);
  }
  const scoringRead = scoringMaterial(corpus.corpus, freeze, verification.key);
  if (!scoringRead.ok) return scoringRead;
  const material = scoringRead.value;
  if (!verifying.ok) return failAll(verifying.error);
  const started = verifying.value;

  const citedRead = await citedReportsOf(bundleDir, opened, started, pool);
  if (!citedRead.ok) return citedRead;
  const cited = citedRead.value;
  const inputs = scoreInputsOf(material.rules, manifest.value, started.submissions.bytes, freeze, opened.bundle, cited);
  const { proofsIndex } = opened;
  const input: ScoringInput = {
    season: freeze.season,
    track: freeze.track,
    rulesVersion: freeze.rules_version,
    window: { opensAt: freeze.opens_at, closesAt: freeze.closes_at },
    manifest: manifest.value,
    ...material.scoring,
    participants: started.scoredParticipants,
    proofs: (proofId, disclosure) => cited.reports.get(citedKey(proofId, disclosure)) ?? 'absent',
    closedAt: opened.closedAt,
    nullAnsweredAt: new Map(
      started.citedIds.flatMap((id) => {
        const entry = proofsIndex.get(id);
        return entry?.status === 'absent' ? [[id, entry.lastReadAt] as const] : [];
      }),
    ),
    inputs,
  };
  const score = scoreTrack(input);
  const files: OutputFile[] =
    only === undefined ? [{ path: SCORES_FILE, bytes: documentBytes(scoresDocument(input, score)) }] : [];
  for (const p of score.participants) {
    files.push({ path: reportFile(p.participant.participantId), bytes: documentBytes(reportDocument(input, p)) });
  }
  if (cited.failures.length > 0) return failAll(...cited.failures);
  return ok({
    input,
    inputs,
    score,
    anchorTimes: cited.anchorTimes,
    serviceKey: started.submissions.serviceKey,
    files,
    listedMaterial: listedMaterial({
      viewIds: started.citedIds.filter((id) => proofsIndex.get(id)?.status !== 'absent'),
      rekorUuids: opened.rekorUuids,
      corpusFiles: publishedTrackFiles(corpus.corpus),
      trustFiles: opened.bundle.files,
    }),
    pending: score.participants.filter((p) => p.status === 'pending').map((p) => p.participant.participantId),
    scored: score.participants.filter((p) => p.status === 'scored').map((p) => p.participant.participantId),
  });
}

/** What to verify, handed to the workers at once; a refusal before the outcomes are awaited leaves them to the pool. */
function startVerifying(
  submissions: BundledSubmissions,
  opened: OpenedBundle,
  pool: CitedPool,
  only?: ReadonlySet<string>,
) {
  const cited = citedWork(submissions.exported, opened.proofsIndex, only);
  const verifying = pool.verify(cited.work);
  // A refusal below returns before the outcomes are awaited; the pool is closed by the caller either way.
  verifying.catch(() => undefined);
  return { ...cited, verifying, submissions };
}
