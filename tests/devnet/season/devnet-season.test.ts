import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../devnet/start-devnet.ts';
import { sha256Canonical } from '../../../main/core/json/sha256-canonical.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import { boundKey, enroll, freezeDocument, submit } from '../../season-service/support/season-fixture.ts';
import { devnetOperator } from '../support/devnet-operator-key.ts';
import { validSubmission } from '../../season-service/support/submissions.ts';
import { DEMO_SEASON_DIR } from '../support/journey-corpus.ts';
import { freeSignupKey } from '../support/trust-layer-calls.ts';

let dir: string;
let devnet: Devnet;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-season-'));
  devnet = await startDevnet({ stateDir: dir, corpusDir: DEMO_SEASON_DIR });
}, 60_000);

afterAll(async () => {
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function freezeThroughProxy(apiKey: string, document: object) {
  const response = await fetch(`${devnet.info.trust_layer}/v1/proxy`, {
    method: 'POST',
    headers: { 'X-Api-Key': apiKey },
    body: JSON.stringify({
      target: 'http://proveit.devnet.localhost/v1/season/1/freeze',
      method: 'POST',
      payload: document,
      currency: 'eur',
    }),
  });
  return JSON.parse(await response.text()) as { proof: { parties: { seller: string }; hashes: { response: string } } };
}

describe('the season service on the devnet season host (proveit.devnet.localhost)', () => {
  it('a freeze posted through the proxy is answered back, so the proof anchors the document with seller proveit.devnet.localhost', async () => {
    const apiKey = await freeSignupKey(devnet.info.trust_layer, 'operator@example.org');
    const opens = new Date(Date.now() - 60_000).toISOString();
    const closes = new Date(Date.now() + 3_600_000).toISOString();
    const document = freezeDocument('conformite', opens, closes, devnetOperator(devnet));
    const answer = await freezeThroughProxy(apiKey, document);
    expect(answer.proof.parties.seller).toBe('proveit.devnet.localhost');
    const value = pyObjectFrom(
      Object.entries(document).map(([k, v]) => [k, typeof v === 'number' ? BigInt(v) : v] as [string, never]),
    );
    expect(answer.proof.hashes.response).toBe(`sha256:${sha256Canonical(value)}`);
  });

  it('the frozen track is open with no further step: a bound key enrolls and submits; the operator token is internal_secret', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'devnet-agent');
    const enrolled = await enroll(devnet.info.season, key.apiKey);
    expect(enrolled.status).toBe(201);
    const recorded = await submit(
      devnet.info.season,
      enrolled.json.season_token,
      JSON.stringify(validSubmission('conformite', 'conf-01', key.did)),
    );
    expect(recorded.json.recorded).toBe(true);
    const exported = await fetch(`${devnet.info.season}/v1/season/1/export`, {
      headers: { Authorization: `Bearer ${devnet.info.internal_secret}` },
    });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain(key.did);
  });

  it('a freeze posted directly, without the proxy, is refused 403 FREEZE_NOT_THROUGH_PROXY', async () => {
    const direct = await fetch(`${devnet.info.season}/v1/season/1/freeze`, { method: 'POST', body: '{}' });
    expect(direct.status).toBe(403);
    expect(((await direct.json()) as { error: { code: string } }).error.code).toBe('FREEZE_NOT_THROUGH_PROXY');
  });
});
