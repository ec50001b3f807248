import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { didKeyOfEd25519 } from '../../../../main/core/encoding/did-key.ts';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import { journeyCorpus } from '../../support/journey-corpus.ts';

let dir: string;
let devnet: Devnet;
/** A key that never gets a binding (signups are limited to 5 per IP per hour, so the tests share keys). */
let unbound: string;

async function post(path: string, body: unknown, apiKey?: string) {
  const response = await fetch(`${devnet.info.trust_layer}${path}`, {
    method: 'POST',
    headers: apiKey ? { 'X-Api-Key': apiKey } : {},
    body: JSON.stringify(body),
  });
  return { status: response.status, json: JSON.parse(await response.text()) };
}

async function signup(email: string): Promise<string> {
  return (await post('/v1/keys/free-signup', { email })).json.api_key;
}

function didKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return { did: didKeyOfEd25519(new Uint8Array(raw)), privateKey };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-keys-'));
  devnet = await startDevnet({ stateDir: dir, corpusDir: journeyCorpus.dir });
  unbound = await signup('unbound@example.org');
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('key routes', () => {
  it('refuses an email that is not one with 422 invalid_email', async () => {
    const answer = await post('/v1/keys/free-signup', { email: 'not-an-email' });
    expect(answer.status).toBe(422);
    expect(answer.json.error.code).toBe('invalid_email');
  });

  it('refuses a DID that is not an Ed25519 did:key (400 invalid_did) and cannot resolve did:web here (503)', async () => {
    const secp256k1 = 'did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme';
    expect((await post('/v1/keys/bind-did', { did: secp256k1 }, unbound)).json.error.code).toBe('invalid_did');
    const web = await post('/v1/keys/bind-did', { did: 'did:web:example.org' }, unbound);
    expect(web.status).toBe(503);
    expect(web.json.error.code).toBe('did_resolution_failed');
  });

  it('a challenge issued to one key cannot be confirmed by another (400 key_mismatch)', async () => {
    const owner = await signup('owner@example.org');
    const other = await signup('other@example.org');
    const pair = didKey();
    const { challenge } = (await post('/v1/keys/bind-did', { did: pair.did }, owner)).json;
    const signature = sign(null, Buffer.from(challenge), pair.privateKey).toString('base64url');
    const answer = await post('/v1/keys/bind-did/confirm', { challenge, signature }, other);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('key_mismatch');
  });

  it('a confirmation without the challenge or the signature is 400 missing_fields', async () => {
    expect((await post('/v1/keys/bind-did/confirm', { challenge: 'ab' }, unbound)).json.error.code).toBe(
      'missing_fields',
    );
  });

  it('allows 5 binding attempts per key per hour, then 429', async () => {
    const key = await signup('attempts@example.org');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post('/v1/keys/bind-did', { did: didKey().did }, key)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('GET /v1/keys/identity without a valid key is 401; a key with no binding has null fields and no history', async () => {
    const bad = await fetch(`${devnet.info.trust_layer}/v1/keys/identity`, { headers: { 'X-Api-Key': 'mcp_free_00' } });
    expect(bad.status).toBe(401);
    const fresh = await fetch(`${devnet.info.trust_layer}/v1/keys/identity`, {
      headers: { Authorization: `Bearer ${unbound}` },
    });
    expect(await fresh.json()).toEqual({
      verified_did: null,
      verified_did_method: null,
      verified_did_bound_at: null,
      verified_did_history: [],
    });
  });
});
