import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import { parseProofView } from '../../../../main/core/proof/parse-view.ts';
import { verifyProof } from '../../../../main/core/proof/verify-proof.ts';
import { loadTrustBundle } from '../../../../main/services/trust/load-bundle.ts';
import { journeyCorpus } from '../../support/journey-corpus.ts';
import { freeSignupKey, proxyCorpusCall } from '../../support/trust-layer-calls.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

let dir: string;
let devnet: Devnet;
let apiKey: string;

const start = () =>
  startDevnet({ stateDir: join(dir, 'state'), corpusDir: journeyCorpus.dir, batchSize: 10_000, batchAgeSeconds: 3600 });

async function get(path: string): Promise<Json> {
  return (await (await fetch(`${devnet.info.trust_layer}${path}`)).json()) as Json;
}

async function rotate(secret: string | null) {
  const response = await fetch(`${devnet.info.trust_layer}/_devnet/rotate-key`, {
    method: 'POST',
    headers: secret === null ? {} : { 'X-Internal-Secret': secret },
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/** A proof's public view once its batch is anchored, and its report with the trust bundle in `bundleDir`. */
async function anchoredReport(proofId: string, bundleDir: string) {
  await devnet.closeBatch();
  const raw = new Uint8Array(await (await fetch(`${devnet.info.trust_layer}/v1/proof/${proofId}`)).arrayBuffer());
  const view = parseProofView(raw);
  if (!view.ok) throw new Error(view.error.message);
  const bundle = await loadTrustBundle(bundleDir);
  if (!bundle.ok) throw new Error(bundle.error.message);
  // The public view carries no arkforge_kid (reference §3.2, §9.3): the key is named by the embedded arkforge_pubkey.
  return {
    key: view.value.json['arkforge_pubkey'],
    report: await verifyProof({ view: view.value, offline: true }, { bundle: bundle.value }),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-key-rotation-'));
  devnet = await start();
  apiKey = await freeSignupKey(devnet.info.trust_layer, 'rotation@example.org');
}, 60_000);

afterAll(async () => {
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /_devnet/rotate-key: the devnet Trust Layer rotates its signing key, keeping the history', () => {
  let before: string;
  const published = async () => (await get('/v1/pubkey')).keys as Json[];

  it('without the internal secret it is refused (403) and nothing changes', async () => {
    expect((await rotate(null)).status).toBe(403);
    expect((await rotate('0'.repeat(64))).status).toBe(403);
    expect((await get('/v1/pubkey')).kid).toBe('devnet-key-1');
  });

  it('a proof made before the rotation is signed by devnet-key-1', async () => {
    before = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    cpSync(devnet.info.trust_bundle, join(dir, 'bundle-before'), { recursive: true });
    const { key, report } = await anchoredReport(before, join(dir, 'bundle-before'));
    expect(key).toBe((await published())[0]!.public);
    expect(report.verdict).toBe('VERIFIED');
  });

  it('the rotation publishes devnet-key-2 at /v1/pubkey and did.json, devnet-key-1 kept in the history', async () => {
    const rotated = await rotate(devnet.info.internal_secret);
    expect(rotated.status).toBe(200);
    expect(rotated.json).toMatchObject({ kid: 'devnet-key-2', published_kids: ['devnet-key-1', 'devnet-key-2'] });
    const pubkey = await get('/v1/pubkey');
    expect(pubkey.kid).toBe('devnet-key-2');
    expect(pubkey.pubkey).toBe(rotated.json.public);
    expect(pubkey.keys.map((k: Json) => [k.kid, k.retired_at])).toEqual([
      ['devnet-key-1', null],
      ['devnet-key-2', null],
    ]);
    expect(pubkey.keys[1].valid_from).toBe(rotated.json.valid_from);
    const did = await get('/.well-known/did.json');
    expect(did.verificationMethod.map((m: Json) => m.id)).toEqual([
      'did:web:trust.devnet.localhost#devnet-key-2',
      'did:web:trust.devnet.localhost#devnet-key-1',
    ]);
    expect((await get('/v1/health')).signing.kid).toBe('devnet-key-2');
  });

  it('a proof made after the rotation is signed by devnet-key-2: the bundle written before lacks it (SIGNATURE_KEY_NOT_PUBLISHED), the rewritten devnet bundle verifies it', async () => {
    const after = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    const stale = await anchoredReport(after, join(dir, 'bundle-before'));
    expect(stale.key).toBe((await published())[1]!.public);
    expect(stale.report.failure).toEqual({ check: 'signature', code: 'SIGNATURE_KEY_NOT_PUBLISHED' });
    const current = await anchoredReport(after, devnet.info.trust_bundle);
    expect(current.report.verdict).toBe('VERIFIED');
    // The proof signed before the rotation still verifies with the current bundle: the old key was not retired.
    expect((await anchoredReport(before, devnet.info.trust_bundle)).report.verdict).toBe('VERIFIED');
  });

  it('a restart on the same state folder signs with devnet-key-2 and still publishes devnet-key-1', async () => {
    await devnet.close();
    devnet = await start();
    const pubkey = await get('/v1/pubkey');
    expect(pubkey.kid).toBe('devnet-key-2');
    expect(pubkey.keys.map((k: Json) => k.kid)).toEqual(['devnet-key-1', 'devnet-key-2']);
    const proofId = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    expect((await anchoredReport(proofId, devnet.info.trust_bundle)).key).toBe(pubkey.pubkey);
  });
});
