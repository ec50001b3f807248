// Season close and replay at scale (docs/replay-bundle.md "Speed: worker threads, and what a close costs"). 1,000
// participants × 10 tasks of the demo compliance track (corpus/season-1/conformite), every task submitted grounded and
// up to its cap (about 62,000 assertions), about 35,000 cited proofs over one batch per 10 minutes of a four-week
// season (4,032 batches: as many RFC 3161 tokens and Rekor entries), and a freeze that verifies. The replay bundle is
// generated once (not timed) in a temporary folder, then the close (scoreBundle on the bundle folder + writing the
// outputs and expected/) and the replay (replayBundle) each run in a fresh child process, which reports its seconds and
// its peak RSS (VmHWM). Target (docs/replay-bundle.md "Speed: worker threads, and what a close costs"): each under 10 s
// and 1 GiB on this machine.
//
// Synthetic material: Ed25519 issuer key, openssl test TSA (P-256), a Rekor-compatible log (P-256 SET, checkpoint and
// hashedrekord signature, tests/core/rekor/synthetic-log.ts's formulas), all in one archived trust bundle. The
// tokens' genTime is the wall clock at generation (openssl ts cannot be told another time), so the season window is
// set around the generation: the freeze is stamped first, the season opens one second later, and every batch is
// stamped after the opening. Anchor times therefore span the generation, not four weeks; the verification cost is
// the same.
//
// Environment: BENCH_PARTICIPANTS (default 1000), BENCH_BATCHES (default 4032), BENCH_KEEP=1 keeps the folder,
// BENCH_BUNDLE=DIR reuses a kept folder, BENCH_CPU_PROF=DIR profiles the children, BENCH_CLOSE_ONLY=1 skips the replay.
import { execFile, spawn } from 'node:child_process';
import * as nodeCrypto from 'node:crypto';
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  sign as cryptoSign,
  verify as cryptoVerify,
  type KeyObject,
} from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync, mkdtempSync, mkdirSync } from 'node:fs';
import { mkdir, writeFile, rename } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { PyJson, PyObject } from '../main/core/json/value.ts';
import { figures } from './figures.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..');

/** What a child phase prints as its last line. */
interface PhaseResult {
  ok: boolean;
  seconds: number;
  /** User + system CPU seconds of every thread: the work done, whatever else the machine runs meanwhile. */
  cpuSeconds: number;
  hwmMiB: number;
  scored: number;
  pending: number;
  detail: string;
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function vmHwmMiB(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

// ---------------------------------------------------------------------------------------------------------------
// Child phases: `close BUNDLE OUT` and `replay BUNDLE OUT`.
async function runPhase(phase: string, bundleDir: string, outDir: string): Promise<PhaseResult> {
  const { scoreBundle } = await import('../main/services/close/score-bundle.ts');
  const { replayBundle } = await import('../main/services/close/replay-bundle.ts');
  const { BUNDLE, inBundle } = await import('../main/services/close/bundle-layout.ts');
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  if (phase === 'close') {
    const scored = await scoreBundle(bundleDir, { season: 1, track: 'conformite' });
    if (scored.kind === 'refused') {
      return {
        ok: false,
        seconds: seconds(),
        hwmMiB: vmHwmMiB(),
        cpuSeconds: cpuSeconds(),
        scored: 0,
        pending: 0,
        detail: scored.failures.map((f) => `${f.code}: ${f.message}`).join('; '),
      };
    }
    // As the close does: the outputs into --out and into the bundle's expected/.
    for (const base of [outDir, inBundle(bundleDir, BUNDLE.expected)]) {
      for (const f of scored.files) {
        const target = join(base, ...f.path.split('/'));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, f.bytes, { flag: 'wx' });
      }
    }
    const unsupported = scored.score.participants.reduce((n, p) => n + (p.overclaim?.unsupported ?? 0), 0);
    const submitted = scored.score.participants.reduce((n, p) => n + (p.overclaim?.submitted ?? 0), 0);
    const grounded = scored.score.participants.reduce((n, p) => n + (p.success?.groundedExact ?? 0), 0);
    const outOf = scored.score.participants.reduce((n, p) => n + (p.success?.outOf ?? 0), 0);
    const cited = scored.input.participants.length;
    return {
      ok: true,
      seconds: seconds(),
      hwmMiB: vmHwmMiB(),
      cpuSeconds: cpuSeconds(),
      scored: scored.scored.length,
      pending: scored.pending.length,
      detail: `${cited} participants, unsupported ${unsupported}/${submitted} assertions, success ${grounded}/${outOf} tasks`,
    };
  }
  const replayed = await replayBundle(bundleDir, outDir);
  if (!replayed.ok) {
    return {
      ok: false,
      seconds: seconds(),
      hwmMiB: vmHwmMiB(),
      cpuSeconds: cpuSeconds(),
      scored: 0,
      pending: 0,
      detail: `${replayed.error.code}: ${replayed.error.message}`,
    };
  }
  return {
    ok: true,
    seconds: seconds(),
    hwmMiB: vmHwmMiB(),
    cpuSeconds: cpuSeconds(),
    scored: replayed.value.scored.length,
    pending: replayed.value.pending.length,
    detail: `identical, ${replayed.value.files.length} files`,
  };
}

function runChild(
  phase: string,
  bundleDir: string,
  outDir: string,
  extraNodeArgs: string[] = [],
): Promise<PhaseResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...extraNodeArgs,
        join(ROOT, 'bin/run-ts.mjs'),
        join(HERE, 'close-replay.ts'),
        '--close-replay-phase',
        phase,
        bundleDir,
        outDir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        resolvePromise(JSON.parse(last) as PhaseResult);
      } catch {
        reject(new Error(`${phase} child exited ${code}: ${out.slice(-2000)}`));
      }
    });
  });
}

/**
 * docs/replay-bundle.md "The replay kit": the replay kit an Index export carries, built from the source as the export
 * builds it, run by the plain node binary on the same bundle as the replay phase: its size, its build time and its wall
 * time (a child of its own: the kit is one file, so its CPU and peak memory are the replay's, less tsx's loading).
 */
async function runKit(bundleDir: string, dir: string): Promise<string> {
  const { buildReplayKit } = await import('../main/services/replay-kit/build-replay-kit.ts');
  const building = performance.now();
  const kit = buildReplayKit();
  const buildSeconds = (performance.now() - building) / 1000;
  if (!kit.ok) return `FAILED ${kit.error.code}: ${kit.error.message}`;
  const file = join(dir, 'replay-kit', 'proveit-replay.mjs');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, kit.value.bytes);
  const started = performance.now();
  const run = await new Promise<{ code: number | null; out: string }>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [file, bundleDir, '--out', join(dir, 'kit-out'), '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code, out }));
  });
  const seconds = (performance.now() - started) / 1000;
  let outcome: { identical?: boolean; files?: number; code?: string } = {};
  try {
    outcome = JSON.parse(run.out.trim().split('\n').pop() ?? '') as typeof outcome;
  } catch {
    outcome = {};
  }
  const size = kit.value.bytes.length;
  return (
    `${seconds.toFixed(2)} s, exit ${run.code}, ${outcome.identical ? `identical, ${outcome.files} files` : `NOT identical ${outcome.code ?? ''}`}; ` +
    `kit ${size} bytes (${(size / 1024 / 1024).toFixed(2)} MiB, ${kit.value.inputs} modules), built in ${buildSeconds.toFixed(2)} s`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Generation (not timed).

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());
const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const pem = (label: string, der: Uint8Array) =>
  `-----BEGIN ${label}-----\n${b64(der).replace(/(.{64})(?!$)/g, '$1\n')}\n-----END ${label}-----\n`;

/** A P-256 key from a label, signing with node:crypto (DER ECDSA over SHA-256). */
interface P256Key {
  spkiDer: Uint8Array;
  pem: string;
  key: KeyObject;
}
function p256Key(label: string): P256Key {
  const secret = sha256(`proveit close-replay bench key: ${label}`);
  const point = p256.getPublicKey(secret, false);
  const spkiDer = new Uint8Array([...hexToBytes('3059301306072a8648ce3d020106082a8648ce3d030107034200'), ...point]);
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: b64url(secret), x: b64url(point.slice(1, 33)), y: b64url(point.slice(33)) },
    format: 'jwk',
  });
  return { spkiDer, pem: pem('PUBLIC KEY', spkiDer), key };
}
const signP256 = (k: P256Key, message: Uint8Array | string) =>
  new Uint8Array(cryptoSign('sha256', typeof message === 'string' ? Buffer.from(message) : message, k.key));

/** Async openssl TSA stamping on several processes at once (each with its own serial file). */
function asyncStamper(tsaDir: string, parallel: number) {
  const run = promisify(execFile);
  const base = readFileSync(join(tsaDir, 'tsa.cnf'), 'utf8');
  for (let w = 0; w < parallel; w++) {
    writeFileSync(join(tsaDir, `serial-${w}`), `${(w + 1).toString(16).padStart(2, '0')}000001\n`);
    writeFileSync(join(tsaDir, `tsa-${w}.cnf`), base.replace('$dir/serial', `$dir/serial-${w}`));
  }
  let counter = 0;
  // TimeStampReq { version 1, messageImprint { sha256, digest } }, no nonce, no certReq.
  const query = (digest: Uint8Array) =>
    new Uint8Array([...hexToBytes('30360201013031300d060960864801650304020105000420'), ...digest]);
  const stamp = async (worker: number, raw32: Uint8Array): Promise<Uint8Array> => {
    const n = counter++;
    const q = join(tsaDir, `bq${n}.tsq`);
    const r = join(tsaDir, `br${n}.tsr`);
    writeFileSync(q, query(sha256(raw32)));
    await run('openssl', ['ts', '-reply', '-config', join(tsaDir, `tsa-${worker}.cnf`), '-queryfile', q, '-out', r], {
      cwd: tsaDir,
    });
    const bytes = new Uint8Array(readFileSync(r));
    rmSync(q);
    rmSync(r);
    // TimeStampResp { status { granted } ... }: 30 82 LL LL 30 03 02 01 00.
    if (Buffer.from(bytes.subarray(4, 9)).toString('hex') !== '3003020100') {
      throw new Error('the bench TSA did not grant a token');
    }
    return bytes;
  };
  return { stamp, parallel };
}

async function generate(dir: string, participants: number, batches: number) {
  const { createTestTsa } = await import('../tests/support/test-tsa.ts');
  const { canonical } = await import('../main/core/json/canonical.ts');
  const { pyObjectFrom } = await import('../main/core/json/value.ts');
  const { sha256HexOfText } = await import('../main/core/hash/sha256.ts');
  const { auditPath, leafHash, treeHash } = await import('../main/core/merkle/rfc6962.ts');
  const { commitmentHex, commitmentsRoot } = await import('../main/core/proof/commitments.ts');
  const { readCorpusTree } = await import('../main/services/corpus/corpus-folder.ts');
  const { loadCorpus } = await import('../main/core/corpus/load-corpus.ts');
  const { computeManifest } = await import('../main/core/corpus/manifest.ts');
  const { parseKey, parseTasks } = await import('../main/core/corpus/parse-tasks-and-key.ts');
  const { Problems } = await import('../main/core/corpus/problems.ts');
  const { frozenMaterialOf } = await import('../main/core/freeze/frozen-material.ts');
  const { freezeRequestHash, freezeUrl } = await import('../main/core/freeze/freeze-document.ts');
  const { keyCommitment } = await import('../main/core/freeze/key-commitment.ts');
  const { revealValue } = await import('../main/core/freeze/reveal.ts');
  const { loadTrustBundle } = await import('../main/services/trust/load-bundle.ts');
  const { writeBundle } = await import('../main/services/close/write-bundle.ts');

  const tsa = createTestTsa({ key: 'ec-p256', name: 'close-replay bench' });
  try {
    const stamper = asyncStamper(tsa.dir, 4);
    // Keys: issuer Ed25519, ArkForge Rekor key, log key; the trust bundle folder.
    const edSecret = sha256('proveit close-replay bench issuer');
    const edPublic = ed25519.getPublicKey(edSecret);
    const edKey = createPrivateKey({
      key: { kty: 'OKP', crv: 'Ed25519', d: b64url(edSecret), x: b64url(edPublic) },
      format: 'jwk',
    });
    const publicText = `ed25519:${b64url(edPublic)}`;
    const kid = 'bench-key-1';
    const arkforge = p256Key('arkforge rekor');
    const logKey = p256Key('log');
    const logName = 'bench-log.local';
    const trustDir = join(dir, 'trust');
    mkdirSync(trustDir, { recursive: true });
    const publishedKeys = {
      keys: [
        {
          kid,
          type: 'Ed25519',
          public: publicText,
          node: 'bench',
          valid_from: '2026-01-01T00:00:00Z',
          retired_at: null,
        },
      ],
      rekor_keys: [
        {
          kid: 'bench-rekor-1',
          type: 'ECDSA-P256-SHA256',
          public_pem: arkforge.pem,
          node: 'bench',
          valid_from: '2026-01-01T00:00:00Z',
          retired_at: null,
        },
      ],
    };
    writeFileSync(join(trustDir, 'published_keys.json'), `${JSON.stringify(publishedKeys, null, 2)}\n`);
    writeFileSync(join(trustDir, 'bench-log.pem'), logKey.pem);
    writeFileSync(join(trustDir, 'bench-tsa-root.pem'), pem('CERTIFICATE', tsa.rootDer));
    writeFileSync(join(trustDir, 'bench-tsa.crt'), pem('CERTIFICATE', tsa.tsaCertDer));
    const PROVIDER = 'bench-tsa';
    writeFileSync(
      join(trustDir, 'bundle.json'),
      `${JSON.stringify(
        {
          format: 'proveit-trust-bundle/1',
          name: 'close-replay-bench',
          description: 'bench/close-replay.ts: synthetic keys, never production.',
          published_keys: 'published_keys.json',
          transparency_logs: [{ name: logName, public_key: 'bench-log.pem' }],
          timestamp_authorities: [{ provider: PROVIDER, roots: ['bench-tsa-root.pem'], untrusted: ['bench-tsa.crt'] }],
        },
        null,
        2,
      )}\n`,
    );
    const trust = await loadTrustBundle(trustDir);
    if (!trust.ok) throw new Error(`bench trust bundle: ${trust.error.message}`);

    // Corpus, manifest, key.
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

    // One proof: commitments of the 11 fields, Ed25519 over the chain hex.
    interface Built {
      proofId: string;
      chainHex: string;
      view: Record<string, unknown>;
      disclosure: PyObject;
    }
    const commit = (seed: string, proofId: string, requestHash: string, responseHash: string, did: string): Built => {
      const values: Record<string, PyJson> = {
        request_hash: requestHash,
        response_hash: responseHash,
        transaction_id: 'free_tier',
        timestamp: '2026-11-30T01:00:00Z',
        buyer_fingerprint: sha256HexOfText(`${seed} key`),
        seller: 'corpus.example',
        upstream_timestamp: 'Mon, 30 Nov 2026 01:00:00 GMT',
        agent_identity: did,
        agent_identity_verified: true,
        did_resolution_status: 'bound',
        identity_consistent: true,
      };
      const nonces: Record<string, string> = {};
      const commitments: Record<string, string> = {};
      const hexes = new Map<string, string>();
      for (const [field, value] of Object.entries(values)) {
        nonces[field] = sha256HexOfText(`${seed} nonce ${field}`);
        const hex = commitmentHex(field, nonces[field], value);
        hexes.set(field, hex);
        commitments[field] = `sha256:${hex}`;
      }
      const chainHex = commitmentsRoot(hexes);
      const opening = (field: string) => ({ nonce: nonces[field]!, value: values[field]! });
      const signature = new Uint8Array(cryptoSign(null, Buffer.from(chainHex, 'utf8'), edKey));
      const view = {
        proof_id: proofId,
        is_demo: false,
        spec_version: '3.1',
        hashes: { request: `sha256:${requestHash}`, response: `sha256:${responseHash}`, chain: `sha256:${chainHex}` },
        commitments,
        timestamp: values['timestamp'],
        upstream_timestamp: values['upstream_timestamp'],
        arkforge_signature: `ed25519:${b64url(signature)}`,
        arkforge_pubkey: publicText,
        arkforge_kid: kid,
        identity_consistent: true,
        agent_identity: did,
        agent_identity_verified: true,
        did_resolution_status: 'bound',
        seller: 'corpus.example',
        disclosed: {
          agent_identity: opening('agent_identity'),
          agent_identity_verified: opening('agent_identity_verified'),
          did_resolution_status: opening('did_resolution_status'),
          identity_consistent: opening('identity_consistent'),
        },
      };
      const pair = (field: string) =>
        pyObjectFrom([
          ['nonce', nonces[field]!],
          ['value', values[field]!],
        ]);
      const disclosure = pyObjectFrom([
        ['request_hash', pair('request_hash')],
        ['response_hash', pair('response_hash')],
      ]);
      return { proofId, chainHex, view, disclosure };
    };

    let logCounter = 0;
    /** Anchors a batch: tree, token (openssl), Rekor entry (16-entry log), the fields written into every view. */
    const anchor = async (batch: Built[], batchId: string, worker: number) => {
      const leaves = batch.map((p) => leafHash(hexToBytes(p.chainHex)));
      const rootBytes = treeHash(leaves);
      const rootHex = bytesToHex(rootBytes);
      const tsr = await stamper.stamp(worker, rootBytes);
      // The Rekor entry (synthetic-log.ts formulas, signed with node:crypto).
      const body = b64(
        Buffer.from(
          JSON.stringify({
            apiVersion: '0.0.1',
            kind: 'hashedrekord',
            spec: {
              data: { hash: { algorithm: 'sha256', value: sha256Hex(rootHex) } },
              signature: {
                content: b64(signP256(arkforge, rootHex)),
                publicKey: { content: b64(Buffer.from(arkforge.pem)) },
              },
            },
          }),
        ),
      );
      const size = 16;
      const index = logCounter++ % size;
      const logLeaves = Array.from({ length: size }, (_, i) =>
        i === index ? leafHash(Buffer.from(body, 'base64')) : leafHash(Buffer.from(`filler ${logCounter} ${i}`)),
      );
      const logRoot = treeHash(logLeaves);
      const logID = bytesToHex(sha256(logKey.spkiDer));
      const integratedTime = Math.floor(Date.now() / 1000);
      const set = canonical(
        pyObjectFrom([
          ['body', body],
          ['integratedTime', BigInt(integratedTime)],
          ['logID', logID],
          ['logIndex', BigInt(index)],
        ]),
      );
      const note = `${logName} - 1\n${size}\n${b64(logRoot)}\n`;
      const hint = sha256(logKey.spkiDer).slice(0, 4);
      const checkpoint = `${note}\n\u2014 ${logName} ${b64(new Uint8Array([...hint, ...signP256(logKey, note)]))}\n`;
      const uuid = bytesToHex(logLeaves[index]!);
      const entry = {
        [uuid]: {
          body,
          integratedTime,
          logID,
          logIndex: index,
          verification: {
            inclusionProof: {
              checkpoint,
              hashes: auditPath(index, logLeaves).map(bytesToHex),
              logIndex: index,
              rootHash: bytesToHex(logRoot),
              treeSize: size,
            },
            signedEntryTimestamp: b64(signP256(logKey, set)),
          },
        },
      };
      const views = batch.map((p, i) => {
        const view = {
          ...p.view,
          batch_anchor: {
            status: 'anchored',
            batch_id: batchId,
            leaf_index: i,
            tree_size: batch.length,
            audit_path: auditPath(i, leaves).map(bytesToHex),
            root: `sha256:${rootHex}`,
          },
          timestamp_authority: { status: 'verified', provider: PROVIDER, tsr_base64: b64(tsr), anchored: 'batch_root' },
          transparency_log: {
            provider: 'sigstore-rekor',
            status: 'verified',
            uuid,
            log_index: index,
            integrated_time: integratedTime,
            log_url: `http://${logName}/api/v1/log/entries/${uuid}`,
            verify_url: `http://${logName}/api/v1/log/entries?logIndex=${index}`,
            anchored: 'batch_root',
          },
        };
        return { proofId: p.proofId, status: 'anchored' as const, raw: new TextEncoder().encode(JSON.stringify(view)) };
      });
      return { views, rekor: { uuid, raw: new TextEncoder().encode(JSON.stringify(entry)) } };
    };

    // The freeze: document v2, its proof (request_hash = the freeze request hash), anchored before the opening.
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
      rules_version: material.value.rulesVersion,
      rules_hash: material.value.rulesHash,
      manifest_hash: material.value.manifestHash,
      key_commitment: keyCommitment(material.value.key, salt),
      replaces: null,
      reason: null,
      opens_at: opensAt,
      closes_at: closesAt,
    };
    const freezeRequest = freezeRequestHash(url, document);
    const freezeBuilt = commit(
      freezeSeed,
      freezeProofId,
      freezeRequest,
      sha256HexOfText('freeze response'),
      'did:web:proveit.bench.example',
    );
    const freezeAnchored = await anchor([freezeBuilt], 'batch_freeze', 0);
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
            key: material.value.key,
          },
        ],
      }),
    );
    await new Promise((r) => setTimeout(r, t0 + 3100 - Date.now()));

    // Participants: every task submitted, grounded, filled up to its cap with repeats of its grounding facts; a
    // resource's assertions share reads two by two (about 35 proofs a participant).
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    const lines: string[] = [];
    const allViews: { proofId: string; status: 'anchored'; raw: Uint8Array }[] = [];
    const rekorEntries: { uuid: string; raw: Uint8Array }[] = [];
    let proofCount = 0;
    let assertionCount = 0;
    const perParticipant: Built[][] = [];
    for (let p = 0; p < participants; p++) {
      const participantId = `par_${String(p + 1).padStart(24, '0')}`;
      const did = `did:key:z6MkBench${String(p + 1).padStart(40, '0')}`;
      const built: Built[] = [];
      for (const k of key) {
        const task = taskById.get(k.taskId)!;
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
            const id = proofCount++;
            const proofId = `prf_20261001_${String(Math.floor(id / 4096)).padStart(6, '0')}_${(id % 4096).toString(16).padStart(6, '0')}`;
            const r = resource.get(g.resource)!;
            const b = commit(`${participantId}/${k.taskId}/${i}`, proofId, r.request_hash, r.response_hash, did);
            list.push(b);
            built.push(b);
            disclosures.push([proofId, b.disclosure]);
          }
          const proof = list[list.length - 1]!;
          assertionCount++;
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
        const submission = pyObjectFrom([
          ['season', 1n],
          ['track', 'conformite'],
          ['task_id', k.taskId],
          ['agent_did', did],
          ['verdict', k.verdict],
          ['assertions', assertions],
          ['disclosures', pyObjectFrom(disclosures)],
          ['narrative', ''],
        ]);
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
    // Batches: the proofs in reading order, cut into `batches` batches of nearly equal size.
    const all = perParticipant.flat();
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
        allViews.push(...anchored.views);
        rekorEntries.push(anchored.rekor);
      });
    }
    // Run the batches on `parallel` openssl processes at once.
    let cursor = 0;
    await Promise.all(
      Array.from({ length: stamper.parallel }, async (_, worker) => {
        while (cursor < jobs.length) await jobs[cursor++]!(worker);
      }),
    );

    // The export as the season service signs it (docs/replay-bundle.md "The export, per track"): the close and the
    // replay refuse an unsigned one.
    const { bodyDigest, exportTrailerLine } = await import('../main/core/season-export/signed-export.ts');
    const serviceSecret = sha256('proveit close-replay bench season service');
    const signedExport = (text: string) => {
      const body = new TextEncoder().encode(text);
      const trailer = exportTrailerLine(
        {
          season: 1,
          takenAt: closesAt,
          publicKeyHex: bytesToHex(ed25519.getPublicKey(serviceSecret)),
          ...bodyDigest(body),
        },
        (bytes) => Buffer.from(ed25519.sign(bytes, serviceSecret)).toString('base64'),
      );
      return Buffer.concat([body, Buffer.from(trailer)]);
    };
    const bundleDir = join(dir, 'close', '.bundle-partial');
    const written = await writeBundle(bundleDir, {
      season: 1,
      track: 'conformite',
      corpus: tree,
      manifest: manifest.value,
      publication: { season: 1, track: 'conformite', in_force: freezeProofId, freezes: [published] },
      freezeView: freezeAnchored.views[0]!.raw,
      freezeRekorEntry: freezeAnchored.rekor.raw,
      revealText,
      submissions: signedExport(`${lines.join('\n')}\n`),
      views: allViews.map((v) => ({ ...v, lastReadAtMs: Date.parse(closesAt) })),
      rekorEntries,
      closedAtMs: Date.parse(closesAt),
      trust: { bundle: trust.value, dir: trustDir },
    });
    if (!written.ok) throw new Error(written.error.message);
    const finalDir = join(dir, 'close', 'bundle');
    await rename(bundleDir, finalDir);
    return {
      bundleDir: finalDir,
      proofs: proofCount,
      assertions: assertionCount,
      batches: jobs.length,
      rekor: rekorEntries.length,
      files: written.value.files,
    };
  } finally {
    tsa.close();
  }
}

/**
 * The cryptography a close cannot skip, priced on this machine: one Ed25519 verification per proof; per batch one
 * ECDSA verification for the RFC 3161 token and three for the Rekor entry, done twice (in-house and
 * @sigstore/verify); about 42 small SHA-256 per proof (11 commitments and their 21-node tree, the opened fields, the
 * batch path). A lower bound on the close's CPU time, whatever the code around it does.
 */
function cryptoFloor(proofs: number, batches: number): { seconds: number; text: string } {
  const time = (n: number, op: () => void) => {
    for (let i = 0; i < n / 10; i++) op();
    const t = performance.now();
    for (let i = 0; i < n; i++) op();
    return (performance.now() - t) / 1000 / n;
  };
  const ed = generateKeyPairSync('ed25519');
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const message = Buffer.alloc(64, 7);
  const edSignature = cryptoSign(null, message, ed.privateKey);
  const ecSignature = cryptoSign('sha256', message, ec.privateKey);
  const edTime = time(2000, () => cryptoVerify(null, message, ed.publicKey, edSignature));
  const ecTime = time(2000, () => cryptoVerify('sha256', message, ec.publicKey, ecSignature));
  const oneShot = (nodeCrypto as { hash?: (a: string, d: Uint8Array) => unknown }).hash;
  const shaTime = time(50000, () =>
    oneShot ? oneShot('sha256', message) : createHash('sha256').update(message).digest(),
  );
  const seconds = proofs * edTime + batches * 7 * ecTime + proofs * 42 * shaTime;
  return {
    seconds,
    text:
      `  cryptography floor: ${proofs} Ed25519 × ${(edTime * 1e6).toFixed(0)} µs + ${batches * 7} ECDSA P-256 × ` +
      `${(ecTime * 1e6).toFixed(0)} µs + ${proofs * 42} SHA-256 × ${(shaTime * 1e6).toFixed(1)} µs = ` +
      `${seconds.toFixed(1)} CPU s`,
  };
}

/**
 * The other work a close cannot skip, timed on the bundle itself: reading every view, Rekor entry, the bundle's
 * index and the submissions file, one SHA-256 of each document (the bundle lists them by digest) and one native
 * JSON.parse of each view, entry, the index and each submission line, keeping nothing. No check, no conversion to
 * Python values, no scoring.
 */
function readingFloor(bundleDir: string): { seconds: number; text: string } {
  const cpu = process.cpuUsage();
  let files = 0;
  let bytes = 0;
  const take = (data: Buffer, parse: (text: string) => void) => {
    createHash('sha256').update(data).digest();
    parse(data.toString('latin1'));
    files++;
    bytes += data.length;
  };
  for (const folder of ['proofs', 'rekor']) {
    for (const name of readdirSync(join(bundleDir, folder))) {
      take(readFileSync(join(bundleDir, folder, name)), (text) => JSON.parse(text));
    }
  }
  take(readFileSync(join(bundleDir, 'bundle.json')), (text) => JSON.parse(text));
  take(readFileSync(join(bundleDir, 'submissions.ndjson')), (text) => {
    for (const line of text.split('\n')) if (line !== '') JSON.parse(line);
  });
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  return {
    seconds,
    text: `  reading floor: ${files} files, ${(bytes / 2 ** 20).toFixed(0)} MiB read, hashed and JSON.parse'd = ${seconds.toFixed(1)} CPU s`,
  };
}

/** Both floors and their sum spread over every core: what no implementation of the close can go below here. */
function floors(bundleDir: string): { seconds: number; text: string } {
  const crypto = cryptoFloor(
    readdirSync(join(bundleDir, 'proofs')).length,
    readdirSync(join(bundleDir, 'rekor')).length,
  );
  const reading = readingFloor(bundleDir);
  const cpuSeconds = crypto.seconds + reading.seconds;
  const cores = availableParallelism();
  const seconds = cpuSeconds / cores;
  return {
    seconds,
    text: [
      crypto.text,
      reading.text,
      `  floor together: ${cpuSeconds.toFixed(1)} CPU s, ${seconds.toFixed(1)} s over ${cores} cores at best`,
    ].join('\n'),
  };
}

async function bench() {
  const participants = Number(process.env['BENCH_PARTICIPANTS'] ?? 1000);
  const batches = Number(process.env['BENCH_BATCHES'] ?? 4032);
  // BENCH_BUNDLE=DIR reuses a folder kept by an earlier run (BENCH_KEEP=1): generation takes minutes.
  const reuse = process.env['BENCH_BUNDLE'];
  const dir = reuse ?? mkdtempSync(join(tmpdir(), 'proveit-bench-close-'));
  const keep = Boolean(process.env['BENCH_KEEP'] || reuse);
  try {
    const started = performance.now();
    console.log('season close and replay (bench/close-replay.ts, demo compliance track, synthetic proofs)');
    let g: { bundleDir: string };
    if (reuse) {
      g = { bundleDir: join(dir, 'close', 'bundle') };
      for (const out of ['close-out', 'replay-out', 'kit-out', 'close/bundle/expected'])
        rmSync(join(dir, out), { recursive: true, force: true });
      console.log(`  reusing the bundle generated in ${dir}`);
    } else {
      const made = await generate(dir, participants, batches);
      g = made;
      console.log(
        `  generated in ${((performance.now() - started) / 1000).toFixed(1)} s (not timed): ${participants} participants × 10 tasks, ${made.assertions} assertions, ${made.proofs} proofs, ${made.batches} batches (${made.batches} RFC 3161 tokens, ${made.rekor} Rekor entries), ${made.files} bundle files`,
      );
    }
    const floor = floors(g.bundleDir);
    console.log(floor.text);
    const targetSeconds = 10;
    const targetMiB = 1024;
    const show = (label: string, r: PhaseResult) => {
      const met = r.ok && r.seconds < targetSeconds && r.hwmMiB < targetMiB;
      console.log(
        `  ${label}: ${r.seconds.toFixed(2)} s (CPU ${r.cpuSeconds.toFixed(1)} s, ${(r.seconds / floor.seconds).toFixed(1)}× the floor), peak RSS ${r.hwmMiB.toFixed(0)} MiB, ${r.ok ? `${r.scored} scored, ${r.pending} pending, ${r.detail}` : `FAILED ${r.detail}`}; target 10 s / 1 GiB ${met ? 'met' : 'NOT met'}`,
      );
    };
    const nodeArgs = process.env['BENCH_CPU_PROF']
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_CPU_PROF']}`]
      : [];
    const close = await runChild('close', g.bundleDir, join(dir, 'close-out'), nodeArgs);
    show('close (scoreBundle from the bundle folder + outputs written)', close);
    // bench/season-follow.ts adds it to the reads' time: from closes_at to scores.json written.
    if (close.ok) {
      Object.assign(figures, { closeSeconds: close.seconds, closeMeasuredOn: `${participants} participants` });
    }
    if (close.ok && process.env['BENCH_CLOSE_ONLY'] === undefined) {
      const replay = await runChild('replay', g.bundleDir, join(dir, 'replay-out'), nodeArgs);
      show('replay (replayBundle, offline, byte-for-byte comparison)', replay);
      console.log(
        `  replay kit (node proveit-replay.mjs BUNDLE, plain node, no install): ${await runKit(g.bundleDir, dir)}`,
      );
    }
    if (keep) console.log(`  kept: ${dir} (BENCH_BUNDLE=${dir} reuses it)`);
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

const phaseAt = process.argv.indexOf('--close-replay-phase');
if (phaseAt !== -1) {
  const [phase, bundleDir, outDir] = process.argv.slice(phaseAt + 1);
  const result = await runPhase(phase!, bundleDir!, outDir!);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  await bench();
}
