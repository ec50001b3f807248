import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevnetDatabase } from '../../../devnet/state/devnet-database.ts';
import { batchIdAt } from '../../../devnet/trust-layer/batch-anchor.ts';
import { startDevnet, type Devnet } from '../../../devnet/start-devnet.ts';
import { journeyCorpus } from '../support/journey-corpus.ts';
import { freeSignupKey, proxyCorpusCall } from '../support/trust-layer-calls.ts';

let dir: string;
let devnet: Devnet;

/**
 * Polls the owner view until the proof's batch is anchored. No count of attempts: how long the devnet takes depends
 * on the machine, and the test's own timeout bounds the wait.
 */
async function untilAnchored(trustLayer: string, apiKey: string, id: string): Promise<string> {
  for (;;) {
    const full = await fetch(`${trustLayer}/v1/proof/${id}/full`, { headers: { 'X-Api-Key': apiKey } });
    const status = ((await full.json()) as { batch_anchor: { status: string } }).batch_anchor.status;
    if (status !== 'pending') return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-batch-'));
  devnet = await startDevnet({ stateDir: dir, corpusDir: journeyCorpus.dir, batchAgeSeconds: 1 });
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('batch anchoring', () => {
  it('names batches batch_YYYYMMDD_HHMMSS_mmm (strftime %f cut to milliseconds)', () => {
    expect(batchIdAt(new Date('2026-09-23T07:21:45.099Z'))).toBe('batch_20260923_072145_099');
  });

  it('closes a batch by age without any admin call', async () => {
    const apiKey = await freeSignupKey(devnet.info.trust_layer, 'age@example.org');
    const id = await proxyCorpusCall(devnet.info.trust_layer, apiKey);
    expect(await untilAnchored(devnet.info.trust_layer, apiKey, id)).toBe('anchored');
  }, 60_000);

  it('finishes at the next start a close that a stop interrupted (batch left "closing")', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'devnet-resume-'));
    const first = await startDevnet({ stateDir, corpusDir: journeyCorpus.dir });
    const apiKey = await freeSignupKey(first.info.trust_layer, 'resume@example.org');
    const id = await proxyCorpusCall(first.info.trust_layer, apiKey);
    await first.close();
    const database = openDevnetDatabase(stateDir);
    database.prepare("UPDATE batches SET state = 'closing'").run();
    database.close();
    const second = await startDevnet({ stateDir, corpusDir: journeyCorpus.dir });
    try {
      expect(await untilAnchored(second.info.trust_layer, apiKey, id)).toBe('anchored');
    } finally {
      await second.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('answers "empty" to an admin close with nothing pending', async () => {
    await devnet.closeBatch();
    const response = await fetch(`${devnet.info.trust_layer}/v1/admin/batch/close`, {
      method: 'POST',
      headers: { 'X-Internal-Secret': devnet.info.internal_secret },
    });
    expect(((await response.json()) as { status: string }).status).toBe('empty');
  });
});
