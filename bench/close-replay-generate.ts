// The replay bundle bench/close-replay.ts times, generated once (not timed): the demo compliance track, its freeze,
// every participant's submissions and their proofs anchored in batches (bench/synthetic-proofs.ts), written as a close
// writes its bundle. Loaded by the bench's parent process only: the timed children never load it.
import { rename } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { loadCorpus } from '../main/core/corpus/load-corpus.ts';
import { computeManifest, type Manifest, type ManifestResource } from '../main/core/corpus/manifest.ts';
import { parseKey, parseTasks, type ParsedKeyTask, type ParsedTask } from '../main/core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../main/core/corpus/problems.ts';
import { freezeRequestHash, freezeUrl } from '../main/core/freeze/freeze-document.ts';
import { frozenMaterialOf } from '../main/core/freeze/frozen-material.ts';
import { keyCommitment } from '../main/core/freeze/key-commitment.ts';
import { revealValue } from '../main/core/freeze/reveal.ts';
import { sha256HexOfText } from '../main/core/hash/sha256.ts';
import { canonical } from '../main/core/json/canonical.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../main/core/json/value.ts';
import { bodyDigest, exportTrailerLine } from '../main/core/season-export/signed-export.ts';
import { writeBundle } from '../main/services/close/write-bundle.ts';
import { readCorpusTree } from '../main/services/corpus/corpus-folder.ts';
import { createTestTsa } from '../tests/support/test-tsa.ts';
import {
  asyncStamper,
  batchAnchorer,
  benchKeys,
  commitProof,
  sha256,
  sha256Hex,
  writeTrustBundle,
  type AnchoredBatch,
  type AnchoredView,
  type Anchorer,
  type BenchKeys,
  type Built,
} from './synthetic-proofs.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function generate(dir: string, participants: number, batches: number) {
  const tsa = createTestTsa({ key: 'ec-p256', name: 'close-replay bench' });
  try {
    const stamper = asyncStamper(tsa.dir, 4);
    const keys = benchKeys();
    const { trustDir, trust } = await writeTrustBundle(dir, tsa, keys);
    const track = await demoTrack();
    const anchor = batchAnchorer(keys, stamper);
    const freeze = await anchoredFreeze(keys, track, anchor);
    await new Promise((r) => setTimeout(r, freeze.t0 + 3100 - Date.now()));
    const made = submissionsOf(keys, track, participants, freeze.opensAt);
    const anchored = await anchorInBatches(made.perParticipant.flat(), batches, stamper.parallel, anchor);

    const bundleDir = join(dir, 'close', '.bundle-partial');
    const written = await writeBundle(bundleDir, {
      season: 1,
      track: 'conformite',
      corpus: track.tree,
      manifest: track.manifest,
      publication: { season: 1, track: 'conformite', in_force: freeze.proofId, freezes: [freeze.published] },
      freezeView: freeze.anchored.views[0]!.raw,
      freezeRekorEntry: freeze.anchored.rekor.raw,
      revealText: freeze.revealText,
      submissions: signedExport(`${made.lines.join('\n')}\n`, freeze.closesAt),
      views: anchored.views.map((v) => ({ ...v, lastReadAtMs: Date.parse(freeze.closesAt) })),
      rekorEntries: anchored.rekorEntries,
      closedAtMs: Date.parse(freeze.closesAt),
      trust: { bundle: trust, dir: trustDir },
    });
    if (!written.ok) throw new Error(written.error.message);
    const finalDir = join(dir, 'close', 'bundle');
    await rename(bundleDir, finalDir);
    return {
      bundleDir: finalDir,
      proofs: made.proofs,
      assertions: made.assertions,
      batches: anchored.batches,
      rekor: anchored.rekorEntries.length,
      files: written.value.files,
    };
  } finally {
    tsa.close();
  }
}

interface DemoTrack {
  tree: Awaited<ReturnType<typeof readCorpusTree>>;
  manifest: Manifest;
  material: { rulesVersion: string; rulesHash: string; manifestHash: string; key: PyJson };
  tasks: ParsedTask[];
  key: ParsedKeyTask[];
  resource: Map<string, ManifestResource>;
}

/** The demo compliance track: its corpus, manifest and sealed key. */
async function demoTrack(): Promise<DemoTrack> {
  const corpusDir = join(ROOT, 'corpus/season-1/conformite');
  const tree = await readCorpusTree(corpusDir);
  const problems = new Problems();
  const corpus = loadCorpus(tree, problems);
  const manifest = computeManifest(tree);
  if (!manifest.ok) throw new Error(manifest.error.message);
  const material = frozenMaterialOf(tree);
  if (!material.ok || material.value.key === undefined) throw new Error('the demo track has no sealed key');
  const tasks = parseTasks(corpus.tasks, problems);
  const key = parseKey(corpus.key, problems);
  const resource = new Map(manifest.value.resources.map((r) => [r.path, r]));
  return {
    tree,
    manifest: manifest.value,
    material: { ...material.value, key: material.value.key },
    tasks,
    key,
    resource,
  };
}

/** The freeze: document v2, its proof (request_hash = the freeze request hash), anchored before the opening. */
async function anchoredFreeze(keys: BenchKeys, track: DemoTrack, anchor: Anchorer) {
  const { material } = track;
  const salt = sha256('proveit close-replay bench salt');
  const seasonBase = 'https://proveit.bench.example';
  const url = freezeUrl(seasonBase, 1);
  const freezeProofId = 'prf_20261001_000000_f00000';
  const freezeSeed = 'freeze';
  // opens_at is fixed after the freeze token exists; the document needs it first: the freeze is stamped at T0,
  // the opening is T0 + 2 s (whole seconds), the batches are stamped after it.
  const t0 = Math.floor(Date.now() / 1000) * 1000;
  const opensAt = new Date(t0 + 2000).toISOString();
  const closesAt = new Date(t0 + 2000 + 28 * 24 * 3600 * 1000).toISOString();
  const document = {
    document_version: 2 as const,
    season: 1,
    track: 'conformite' as const,
    rules_version: material.rulesVersion,
    rules_hash: material.rulesHash,
    manifest_hash: material.manifestHash,
    key_commitment: keyCommitment(material.key, salt),
    replaces: null,
    reason: null,
    opens_at: opensAt,
    closes_at: closesAt,
  };
  const freezeRequest = freezeRequestHash(url, document);
  const freezeBuilt = commitProof(
    keys,
    freezeSeed,
    freezeProofId,
    freezeRequest,
    sha256HexOfText('freeze response'),
    'did:web:proveit.bench.example',
  );
  const anchored = await anchor([freezeBuilt], 'batch_freeze', 0);
  if (Date.now() >= t0 + 2000) throw new Error('the freeze token took too long: run the bench again');
  const published = {
    ...document,
    proof_id: freezeProofId,
    url,
    disclosure: {
      request_hash: {
        nonce: (freezeBuilt.disclosure['request_hash'] as PyObject)['nonce'] as string,
        value: freezeRequest,
      },
    },
  };
  const revealText = canonical(
    revealValue({
      season: 1,
      track: 'conformite',
      revealed_at: closesAt,
      freezes: [
        {
          proof_id: freezeProofId,
          key_commitment: document.key_commitment,
          salt: bytesToHex(salt),
          key: material.key,
        },
      ],
    }),
  );
  return { t0, opensAt, closesAt, proofId: freezeProofId, published, anchored, revealText };
}

/**
 * Participants: every task submitted, grounded, filled up to its cap with repeats of its grounding facts; a
 * resource's assertions share reads two by two (about 35 proofs a participant).
 */
function submissionsOf(keys: BenchKeys, track: DemoTrack, participants: number, opensAt: string) {
  const taskById = new Map(track.tasks.map((t) => [t.id, t]));
  const lines: string[] = [];
  const counts = { proofs: 0, assertions: 0 };
  const perParticipant: Built[][] = [];
  for (let p = 0; p < participants; p++) {
    const participantId = `par_${String(p + 1).padStart(24, '0')}`;
    const did = `did:key:z6MkBench${String(p + 1).padStart(40, '0')}`;
    const built: Built[] = [];
    for (const k of track.key) {
      const submission = taskSubmission(keys, track, taskById.get(k.taskId)!, k, { participantId, did }, built, counts);
      lines.push(
        canonical(
          pyObjectFrom([
            ['participant_id', participantId],
            ['enrolled_did', did],
            ['agent_name', `Bench agent ${p + 1}`],
            ['declared_stack', 'bench'],
            ['received_at', opensAt],
            ['submission_sha256', sha256Hex(canonical(submission))],
            ['submission', submission],
          ]),
        ),
      );
    }
    perParticipant.push(built);
  }
  return { lines, perParticipant, proofs: counts.proofs, assertions: counts.assertions };
}

/** One task's submission, its proofs pushed into `built` as they are made. */
function taskSubmission(
  keys: BenchKeys,
  track: DemoTrack,
  task: ParsedTask,
  k: ParsedKeyTask,
  who: { participantId: string; did: string },
  built: Built[],
  counts: { proofs: number; assertions: number },
): PyObject {
  const facts = Array.from({ length: task.cap }, (_, i) => k.grounding[i % k.grounding.length]!);
  const reads = new Map<string, Built[]>();
  const seen = new Map<string, number>();
  const assertions: PyObject[] = [];
  const disclosures: [string, PyJson][] = [];
  facts.forEach((g, i) => {
    const n = seen.get(g.resource) ?? 0;
    seen.set(g.resource, n + 1);
    const list = reads.get(g.resource) ?? [];
    reads.set(g.resource, list);
    if (n % 2 === 0) {
      const id = counts.proofs++;
      const proofId = `prf_20261001_${String(Math.floor(id / 4096)).padStart(6, '0')}_${(id % 4096).toString(16).padStart(6, '0')}`;
      const r = track.resource.get(g.resource)!;
      const b = commitProof(
        keys,
        `${who.participantId}/${k.taskId}/${i}`,
        proofId,
        r.request_hash,
        r.response_hash,
        who.did,
      );
      list.push(b);
      built.push(b);
      disclosures.push([proofId, b.disclosure]);
    }
    const proof = list[list.length - 1]!;
    counts.assertions++;
    assertions.push(
      pyObjectFrom([
        ['id', `a${i + 1}`],
        [
          'claim',
          pyObjectFrom([
            ['resource', g.resource],
            ['field', g.field],
            ['value', g.value],
          ]),
        ],
        ['proof_ids', [proof.proofId]],
      ]),
    );
  });
  return pyObjectFrom([
    ['season', 1n],
    ['track', 'conformite'],
    ['task_id', k.taskId],
    ['agent_did', who.did],
    ['verdict', k.verdict],
    ['assertions', assertions],
    ['disclosures', pyObjectFrom(disclosures)],
    ['narrative', ''],
  ]);
}

/** The proofs in reading order, cut into `batches` batches of nearly equal size, anchored on `parallel` runners. */
async function anchorInBatches(all: Built[], batches: number, parallel: number, anchor: Anchorer) {
  const views: AnchoredView[] = [];
  const rekorEntries: AnchoredBatch['rekor'][] = [];
  const sizeOf = (b: number) => Math.floor(((b + 1) * all.length) / batches) - Math.floor((b * all.length) / batches);
  let next = 0;
  // Each runner has its own openssl config and serial file: a job runs on the runner that takes it.
  const jobs: ((worker: number) => Promise<void>)[] = [];
  for (let b = 0; b < batches; b++) {
    const batch = all.slice(next, next + sizeOf(b));
    next += batch.length;
    if (batch.length === 0) continue;
    jobs.push(async (worker) => {
      const anchored = await anchor(batch, `batch_bench_${String(b).padStart(5, '0')}`, worker);
      views.push(...anchored.views);
      rekorEntries.push(anchored.rekor);
    });
  }
  // Run the batches on `parallel` openssl processes at once.
  let cursor = 0;
  await Promise.all(
    Array.from({ length: parallel }, async (_, worker) => {
      while (cursor < jobs.length) await jobs[cursor++]!(worker);
    }),
  );
  return { views, rekorEntries, batches: jobs.length };
}

/**
 * The export as the season service signs it (docs/replay-bundle.md "The export, per track"): the close and the
 * replay refuse an unsigned one.
 */
function signedExport(text: string, takenAt: string): Buffer {
  const serviceSecret = sha256('proveit close-replay bench season service');
  const body = new TextEncoder().encode(text);
  const trailer = exportTrailerLine(
    {
      season: 1,
      takenAt,
      publicKeyHex: bytesToHex(ed25519.getPublicKey(serviceSecret)),
      ...bodyDigest(body),
    },
    (bytes) => Buffer.from(ed25519.sign(bytes, serviceSecret)).toString('base64'),
  );
  return Buffer.concat([body, Buffer.from(trailer)]);
}
