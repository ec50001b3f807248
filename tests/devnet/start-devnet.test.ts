import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { loads } from '../../main/core/json/loads.ts';
import type { PyJson } from '../../main/core/json/value.ts';
import { parseProofView } from '../../main/core/proof/parse-view.ts';
import { verifyProof } from '../../main/core/proof/verify-proof.ts';
import { WitnessMemo } from '../../main/core/proof/witness-memo.ts';
import type { TrustBundle } from '../../main/core/trust/bundle.ts';
import { loadTrustBundle } from '../../main/services/trust/load-bundle.ts';
import { didKeyOfEd25519 } from '../../main/core/encoding/did-key.ts';
import { jsonDumps } from '../../devnet/wire/json-dumps.ts';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { captureIo } from '../support/capture-io.ts';
import { journeyCorpus } from './support/journey-corpus.ts';

const READ_LIMIT = 14;
let dir: string;
let devnet: Devnet;
let tl: string;
let bundle: TrustBundle;
let apiKey: string;
let did: string;
const proofIds: string[] = [];
let reads = 0;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${tl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const raw = new Uint8Array(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    raw,
    json: JSON.parse(Buffer.from(raw).toString('utf8')),
  };
}

function didKeyPair(): { did: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { did: didKeyOfEd25519(new Uint8Array(raw)), privateKey };
}

async function bind(pair: { did: string; privateKey: KeyObject }) {
  const challenge = await call('POST', '/v1/keys/bind-did', { did: pair.did }, { 'X-Api-Key': apiKey });
  expect(challenge.status).toBe(200);
  expect(challenge.json.challenge).toMatch(/^[0-9a-f]{64}$/);
  const signature = sign(null, Buffer.from(challenge.json.challenge, 'ascii'), pair.privateKey).toString('base64url');
  return call(
    'POST',
    '/v1/keys/bind-did/confirm',
    { challenge: challenge.json.challenge, signature },
    { 'X-Api-Key': apiKey },
  );
}

/** Verifies one public view as a third party with the devnet bundle, fetching its log entry from log_url. */
async function verifyView(raw: Uint8Array, memo: WitnessMemo) {
  const view = parseProofView(raw);
  if (!view.ok) throw new Error(view.error.message);
  const parsed = loads(raw);
  const log = parsed.ok
    ? ((parsed.value as Record<string, PyJson>)['transparency_log'] as Record<string, PyJson>)
    : null;
  const entry = log ? loads(new Uint8Array(await (await fetch(String(log['log_url']))).arrayBuffer())) : null;
  return verifyProof({ view: view.value, ...(entry?.ok ? { rekorEntry: entry.value } : {}) }, { bundle, memo });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-journey-'));
  devnet = await startDevnet({
    stateDir: join(dir, 'state'),
    corpusDir: journeyCorpus.dir,
    readLimit: READ_LIMIT,
    readWindowSeconds: 3600,
    batchSize: 25,
    batchAgeSeconds: 3600,
  });
  tl = devnet.info.trust_layer;
  const loaded = await loadTrustBundle(devnet.info.trust_bundle);
  if (!loaded.ok) throw new Error(loaded.error.message);
  bundle = loaded.value;
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("a participant's journey over HTTP", () => {
  it('signs up for a free key (mcp_free_ + 48 hex), and a 6th signup from the same IP within the hour gets 429', async () => {
    const signup = await call('POST', '/v1/keys/free-signup', { email: 'agent@example.org' });
    expect(signup.status).toBe(200);
    expect(signup.json.api_key).toMatch(/^mcp_free_[0-9a-f]{48}$/);
    expect(signup.json.plan).toBe('free');
    apiKey = signup.json.api_key;
    expect((await call('POST', '/v1/keys/free-signup', { email: 'agent@example.org' })).status).toBe(409);
    for (let i = 2; i <= 5; i++)
      expect((await call('POST', '/v1/keys/free-signup', { email: `a${i}@example.org` })).status).toBe(200);
    const sixth = await call('POST', '/v1/keys/free-signup', { email: 'a6@example.org' });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe('rate_limited');
  });

  it('binds a did:key by challenge-response; a second binding keeps the first in the identity history', async () => {
    const first = didKeyPair();
    const confirmed = await bind(first);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ verified_did: first.did, method: 'challenge_response' });
    const second = didKeyPair();
    expect((await bind(second)).status).toBe(200);
    did = second.did;
    const identity = await call('GET', '/v1/keys/identity', undefined, { 'X-Api-Key': apiKey });
    expect(identity.json.verified_did).toBe(second.did);
    expect(identity.json.verified_did_method).toBe('challenge_response');
    expect(identity.json.verified_did_history).toEqual([
      expect.objectContaining({ did: first.did, method: 'challenge_response', unbound_at: expect.any(String) }),
    ]);
    expect((await call('GET', '/v1/keys/identity')).status).toBe(401);
  });

  it('a signature by another key is refused and the challenge cannot be replayed', async () => {
    const pair = didKeyPair();
    const challenge = await call('POST', '/v1/keys/bind-did', { did: pair.did }, { 'X-Api-Key': apiKey });
    const wrong = sign(null, Buffer.from(challenge.json.challenge), didKeyPair().privateKey).toString('base64url');
    const refused = await call(
      'POST',
      '/v1/keys/bind-did/confirm',
      { challenge: challenge.json.challenge, signature: wrong },
      { 'X-Api-Key': apiKey },
    );
    expect(refused.json.error.code).toBe('invalid_signature');
    const replay = await call(
      'POST',
      '/v1/keys/bind-did/confirm',
      { challenge: challenge.json.challenge, signature: wrong },
      { 'X-Api-Key': apiKey },
    );
    expect(replay.status).toBe(410);
  });

  it('reads 60 corpus resources through the proxy: every proof is spec 3.1, seller the track host conformite.corpus.devnet.localhost, identity the bound DID', async () => {
    const targets = journeyCorpus.targets(60);
    for (const target of targets) {
      const answer = await call(
        'POST',
        '/v1/proxy',
        { target, method: 'GET', payload: {}, currency: 'eur' },
        { 'X-Api-Key': apiKey, 'X-Agent-Identity': 'declared-name' },
      );
      expect(answer.status).toBe(200);
      const proof = answer.json.proof;
      expect(proof.proof_id).toMatch(/^prf_\d{8}_\d{6}_[0-9a-f]{6}$/);
      expect(answer.headers.get('x-arkforge-proof-id')).toBe(proof.proof_id);
      expect(proof.spec_version).toBe('3.1');
      expect(proof.parties).toMatchObject({
        seller: 'conformite.corpus.devnet.localhost',
        agent_identity: did,
        did_resolution_status: 'bound',
      });
      expect(Object.keys(proof).some((key: string) => key.startsWith('_'))).toBe(false);
      expect(answer.json.service_response.body._raw_text).toBeUndefined();
      proofIds.push(proof.proof_id);
    }
    // The corpus only answers callers with the secret: the proxy sent it on every call.
    expect(devnet.corpusServer.calls().filter((c) => !c.secretPresent)).toEqual([]);
  });

  it('full batches (25) closed by themselves; the rest stays pending until the admin close', async () => {
    const last = await call('GET', `/v1/proof/${proofIds[59]}`);
    reads += 1;
    expect(last.json.batch_anchor.status).toBe('pending');
    expect(last.json.timestamp_authority).toEqual({ status: 'pending_batch' });
    expect((await call('POST', '/v1/admin/batch/close', undefined, { 'X-Internal-Secret': 'wrong' })).status).toBe(403);
    const closed = await call('POST', '/v1/admin/batch/close', undefined, {
      'X-Internal-Secret': devnet.info.internal_secret,
    });
    expect(closed.json).toMatchObject({ status: 'closed', tree_size: 10 });
    const anchored = await call('GET', `/v1/proof/${proofIds[59]}`);
    reads += 1;
    expect(anchored.json.batch_anchor).toMatchObject({ status: 'anchored', leaf_index: 9, tree_size: 10 });
    expect(anchored.json.timestamp_authority).toMatchObject({
      status: 'verified',
      provider: 'devnet-tsa',
      anchored: 'batch_root',
    });
    expect(anchored.json.transparency_log).toMatchObject({ status: 'verified', anchored: 'batch_root' });
    const first = await call('GET', `/v1/proof/${proofIds[0]}`);
    reads += 1;
    expect(first.json.batch_anchor).toMatchObject({ status: 'anchored', leaf_index: 0, tree_size: 25 });
  });

  it('the public view is VERIFIED by the issue-3 verifier with the devnet bundle, both independent witnesses', async () => {
    const view = await call('GET', `/v1/proof/${proofIds[30]}`);
    reads += 1;
    const report = await verifyView(view.raw, new WitnessMemo());
    expect(report.checks.filter((check) => check.status !== 'OK')).toEqual([]);
    expect(report.verdict).toBe('VERIFIED');
    expect(report.independentWitnesses).toBe(2);
    expect(report.identity).toMatchObject({ anchoring: 'opened', identity: did, verified: true, status: 'bound' });
  });

  it('`proveit proof verify --trust <devnet bundle>` says VERIFIED for a devnet proof and its log entry', async () => {
    const view = await call('GET', `/v1/proof/${proofIds[31]}`);
    reads += 1;
    writeFileSync(join(dir, 'view.json'), view.raw);
    const entry = await fetch(view.json.transparency_log.log_url);
    writeFileSync(join(dir, 'entry.json'), Buffer.from(await entry.arrayBuffer()));
    const io = captureIo();
    const args = ['proof', 'verify', '--trust', devnet.info.trust_bundle, '--rekor-entry', join(dir, 'entry.json')];
    const code = await main([...args, '--json', join(dir, 'view.json')], io);
    expect(io.stdout).toContain('"verdict":"VERIFIED"');
    expect(code).toBe(0);
  });

  it('the full view is for the owner only and carries commitment_nonces and chain_data', async () => {
    const id = proofIds[1] as string;
    const full = await call('GET', `/v1/proof/${id}/full`, undefined, { Authorization: `Bearer ${apiKey}` });
    expect(full.status).toBe(200);
    expect(Object.keys(full.json.commitment_nonces)).toHaveLength(Object.keys(full.json.commitments).length);
    expect(full.json.chain_data.seller).toBe('conformite.corpus.devnet.localhost');
    const other = (await call('POST', '/v1/keys/free-signup', { email: 'other@example.org' }, {})).json.api_key;
    if (other) expect((await call('GET', `/v1/proof/${id}/full`, undefined, { 'X-Api-Key': other })).status).toBe(403);
    expect((await call('GET', `/v1/proof/${id}/full`)).status).toBe(401);
  });

  it('the /tsr bytes are the token in the proof, and openssl ts -verify accepts them over the 32 raw root bytes', async () => {
    const id = proofIds[5] as string;
    const view = await call('GET', `/v1/proof/${id}`);
    reads += 1;
    const tsr = await fetch(`${tl}/v1/proof/${id}/tsr`);
    expect(tsr.headers.get('content-type')).toBe('application/timestamp-reply');
    const token = Buffer.from(await tsr.arrayBuffer());
    expect(token.toString('base64')).toBe(view.json.timestamp_authority.tsr_base64);
    writeFileSync(join(dir, 'root.bin'), Buffer.from(view.json.batch_anchor.root.slice(7), 'hex'));
    writeFileSync(join(dir, 'token.tsr'), token);
    const bundleDir = devnet.info.trust_bundle;
    const run = spawnSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-data',
        join(dir, 'root.bin'),
        '-in',
        join(dir, 'token.tsr'),
        '-CAfile',
        join(bundleDir, 'devnet-tsa-root.pem'),
        '-untrusted',
        join(bundleDir, 'devnet-tsa.crt'),
      ],
      { encoding: 'utf8' },
    );
    expect(run.stdout).toContain('Verification: OK');
  });

  it('reads the 60 proofs in two POST /v1/proofs calls (50 + 10) and every one is VERIFIED', async () => {
    const first = await call('POST', '/v1/proofs', { proof_ids: proofIds.slice(0, 50) });
    const second = await call('POST', '/v1/proofs', { proof_ids: proofIds.slice(50) });
    reads += 2;
    expect(first.status).toBe(200);
    // Each view is verified from the bytes served, re-read as Python reads them (ints stay ints).
    const views: Record<string, PyJson> = {};
    for (const answer of [first, second]) {
      const parsed = loads(answer.raw);
      if (!parsed.ok) throw new Error(parsed.error.message);
      Object.assign(views, (parsed.value as Record<string, Record<string, PyJson>>)['proofs']);
    }
    expect(Object.keys(views)).toEqual(proofIds);
    const memo = new WitnessMemo();
    for (const id of proofIds) {
      const report = await verifyView(Buffer.from(jsonDumps(views[id] as PyJson)), memo);
      expect(report.verdict, `${id}: ${JSON.stringify(report.failure)}`).toBe('VERIFIED');
    }
  });

  it('refuses a bad list as a whole (51 ids, an invalid id, not a list) and answers null for an unknown id', async () => {
    const tooMany = await call('POST', '/v1/proofs', { proof_ids: [...proofIds, ...proofIds].slice(0, 51) });
    expect(tooMany.status).toBe(400);
    reads += 1;
    const one = await call('POST', '/v1/proofs', {
      proof_ids: [proofIds[0], 'prf_20990101_000000_000000', proofIds[0]],
    });
    reads += 1;
    expect(Object.keys(one.json.proofs)).toEqual([proofIds[0], 'prf_20990101_000000_000000']);
    expect(one.json.proofs['prf_20990101_000000_000000']).toBeNull();
  });

  it(`hits 429 with Retry-After after ${READ_LIMIT} reads in the window, GET and POST /v1/proofs sharing the count`, async () => {
    while (reads < READ_LIMIT) {
      expect((await call('GET', `/v1/proof/${proofIds[0]}`)).status).toBe(200);
      reads += 1;
    }
    const refused = await call('POST', '/v1/proofs', { proof_ids: [proofIds[0]] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await call('GET', `/v1/proof/${proofIds[0]}`)).status).toBe(429);
    const stats = await call('GET', '/_devnet/stats');
    expect(stats.json.reads_per_ip['127.0.0.1']).toBe(READ_LIMIT);
    expect(stats.json.calls_per_endpoint['POST /v1/proxy']).toBe(60);
  });

  it('keeps keys, proofs, the read window and the trust bundle across a restart', async () => {
    const info = devnet.info;
    await devnet.close();
    devnet = await startDevnet({
      stateDir: info.state,
      corpusDir: journeyCorpus.dir,
      readLimit: READ_LIMIT,
      readWindowSeconds: 3600,
    });
    tl = devnet.info.trust_layer;
    expect(devnet.info.internal_secret).toBe(info.internal_secret);
    const full = await call('GET', `/v1/proof/${proofIds[0]}/full`, undefined, { 'X-Api-Key': apiKey });
    expect(full.json.batch_anchor.status).toBe('anchored');
    expect((await call('GET', `/v1/proof/${proofIds[0]}`)).status).toBe(429);
    const identity = await call('GET', '/v1/keys/identity', undefined, { 'X-Api-Key': apiKey });
    expect(identity.json.verified_did).toBe(did);
  });
});
