import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loads } from '../../../../main/core/json/loads.ts';
import { sha256Canonical } from '../../../../main/core/json/sha256-canonical.ts';
import { pyObjectFrom } from '../../../../main/core/json/value.ts';
import { responseDataOf } from '../../../../devnet/trust-layer/routes/proxy-route.ts';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import { journeyCorpus } from '../../support/journey-corpus.ts';
import { freeSignupKey } from '../../support/trust-layer-calls.ts';

/** The host of the track served (its base's, as the proxy reaches it). */
const CORPUS_HOST = new URL(journeyCorpus.base).hostname;
let dir: string;
let devnet: Devnet;
let apiKey: string;

async function proxy(body: unknown, headers: Record<string, string> = {}, on = devnet, key = apiKey) {
  const response = await fetch(`${on.info.trust_layer}/v1/proxy`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Api-Key': key, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: JSON.parse(await response.text()) };
}

async function fault(host: string, kind: string | null, on = devnet) {
  const response = await fetch(`${on.info.trust_layer}/_devnet/faults`, {
    method: 'POST',
    headers: { 'X-Internal-Secret': on.info.internal_secret },
    body: JSON.stringify({ host, fault: kind }),
  });
  expect(response.status).toBe(200);
}

/** The corpus bytes for a path, fetched directly with the secret, as the scorer recomputes them (spec §2.4). */
async function corpusBytes(path: string): Promise<Uint8Array> {
  const response = await fetch(`${devnet.info.corpus}${path}`, {
    headers: { 'X-Challenge-Secret': devnet.info.corpus_secret },
  });
  return new Uint8Array(await response.arrayBuffer());
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-proxy-'));
  // The default upstream timeout: a 1 s timeout here would turn any slow corpus answer on a busy machine into a 504.
  devnet = await startDevnet({ stateDir: dir, corpusDir: journeyCorpus.dir });
  apiKey = await freeSignupKey(devnet.info.trust_layer, 'proxy@example.org');
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('POST /v1/proxy', () => {
  it('hashes request_data {target, method, payload, amount: 0.0, currency} and the served bytes as json.loads reads them', async () => {
    const target = journeyCorpus.targets(1)[0] as string;
    const answer = await proxy({ target, method: 'GET', payload: {}, currency: 'eur' });
    const requestData = { target, method: 'GET', payload: {}, amount: 0, currency: 'eur' };
    expect(answer.json.proof.hashes.request).toBe(`sha256:${sha256Canonical(requestData)}`);
    const served = loads(await corpusBytes(new URL(target).pathname));
    if (!served.ok) throw new Error('the corpus served non-JSON');
    expect(answer.json.proof.hashes.response).toBe(`sha256:${sha256Canonical(served.value)}`);
  });

  it('extra headers enter request_data as sorted keys, and a participant-supplied X-Challenge-Secret never reaches the corpus', async () => {
    await fault(CORPUS_HOST, 'drop-secret');
    const target = journeyCorpus.targets(1)[0] as string;
    const answer = await proxy({
      target,
      method: 'GET',
      payload: {},
      currency: 'eur',
      extra_headers: { 'X-Trace': 't', 'X-Challenge-Secret': devnet.info.corpus_secret },
    });
    await fault(CORPUS_HOST, null);
    const requestData = {
      target,
      method: 'GET',
      payload: {},
      amount: 0,
      currency: 'eur',
      extra_headers_keys: ['X-Challenge-Secret', 'X-Trace'],
    };
    expect(answer.json.proof.hashes.request).toBe(`sha256:${sha256Canonical(requestData)}`);
    expect(answer.json.service_response.status_code).toBe(403);
    expect(devnet.corpusServer.calls().at(-1)?.secretPresent).toBe(false);
  });

  it('a falsy JSON body ({}, [], 0, "", false) is replaced by the substitute {"error": null} before hashing', () => {
    // No devnet host answers an empty body (the season service refuses an empty freeze), so the rule is checked on
    // responseDataOf, the function the proxy route hashes.
    for (const body of ['{}', '[]', '0', '""', 'false']) {
      const { data } = responseDataOf(Buffer.from(body));
      expect(sha256Canonical(data), body).toBe(sha256Canonical(pyObjectFrom([['error', null]])));
    }
    expect(sha256Canonical(responseDataOf(Buffer.from('{"a": 1}')).data)).toBe(
      sha256Canonical(pyObjectFrom([['a', 1n]])),
    );
  });

  it('while the corpus is unavailable the proof records its 503 body and status, and transaction_success is false', async () => {
    await fault(CORPUS_HOST, 'unavailable');
    const answer = await proxy({ target: journeyCorpus.targets(1)[0], method: 'GET', payload: {}, currency: 'eur' });
    await fault(CORPUS_HOST, null);
    expect(answer.status).toBe(200);
    expect(answer.json.service_response.status_code).toBe(503);
    expect(answer.json.proof.transaction_success).toBe(false);
    const served = loads(readFileSync(join(journeyCorpus.dir, 'systeme', '503.json')));
    if (!served.ok) throw new Error('the 503 body is not JSON');
    expect(answer.json.proof.hashes.response).toBe(`sha256:${sha256Canonical(served.value)}`);
  });

  it('a refused connection still issues a proof, in the 502 service_error shape', async () => {
    await fault(CORPUS_HOST, 'refuse');
    const answer = await proxy({ target: journeyCorpus.targets(1)[0], method: 'GET', payload: {}, currency: 'eur' });
    await fault(CORPUS_HOST, null);
    expect(answer.status).toBe(502);
    expect(answer.json.error).toMatchObject({ code: 'service_error', status: 502 });
    expect(answer.json.proof.transaction_success).toBe(false);
    expect(answer.json.proof.upstream_status_code).toBeUndefined();
  });

  it('an upstream that never answers gives 504 proxy_timeout with a proof', async () => {
    // Its own devnet with a 1 s upstream timeout: the upstream never answers, so the 504 comes whatever the speed.
    const stateDir = mkdtempSync(join(tmpdir(), 'devnet-proxy-timeout-'));
    const short = await startDevnet({ stateDir, corpusDir: journeyCorpus.dir, proxyTimeoutSeconds: 1 });
    let answer: Awaited<ReturnType<typeof proxy>>;
    try {
      const key = await freeSignupKey(short.info.trust_layer, 'timeout@example.org');
      await fault(CORPUS_HOST, 'timeout', short);
      const body = { target: journeyCorpus.targets(1)[0], method: 'GET', payload: {}, currency: 'eur' };
      answer = await proxy(body, {}, short, key);
    } finally {
      await short.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
    expect(answer.status).toBe(504);
    expect(answer.json.error).toEqual({ code: 'proxy_timeout', message: 'Target service timed out', status: 504 });
    expect(answer.json.proof.hashes.response).toBe(`sha256:${sha256Canonical({ error: 'proxy_timeout' })}`);
  });

  it('replays the first answer for a repeated X-Idempotency-Key instead of issuing a second proof', async () => {
    const body = { target: journeyCorpus.targets(1)[0], method: 'GET', payload: {}, currency: 'eur' };
    const first = await proxy(body, { 'X-Idempotency-Key': 'k-1' });
    const again = await proxy(body, { 'X-Idempotency-Key': 'k-1' });
    expect(again.json.proof.proof_id).toBe(first.json.proof.proof_id);
    const other = await proxy(body, { 'X-Idempotency-Key': 'k-2' });
    expect(other.json.proof.proof_id).not.toBe(first.json.proof.proof_id);
  });

  it('a declared identity without a bound DID is "unverified"; declaring another one makes identity_consistent false', async () => {
    const body = { target: journeyCorpus.targets(1)[0], method: 'GET', payload: {}, currency: 'eur' };
    const first = await proxy(body, { 'X-Agent-Identity': 'agent-a' });
    expect(first.json.proof.parties).toMatchObject({
      agent_identity: 'agent-a',
      agent_identity_verified: null,
      did_resolution_status: 'unverified',
    });
    expect(first.json.proof.identity_consistent).toBe(true);
    const second = await proxy(body, { 'X-Agent-Identity': 'agent-b' });
    expect(second.json.proof.identity_consistent).toBe(false);
  });

  it('keeps the real rules for other targets: https only (400 invalid_target) and an invalid key is 401', async () => {
    const plain = await proxy({ target: 'http://example.org/', method: 'GET', payload: {}, currency: 'eur' });
    expect(plain.status).toBe(400);
    expect(plain.json.error.code).toBe('invalid_target');
    const loopback = await proxy({ target: 'https://127.0.0.1/', method: 'GET', payload: {}, currency: 'eur' });
    expect(loopback.json.error.code).toBe('invalid_target');
    const ported = await proxy({
      target: `http://${CORPUS_HOST}:8080/x`,
      method: 'GET',
      payload: {},
      currency: 'eur',
    });
    expect(ported.json.error.code).toBe('invalid_target');
    expect((await proxy({ target: 'https://example.org/' }, { 'X-Api-Key': 'mcp_free_nope' })).status).toBe(401);
  });
});
