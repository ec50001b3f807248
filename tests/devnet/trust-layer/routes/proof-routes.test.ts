import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import { journeyCorpus } from '../../support/journey-corpus.ts';
import { freeSignupKey, proxyCorpusCall } from '../../support/trust-layer-calls.ts';

let dir: string;
let devnet: Devnet;
let proofId: string;

function get(path: string, init: RequestInit = {}) {
  return fetch(`${devnet.info.trust_layer}${path}`, { redirect: 'manual', ...init });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-proofs-'));
  devnet = await startDevnet({ stateDir: dir, corpusDir: journeyCorpus.dir });
  const apiKey = await freeSignupKey(devnet.info.trust_layer, 'reader@example.org');
  proofId = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('proof routes', () => {
  it('a malformed id is 400 and an unknown one 404, in the error shape', async () => {
    const malformed = await get('/v1/proof/prf_1');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('invalid_proof_id');
    expect((await get('/v1/proof/prf_20990101_000000_abcdef')).status).toBe(404);
  });

  it('the token is 404 while the batch is pending and served (GET and HEAD) once anchored', async () => {
    expect((await get(`/v1/proof/${proofId}/tsr`)).status).toBe(404);
    await devnet.closeBatch();
    const head = await get(`/v1/proof/${proofId}/tsr`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
  });

  it('GET counts a view; POST /v1/proofs does not', async () => {
    const views = async () =>
      ((await (await get(`/v1/proof/${proofId}`)).json()) as { views_count: number }).views_count;
    const before = await views();
    await fetch(`${devnet.info.trust_layer}/v1/proofs`, {
      method: 'POST',
      body: JSON.stringify({ proof_ids: [proofId] }),
    });
    expect(await views()).toBe(before + 1);
  });

  it('/v/{id} redirects to the proof view', async () => {
    const response = await get(`/v/${proofId}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/v1/proof/${proofId}`);
  });

  it('POST /v1/proofs refuses a body that is not JSON and a list that is not a list, as a whole', async () => {
    const notJson = await fetch(`${devnet.info.trust_layer}/v1/proofs`, { method: 'POST', body: 'proof_ids=1' });
    expect(notJson.status).toBe(400);
    const notList = await fetch(`${devnet.info.trust_layer}/v1/proofs`, {
      method: 'POST',
      body: JSON.stringify({ proof_ids: proofId }),
    });
    expect(notList.status).toBe(400);
    const empty = await fetch(`${devnet.info.trust_layer}/v1/proofs`, {
      method: 'POST',
      body: JSON.stringify({ proof_ids: [] }),
    });
    expect(empty.status).toBe(400);
  });
});
