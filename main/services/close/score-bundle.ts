import { readFile } from 'node:fs/promises';
import { loadCorpus } from '../../core/corpus/load-corpus.ts';
import { computeManifest, manifestBody, type Manifest } from '../../core/corpus/manifest.ts';
import { parseKey, parseTasks } from '../../core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../../core/corpus/problems.ts';
import { publishedTrackFiles } from '../../core/corpus/published-files.ts';
import type { Lookup } from '../../core/corpus/solver-support.ts';
import { TRACKS } from '../../core/corpus/tracks.ts';
import { parseFreezeToVerify, type PublishedFreeze } from '../../core/freeze/publication.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { loads } from '../../core/json/loads.ts';
import { sha256Canonical } from '../../core/json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import type { ProofReport } from '../../core/proof/report.ts';
import { WitnessMemo } from '../../core/proof/witness-memo.ts';
import { ok, type Failure, type Result } from '../../core/result.ts';
import { documentBytes, reportDocument, scoresDocument } from '../../core/scoring/documents.ts';
import { SCORER_VERSION, type ScoreInputs, type ScoringInput, type TrackScore } from '../../core/scoring/model.ts';
import { scoreTrack } from '../../core/scoring/score-track.ts';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { readCorpusTree } from '../corpus/corpus-folder.ts';
import { verifyFreezeForScoring } from '../freeze/verify-for-scoring.ts';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import {
  BUNDLE,
  inBundle,
  proofFile,
  REPLAY_BUNDLE_FORMAT,
  reportFile,
  SAFE_PARTICIPANT_ID,
  SAFE_PROOF_ID,
  SAFE_REKOR_UUID,
  SCORES_FILE,
} from './bundle-layout.ts';
import { listedMaterial } from './bundle-listing.ts';
import { checkTakenAfterClose, openSignedExport } from '../../core/season-export/signed-export.ts';
import { citedKey, citedKeysOf, trackSubmissions, type TrackSubmissions } from './export-lines.ts';
import type { CitedWork } from './verify-cited.ts';
import { CitedPool, type CitedPoolOptions } from './verify-cited-pool.ts';
import { trustKeyRefusal } from './trust-keys-check.ts';

/** A file the scorer writes, relative to --out (and to the bundle's expected/ folder). */
export interface OutputFile {
  path: string;
  bytes: Uint8Array;
}

export type BundleScore =
  | { kind: 'refused'; failures: Failure[] }
  | {
      kind: 'scored';
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
    };

type Refused = Extract<BundleScore, { kind: 'refused' }>;
const refused = (...failures: Failure[]): Refused => ({ kind: 'refused', failures });

async function readBytes(bundleDir: string, relative: string): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(inBundle(bundleDir, relative)));
  } catch {
    return null;
  }
}

async function readJson(bundleDir: string, relative: string): Promise<{ bytes: Uint8Array; value: PyJson } | Failure> {
  const bytes = await readBytes(bundleDir, relative);
  if (bytes === null)
    return {
      code: 'REPLAY_FILE_MISSING',
      message: `${relative} is missing from the bundle`,
      details: { file: relative },
    };
  const parsed = loads(bytes);
  if (!parsed.ok) {
    return {
      code: 'REPLAY_FILE_NOT_JSON',
      message: `${relative} is not JSON: ${parsed.error.message}`,
      details: { file: relative },
    };
  }
  return { bytes, value: parsed.value };
}

const isFailure = (v: unknown): v is Failure => typeof v === 'object' && v !== null && 'code' in v && 'message' in v;

/** The proof entry the index gives for an id: its status as read (anchored, pending, absent, refused) and hash. */
interface IndexedProof {
  status: string;
  sha256: string | null;
  /** When that answer was read (ISO UTC). */
  lastReadAt: string;
}

const isIsoInstant = (v: PyJson | undefined): v is string =>
  typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v) && Number.isFinite(Date.parse(v));

function indexedProofs(index: PyObject): Map<string, IndexedProof> | Failure {
  const proofs = index['proofs'];
  if (!isPyObject(proofs))
    return {
      code: 'REPLAY_INDEX_INVALID',
      message: 'bundle.json has no "proofs" object',
      details: { file: BUNDLE.index },
    };
  const out = new Map<string, IndexedProof>();
  for (const [id, entry] of Object.entries(proofs)) {
    if (
      !SAFE_PROOF_ID.test(id) ||
      !isPyObject(entry) ||
      typeof entry['status'] !== 'string' ||
      !isIsoInstant(entry['last_read_at'])
    ) {
      return {
        code: 'REPLAY_INDEX_INVALID',
        message: `bundle.json proofs/${id} is not {"status", "sha256", "last_read_at"}`,
        details: { file: BUNDLE.index },
      };
    }
    out.set(id, {
      status: entry['status'],
      sha256: typeof entry['sha256'] === 'string' ? entry['sha256'] : null,
      lastReadAt: entry['last_read_at'],
    });
  }
  return out;
}

/** The Rekor entries bundle.json lists (`rekor_entries`: uuid → SHA-256 of the file). */
function indexedRekorEntries(index: PyObject): string[] | Failure {
  const entries = index['rekor_entries'];
  const listed = isPyObject(entries) ? entries : null;
  const uuids = listed === null ? null : Object.keys(listed);
  const bad = uuids?.find((uuid) => !SAFE_REKOR_UUID.test(uuid) || typeof listed![uuid] !== 'string');
  if (uuids === null || bad !== undefined)
    return {
      code: 'REPLAY_INDEX_INVALID',
      message:
        uuids === null
          ? 'bundle.json has no "rekor_entries" object'
          : `bundle.json rekor_entries/${bad} is not a Rekor uuid listed with the SHA-256 of its file`,
      details: { file: BUNDLE.index },
    };
  return uuids;
}

/** The manifest as manifest.json holds it: the manifest body and its hash. */
export function manifestValue(manifest: Manifest): PyJson {
  const body = manifestBody(manifest) as PyObject;
  return pyObjectFrom([...Object.entries(body), ['manifest_hash', manifest.manifest_hash]]);
}

/**
 * Names the corpus files whose hashes differ from the bundled manifest, when that manifest is the one the freeze
 * anchored (its hash is the freeze's manifest_hash): a corpus edit is then reported file by file.
 */
function corpusDifferences(
  bundled: PyJson,
  anchoredHash: string,
  recomputed: Manifest,
  catalogue: Map<string, string>,
): Failure[] {
  if (!isPyObject(bundled) || !Array.isArray(bundled['resources'])) return [];
  const { manifest_hash: _hash, ...body } = bundled as PyObject & { manifest_hash?: PyJson };
  if (sha256Canonical(pyObjectFrom(Object.entries(body))) !== anchoredHash) return [];
  const failures: Failure[] = [];
  const recomputedByPath = new Map(recomputed.resources.map((r) => [r.path, r]));
  for (const item of bundled['resources']) {
    if (!isPyObject(item) || typeof item['path'] !== 'string') continue;
    const path = item['path'];
    const now = recomputedByPath.get(path);
    const file = `${BUNDLE.corpus}/${catalogue.get(path) ?? '(not in the catalogue)'}`;
    for (const field of ['request_hash', 'response_hash'] as const) {
      if (now?.[field] !== item[field]) {
        failures.push({
          code: 'REPLAY_CORPUS_FILE_CHANGED',
          message: `${file}: the ${field} of ${path} is not the one the freeze anchored (anchored ${String(item[field])}, recomputed ${now?.[field] ?? 'none'})`,
          details: { file, field, anchored: item[field], recomputed: now?.[field] ?? null },
        });
      }
    }
  }
  return failures;
}

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
  const opened = await openBundle(bundleDir);
  if (opened.kind === 'refused') return opened;
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

interface OpenedBundle {
  kind: 'opened';
  proofsIndex: Map<string, IndexedProof>;
  rekorUuids: string[];
  bundle: TrustBundle;
  closedAt: string;
}

/** bundle.json and the archived trust bundle: what the verifying workers need first. */
async function openBundle(bundleDir: string): Promise<OpenedBundle | Refused> {
  const index = await readJson(bundleDir, BUNDLE.index);
  if (isFailure(index)) return refused(index);
  if (!isPyObject(index.value) || index.value['format'] !== REPLAY_BUNDLE_FORMAT) {
    return refused({
      code: 'REPLAY_INDEX_INVALID',
      message: `bundle.json is not a ${REPLAY_BUNDLE_FORMAT} index`,
      details: { file: BUNDLE.index, field: 'format', expected: REPLAY_BUNDLE_FORMAT },
    });
  }
  const proofsIndex = indexedProofs(index.value);
  if (isFailure(proofsIndex)) return refused(proofsIndex);
  const rekorUuids = indexedRekorEntries(index.value);
  if (isFailure(rekorUuids)) return refused(rekorUuids);
  const closedAt = index.value['closed_at'];
  if (!isIsoInstant(closedAt)) {
    return refused({
      code: 'REPLAY_INDEX_INVALID',
      message: 'bundle.json "closed_at" is not an ISO UTC instant (when the close read the Trust Layer and the log)',
      details: { file: BUNDLE.index, field: 'closed_at' },
    });
  }

  // Trust bundle, freeze material.
  const trust = await loadTrustBundle(inBundle(bundleDir, BUNDLE.trust));
  if (!trust.ok) return refused({ ...trust.error, details: { ...trust.error.details, file: BUNDLE.trust } });
  return { kind: 'opened', proofsIndex, rekorUuids, bundle: trust.value, closedAt };
}

/**
 * The bundle keeps the export as the season service signed it, and the replay checks it as the close did (issue 22):
 * its signature by the key its trailer names (the replay prints that key for the reader to compare with the one the
 * service publishes), taken at or after the close, every submission received inside the window.
 */
function signedTrackSubmissions(
  bytes: Uint8Array,
  freeze: PublishedFreeze,
): Result<{ exported: TrackSubmissions; serviceKey: string }> {
  const opened = openSignedExport(bytes, null);
  if (!opened.ok) return opened;
  const taken = checkTakenAfterClose(opened.value.trailer, freeze.closes_at);
  if (!taken.ok) return taken;
  const exported = trackSubmissions(opened.value.body, freeze.season, freeze.track, {
    opensAt: freeze.opens_at,
    closesAt: freeze.closes_at,
  });
  return exported.ok ? ok({ exported: exported.value, serviceKey: opened.value.trailer.publicKeyHex }) : exported;
}

/** The bundled submissions file read for the freeze's track, or the refusal that names what is wrong with it. */
async function readTrackSubmissions(
  bundleDir: string,
  freeze: PublishedFreeze,
): Promise<{ bytes: Uint8Array; exported: TrackSubmissions; serviceKey: string } | Failure> {
  const bytes = await readBytes(bundleDir, BUNDLE.submissions);
  if (bytes === null)
    return {
      code: 'REPLAY_FILE_MISSING',
      message: `${BUNDLE.submissions} is missing from the bundle`,
      details: { file: BUNDLE.submissions },
    };
  const exported = signedTrackSubmissions(bytes, freeze);
  if (!exported.ok) return { ...exported.error, details: { ...exported.error.details, file: BUNDLE.submissions } };
  const unsafe = exported.value.exported.participants.find((p) => !SAFE_PARTICIPANT_ID.test(p.participantId));
  if (unsafe)
    return {
      code: 'CLOSE_SUBMISSIONS_INVALID',
      message: `participant id ${JSON.stringify(unsafe.participantId)} cannot name a report file`,
      details: { file: BUNDLE.submissions },
    };
  return { bytes, ...exported.value };
}

/**
 * What to verify: each cited proof id the bundle lists, in id order (a batch's proofs meet one memo), with every
 * distinct disclosure cited with it by the participants scored.
 */
function citedWork(exported: TrackSubmissions, proofsIndex: Map<string, IndexedProof>, only?: ReadonlySet<string>) {
  const disclosuresOf = new Map<string, PyJson[]>();
  for (const { proofId, disclosure } of exported.cited) {
    const list = disclosuresOf.get(proofId) ?? [];
    list.push(disclosure);
    disclosuresOf.set(proofId, list);
  }
  const citedIds = [...disclosuresOf.keys()].sort();
  const scoredParticipants =
    only === undefined ? exported.participants : exported.participants.filter((p) => only.has(p.participantId));
  const verifyFor = only === undefined ? null : citedKeysOf(scoredParticipants);
  const work: CitedWork[] = [];
  for (const id of citedIds) {
    const entry = proofsIndex.get(id);
    const disclosures = disclosuresOf.get(id)!.filter((d) => verifyFor === null || verifyFor.has(citedKey(id, d)));
    if (entry) work.push({ proofId: id, status: entry.status, disclosures });
  }
  return { work, citedIds, scoredParticipants };
}

async function scoreOpenedBundle(
  bundleDir: string,
  { proofsIndex, rekorUuids, bundle, closedAt }: OpenedBundle,
  pool: CitedPool,
  expect?: { season?: number; track?: string },
  only?: ReadonlySet<string>,
): Promise<BundleScore> {
  const publication = await readJson(bundleDir, BUNDLE.publication);
  if (isFailure(publication)) return refused(publication);
  const reveal = await readJson(bundleDir, BUNDLE.reveal);
  if (isFailure(reveal)) return refused(reveal);
  const freezeView = await readBytes(bundleDir, BUNDLE.freezeProof);
  if (freezeView === null)
    return refused({
      code: 'REPLAY_FILE_MISSING',
      message: `${BUNDLE.freezeProof} is missing from the bundle`,
      details: { file: BUNDLE.freezeProof },
    });
  const freezeEntryBytes = await readBytes(bundleDir, BUNDLE.freezeRekorEntry);
  const freezeEntry = freezeEntryBytes === null ? null : loads(freezeEntryBytes);
  const published = parseFreezeToVerify(publication.value);
  if (!published.ok) return refused(published.error);
  const freeze: PublishedFreeze = published.value;
  if (expect?.season !== undefined && freeze.season !== expect.season) {
    return refused({
      code: 'CLOSE_FREEZE_OTHER_TRACK',
      message: `season: the freeze in force is for season ${freeze.season}, the close for ${expect.season}`,
      details: { field: 'season', anchored: freeze.season, recomputed: expect.season },
    });
  }
  if (expect?.track !== undefined && freeze.track !== expect.track) {
    return refused({
      code: 'CLOSE_FREEZE_OTHER_TRACK',
      message: `track: the freeze in force is for ${freeze.track}, the close for ${expect.track}`,
      details: { field: 'track', anchored: freeze.track, recomputed: expect.track },
    });
  }

  // The submissions first: their cited proofs go to the verifying workers at once, and the freeze and corpus are
  // checked on this thread while they verify. Refusals are still reported in the order below.
  const submissions = await readTrackSubmissions(bundleDir, freeze);
  const cited = isFailure(submissions) ? null : citedWork(submissions.exported, proofsIndex, only);
  const verifying = cited === null ? null : pool.verify(cited.work);
  // A refusal below returns before the outcomes are awaited; the pool is closed by the caller either way.
  verifying?.catch(() => undefined);

  const memo = new WitnessMemo();
  const corpusDir = inBundle(bundleDir, BUNDLE.corpus);
  const verification = await verifyFreezeForScoring({
    corpusDir,
    freeze: publication.value,
    reveal: reveal.value,
    view: freezeView,
    bundle,
    ...(freezeEntry?.ok ? { rekorEntry: freezeEntry.value } : {}),
    memo,
  });
  // A freeze proof under a key the bundle lacks is stale trust material, not an unverified freeze (trust-keys-check.ts).
  const freezeKey = await trustKeyRefusal(bundleDir, bundle, [{ role: 'freeze', report: verification.proof }]);
  const failures: Failure[] = verification.failures.map((f) =>
    freezeKey && f.code === 'FREEZE_PROOF_NOT_VERIFIED' ? freezeKey : f,
  );
  const anchorTime = verification.proof?.anchorTime ?? null;
  if (
    verification.proof?.verdict === 'VERIFIED' &&
    (anchorTime === null || Date.parse(anchorTime) >= Date.parse(freeze.opens_at))
  ) {
    failures.push({
      code: 'CLOSE_FREEZE_ANCHORED_AFTER_OPENING',
      message: `opens_at: the freeze proof must be anchored before the season opens (opens_at ${freeze.opens_at}, RFC 3161 time ${String(anchorTime)})`,
      details: { field: 'opens_at', anchored: freeze.opens_at, recomputed: anchorTime },
    });
  }

  // The corpus as bundled, its manifest, and the bundled manifest.json.
  const tree = await readCorpusTree(corpusDir).catch(() => null);
  if (tree === null)
    return refused(...failures, {
      code: 'REPLAY_FILE_MISSING',
      message: `${BUNDLE.corpus}/ cannot be read`,
      details: { file: BUNDLE.corpus },
    });
  const problems = new Problems();
  const corpus = loadCorpus(tree, problems);
  const manifest = computeManifest(tree);
  const bundledManifest = await readJson(bundleDir, BUNDLE.manifest);
  if (manifest.ok && !isFailure(bundledManifest)) {
    const catalogue = new Map(corpus.catalogue.map((e) => [e.path, e.response]));
    if (failures.some((f) => f.code === 'FREEZE_MANIFEST_HASH_MISMATCH')) {
      failures.push(...corpusDifferences(bundledManifest.value, freeze.manifest_hash, manifest.value, catalogue));
    }
    const expected = documentBytes(manifestValue(manifest.value));
    if (Buffer.compare(Buffer.from(expected), Buffer.from(bundledManifest.bytes)) !== 0) {
      failures.push({
        code: 'REPLAY_MANIFEST_DIFFERS',
        message: `${BUNDLE.manifest} is not the manifest of ${BUNDLE.corpus}/ (bundled manifest_hash ${String(isPyObject(bundledManifest.value) ? bundledManifest.value['manifest_hash'] : null)}, recomputed ${manifest.value.manifest_hash})`,
        details: {
          file: BUNDLE.manifest,
          field: 'manifest_hash',
          anchored: isPyObject(bundledManifest.value) ? (bundledManifest.value['manifest_hash'] ?? null) : null,
          recomputed: manifest.value.manifest_hash,
        },
      });
    }
  } else if (isFailure(bundledManifest)) failures.push(bundledManifest);
  if (!verification.verified || failures.length > 0 || verification.key === null || !manifest.ok) {
    if (!manifest.ok && failures.length === 0) failures.push(manifest.error);
    return refused(...failures);
  }

  const definition = TRACKS[freeze.track];
  // The bundled folder has no sealed/ (the key is the revealed one): only the tasks and the key are parsed here.
  const parsing = new Problems();
  const tasks = parseTasks(corpus.tasks, parsing);
  const key = parseKey(verification.key, parsing);
  if (!definition || parsing.list.length > 0 || corpus.rules === undefined) {
    return refused({
      code: 'REPLAY_CORPUS_UNREADABLE',
      message: `the bundled corpus cannot be scored: ${parsing.list.map((p) => `${p.code} ${p.message}`).join('; ')}`,
      details: { file: BUNDLE.corpus },
    });
  }
  const lookup: Lookup = (path) => corpus.bodies.get(path)?.value;

  if (isFailure(submissions)) return refused(submissions);
  const { bytes: submissionsBytes, serviceKey } = submissions;
  const { work, citedIds, scoredParticipants } = cited!;
  const workOf = new Map(work.map((w) => [w.proofId, w]));
  const outcomes = new Map((await verifying!).map((o) => [o.proofId, o]));
  // Every report is in: the workers and their heaps go before the scoring and the documents, where this thread's
  // own heap is largest (the close's memory peak).
  await pool.close();
  const viewHashes: [string, PyJson][] = [];
  const rekorHashes = new Map<string, string>();
  const reports = new Map<string, ProofReport | 'absent'>();
  const anchorTimes = new Map<string, string | null>();
  for (const id of citedIds) {
    const entry = proofsIndex.get(id);
    const outcome = outcomes.get(id);
    if (!entry || !outcome) {
      return refused({
        code: 'REPLAY_PROOF_NOT_IN_BUNDLE',
        message: `${id} is cited by a submission but bundle.json does not list it`,
        details: { file: BUNDLE.index, proof_id: id },
      });
    }
    if (outcome.missing) {
      return refused({
        code: 'REPLAY_FILE_MISSING',
        message: `${proofFile(id)} is missing from the bundle (bundle.json lists it as ${entry.status})`,
        details: { file: proofFile(id) },
      });
    }
    const digest = outcome.viewSha256;
    if (digest !== null && entry.sha256 !== null && entry.sha256 !== digest) {
      failures.push({
        code: 'REPLAY_FILE_CHANGED',
        message: `${proofFile(id)}: the view is not the one read at close (SHA-256 listed ${entry.sha256}, recomputed ${digest})`,
        details: { file: proofFile(id), field: 'sha256', anchored: entry.sha256, recomputed: digest },
      });
    }
    viewHashes.push([id, digest]);
    if (outcome.rekor) rekorHashes.set(outcome.rekor.uuid, outcome.rekor.sha256);
    workOf.get(id)!.disclosures.forEach((disclosure, i) => {
      const report = outcome.reports[i]!;
      reports.set(citedKey(id, disclosure), report);
      if (report !== 'absent' && !anchorTimes.has(id)) anchorTimes.set(id, report.anchorTime);
    });
  }
  const citedKeys = [...reports.values()].map((report) => ({ role: 'cited' as const, report }));
  const staleTrust = await trustKeyRefusal(bundleDir, bundle, citedKeys);
  if (staleTrust) return refused(...failures, staleTrust);

  const inputs: ScoreInputs = {
    rules_sha256: sha256Hex(corpus.rules),
    manifest_hash: manifest.value.manifest_hash,
    submissions_sha256: sha256Hex(submissionsBytes),
    key_commitment: freeze.key_commitment,
    trust_bundle_digest: bundle.digest,
    scorer_version: SCORER_VERSION,
    proofs_sha256: sha256Canonical(
      pyObjectFrom([
        ['proofs', pyObjectFrom(viewHashes)],
        ['rekor_entries', pyObjectFrom([...rekorHashes].sort(([a], [b]) => (a < b ? -1 : 1)))],
      ]),
    ),
  };
  const input: ScoringInput = {
    season: freeze.season,
    track: freeze.track,
    rulesVersion: freeze.rules_version,
    window: { opensAt: freeze.opens_at, closesAt: freeze.closes_at },
    manifest: manifest.value,
    lookup,
    definition,
    tasks,
    key,
    participants: scoredParticipants,
    proofs: (proofId, disclosure) => reports.get(citedKey(proofId, disclosure)) ?? 'absent',
    closedAt,
    nullAnsweredAt: new Map(
      citedIds
        .filter((id) => proofsIndex.get(id)!.status === 'absent')
        .map((id) => [id, proofsIndex.get(id)!.lastReadAt]),
    ),
    inputs,
  };
  const score = scoreTrack(input);
  const files: OutputFile[] =
    only === undefined ? [{ path: SCORES_FILE, bytes: documentBytes(scoresDocument(input, score)) }] : [];
  for (const p of score.participants) {
    files.push({ path: reportFile(p.participant.participantId), bytes: documentBytes(reportDocument(input, p)) });
  }
  if (failures.length > 0) return refused(...failures);
  return {
    kind: 'scored',
    input,
    inputs,
    score,
    anchorTimes,
    serviceKey,
    files,
    listedMaterial: listedMaterial({
      viewIds: citedIds.filter((id) => proofsIndex.get(id)!.status !== 'absent'),
      rekorUuids,
      corpusFiles: publishedTrackFiles(corpus),
      trustFiles: bundle.files,
    }),
    pending: score.participants.filter((p) => p.status === 'pending').map((p) => p.participant.participantId),
    scored: score.participants.filter((p) => p.status === 'scored').map((p) => p.participant.participantId),
  };
}
