import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_CALL_LOG_FILE } from '../../devnet/compose-devnet.ts';
import { startDevnet } from '../../devnet/start-devnet.ts';
import { journeyCorpus } from './support/journey-corpus.ts';
import { freeSignupKey, proxyCorpusCall } from './support/trust-layer-calls.ts';

const stateDir = mkdtempSync(join(tmpdir(), 'devnet-corpus-calls-'));
afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

describe('the devnet corpus host’s call log', () => {
  it('is kept in the state folder and survives a restart of the devnet: the proxied call of the first run is still there, the next run’s follows it', async () => {
    const first = await startDevnet({ stateDir, corpusDir: journeyCorpus.dir });
    try {
      const apiKey = await freeSignupKey(first.info.trust_layer, 'calls@example.org');
      await proxyCorpusCall(first.info.trust_layer, apiKey);
    } finally {
      await first.close();
    }
    expect(existsSync(join(stateDir, CORPUS_CALL_LOG_FILE))).toBe(true);
    const path = new URL(journeyCorpus.targets(1)[0] as string).pathname;

    const second = await startDevnet({ stateDir, corpusDir: journeyCorpus.dir });
    try {
      const earlier = second.corpusServer.calls();
      expect(earlier.map((c) => [c.path, c.status, c.secretPresent, c.track])).toEqual([
        [path, 200, true, 'conformite'],
      ]);
      const apiKey = await freeSignupKey(second.info.trust_layer, 'calls-again@example.org');
      await proxyCorpusCall(second.info.trust_layer, apiKey);
      expect(second.corpusServer.calls().slice(0, 1)).toEqual(earlier);
      expect(second.corpusServer.calls().map((c) => c.path)).toEqual([path, path]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
