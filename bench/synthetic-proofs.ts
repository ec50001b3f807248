// Synthetic proofs for bench/close-replay.ts: the bench's keys and trust bundle (Ed25519 issuer key, openssl test
// TSA, a Rekor-compatible log: tests/core/rekor/synthetic-log.ts's formulas), one proof's commitments and signature,
// and a batch anchored with its RFC 3161 token and Rekor entry. Synthetic material, never production.
import { execFile } from 'node:child_process';
import { createHash, createPrivateKey, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ed25519 } from '@noble/curves/ed25519.js';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { sha256HexOfText } from '../main/core/hash/sha256.ts';
import { canonical } from '../main/core/json/canonical.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../main/core/json/value.ts';
import { auditPath, leafHash, treeHash } from '../main/core/merkle/rfc6962.ts';
import { commitmentHex, commitmentsRoot } from '../main/core/proof/commitments.ts';
import { loadTrustBundle } from '../main/services/trust/load-bundle.ts';
import type { TestTsa } from '../tests/support/test-tsa.ts';

export const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
export const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());
export const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const pem = (label: string, der: Uint8Array) =>
  `-----BEGIN ${label}-----\n${b64(der).replace(/(.{64})(?!$)/g, '$1\n')}\n-----END ${label}-----\n`;

/** A P-256 key from a label, signing with node:crypto (DER ECDSA over SHA-256). */
export interface P256Key {
  spkiDer: Uint8Array;
  pem: string;
  key: KeyObject;
}
export function p256Key(label: string): P256Key {
  const secret = sha256(`proveit close-replay bench key: ${label}`);
  const point = p256.getPublicKey(secret, false);
  const spkiDer = new Uint8Array([...hexToBytes('3059301306072a8648ce3d020106082a8648ce3d030107034200'), ...point]);
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: b64url(secret), x: b64url(point.slice(1, 33)), y: b64url(point.slice(33)) },
    format: 'jwk',
  });
  return { spkiDer, pem: pem('PUBLIC KEY', spkiDer), key };
}
export const signP256 = (k: P256Key, message: Uint8Array | string) =>
  new Uint8Array(cryptoSign('sha256', typeof message === 'string' ? Buffer.from(message) : message, k.key));

/** Async openssl TSA stamping on several processes at once (each with its own serial file). */
export function asyncStamper(tsaDir: string, parallel: number) {
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

const PROVIDER = 'bench-tsa';

/** The bench's keys: issuer Ed25519, ArkForge Rekor key, log key. */
export interface BenchKeys {
  edKey: KeyObject;
  publicText: string;
  kid: string;
  arkforge: P256Key;
  logKey: P256Key;
  logName: string;
}

export function benchKeys(): BenchKeys {
  const edSecret = sha256('proveit close-replay bench issuer');
  const edPublic = ed25519.getPublicKey(edSecret);
  const edKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d: b64url(edSecret), x: b64url(edPublic) },
    format: 'jwk',
  });
  return {
    edKey,
    publicText: `ed25519:${b64url(edPublic)}`,
    kid: 'bench-key-1',
    arkforge: p256Key('arkforge rekor'),
    logKey: p256Key('log'),
    logName: 'bench-log.local',
  };
}

/** The trust bundle folder of the bench's keys and TSA, written into DIR/trust and loaded. */
export async function writeTrustBundle(dir: string, tsa: TestTsa, keys: BenchKeys) {
  const trustDir = join(dir, 'trust');
  mkdirSync(trustDir, { recursive: true });
  const publishedKeys = {
    keys: [
      {
        kid: keys.kid,
        type: 'Ed25519',
        public: keys.publicText,
        node: 'bench',
        valid_from: '2026-01-01T00:00:00Z',
        retired_at: null,
      },
    ],
    rekor_keys: [
      {
        kid: 'bench-rekor-1',
        type: 'ECDSA-P256-SHA256',
        public_pem: keys.arkforge.pem,
        node: 'bench',
        valid_from: '2026-01-01T00:00:00Z',
        retired_at: null,
      },
    ],
  };
  writeFileSync(join(trustDir, 'published_keys.json'), `${JSON.stringify(publishedKeys, null, 2)}\n`);
  writeFileSync(join(trustDir, 'bench-log.pem'), keys.logKey.pem);
  writeFileSync(join(trustDir, 'bench-tsa-root.pem'), pem('CERTIFICATE', tsa.rootDer));
  writeFileSync(join(trustDir, 'bench-tsa.crt'), pem('CERTIFICATE', tsa.tsaCertDer));
  writeFileSync(
    join(trustDir, 'bundle.json'),
    `${JSON.stringify(
      {
        format: 'proveit-trust-bundle/1',
        name: 'close-replay-bench',
        description: 'bench/close-replay.ts: synthetic keys, never production.',
        published_keys: 'published_keys.json',
        transparency_logs: [{ name: keys.logName, public_key: 'bench-log.pem' }],
        timestamp_authorities: [{ provider: PROVIDER, roots: ['bench-tsa-root.pem'], untrusted: ['bench-tsa.crt'] }],
      },
      null,
      2,
    )}\n`,
  );
  const trust = await loadTrustBundle(trustDir);
  if (!trust.ok) throw new Error(`bench trust bundle: ${trust.error.message}`);
  return { trustDir, trust: trust.value };
}

/** One proof, before its batch is anchored. */
export interface Built {
  proofId: string;
  chainHex: string;
  view: Record<string, unknown>;
  disclosure: PyObject;
}

/** One proof: commitments of the 11 fields, Ed25519 over the chain hex. */
export function commitProof(
  keys: BenchKeys,
  seed: string,
  proofId: string,
  requestHash: string,
  responseHash: string,
  did: string,
): Built {
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
  const signature = new Uint8Array(cryptoSign(null, Buffer.from(chainHex, 'utf8'), keys.edKey));
  const view = {
    proof_id: proofId,
    is_demo: false,
    spec_version: '3.1',
    hashes: { request: `sha256:${requestHash}`, response: `sha256:${responseHash}`, chain: `sha256:${chainHex}` },
    commitments,
    timestamp: values['timestamp'],
    upstream_timestamp: values['upstream_timestamp'],
    arkforge_signature: `ed25519:${b64url(signature)}`,
    arkforge_pubkey: keys.publicText,
    arkforge_kid: keys.kid,
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
}

/** A view as a close reads it from the bundle. */
export interface AnchoredView {
  proofId: string;
  status: 'anchored';
  raw: Uint8Array;
}

/** A batch anchored: each proof's view with its anchor fields, and the batch's Rekor entry. */
export interface AnchoredBatch {
  views: AnchoredView[];
  rekor: { uuid: string; raw: Uint8Array };
}

export type Anchorer = (batch: Built[], batchId: string, worker: number) => Promise<AnchoredBatch>;

/** Anchors a batch: tree, token (openssl), Rekor entry (16-entry log), the fields written into every view. */
export function batchAnchorer(keys: BenchKeys, stamper: ReturnType<typeof asyncStamper>): Anchorer {
  let logCounter = 0;
  return async (batch, batchId, worker) => {
    const leaves = batch.map((p) => leafHash(hexToBytes(p.chainHex)));
    const rootBytes = treeHash(leaves);
    const rootHex = bytesToHex(rootBytes);
    const tsr = await stamper.stamp(worker, rootBytes);
    const index = logCounter++ % REKOR_LOG_SIZE;
    const rekor = rekorEntry(keys, rootHex, index, logCounter);
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
          uuid: rekor.uuid,
          log_index: index,
          integrated_time: rekor.integratedTime,
          log_url: `http://${keys.logName}/api/v1/log/entries/${rekor.uuid}`,
          verify_url: `http://${keys.logName}/api/v1/log/entries?logIndex=${index}`,
          anchored: 'batch_root',
        },
      };
      return { proofId: p.proofId, status: 'anchored' as const, raw: new TextEncoder().encode(JSON.stringify(view)) };
    });
    return { views, rekor: { uuid: rekor.uuid, raw: rekor.raw } };
  };
}

const REKOR_LOG_SIZE = 16;

/**
 * The batch root's Rekor entry (synthetic-log.ts formulas, signed with node:crypto) at `index` of a 16-entry log whose
 * other leaves are fillers numbered by `counter`.
 */
function rekorEntry(keys: BenchKeys, rootHex: string, index: number, counter: number) {
  const { arkforge, logKey, logName } = keys;
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
  const size = REKOR_LOG_SIZE;
  const logLeaves = Array.from({ length: size }, (_, i) =>
    i === index ? leafHash(Buffer.from(body, 'base64')) : leafHash(Buffer.from(`filler ${counter} ${i}`)),
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
  return { uuid, integratedTime, raw: new TextEncoder().encode(JSON.stringify(entry)) };
}
