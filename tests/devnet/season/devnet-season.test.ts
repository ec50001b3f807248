import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Canonical } from '../../../main/core/json/sha256-canonical.ts';
import { startDevnet, type Devnet } from '../../../devnet/start-devnet.ts';
import { journeyCorpus } from '../support/journey-corpus.ts';
import { freeSignupKey } from '../support/trust-layer-calls.ts';

let dir: string;
let devnet: Devnet;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-season-'));
  devnet = await startDevnet({ stateDir: dir, corpusDir: journeyCorpus.dir });
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('season host (proveit.devnet.localhost)', () => {
  it('a freeze posted through the proxy is answered back, so the proof anchors the document with seller proveit.devnet.localhost', async () => {
    const apiKey = await freeSignupKey(devnet.info.trust_layer, 'operator@example.org');
    const freeze = { season: 1, scoring_rules_sha256: 'ab'.repeat(32), key_commitment: 'cd'.repeat(32) };
    const response = await fetch(`${devnet.info.trust_layer}/v1/proxy`, {
      method: 'POST',
      headers: { 'X-Api-Key': apiKey },
      body: JSON.stringify({
        target: 'http://proveit.devnet.localhost/v1/season/1/freeze',
        method: 'POST',
        payload: freeze,
        currency: 'eur',
      }),
    });
    const answer = JSON.parse(await response.text());
    expect(answer.proof.parties.seller).toBe('proveit.devnet.localhost');
    expect(answer.proof.hashes.response).toBe(
      `sha256:${sha256Canonical({ season: 1n, scoring_rules_sha256: 'ab'.repeat(32), key_commitment: 'cd'.repeat(32) })}`,
    );
  });

  it('answers 404 JSON outside /v1/season/{n}/freeze and 400 to a body that is not a JSON object', async () => {
    const missing = await fetch(`${devnet.info.season}/v1/season/1/enroll`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toBe('not_found');
    const bad = await fetch(`${devnet.info.season}/v1/season/1/freeze`, { method: 'POST', body: '[1]' });
    expect(bad.status).toBe(400);
  });
});
