import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnet, type Devnet } from '../../../../devnet/start-devnet.ts';
import type { CreateFreezeInput } from '../../../../main/services/freeze/create-freeze.ts';
import { readSigningKey, type SigningKey } from '../../../../main/services/index-export/signing-key.ts';
import { journeyCorpus } from '../../../devnet/support/journey-corpus.ts';
import { operatorApiKey } from '../../../devnet/support/trust-layer-calls.ts';
import { CLOSES_AT, OPENS_AT } from './freeze-ports.ts';

/** The devnet season host as the proxy reaches it (devnet/README.md "How targets are reached"). */
export const DEVNET_SEASON_BASE = 'http://proveit.devnet.localhost';

export interface FreezeDevnet {
  devnet: Devnet;
  dir: string;
  /** A free-signup key of the devnet Trust Layer bound to the challenge's DID, and a file holding it (--api-key-file). */
  apiKey: string;
  apiKeyFile: string;
  /** The operator key the devnet's season host accepts freezes from (devnet.info.operator_key_file), and its file. */
  operatorKey: SigningKey;
  operatorKeyFile: string;
  /** A writable copy of the demo compliance track, so a test can change a file of it. */
  copyCorpus(name: string): string;
  close(): Promise<void>;
}

/**
 * A real devnet (Trust Layer, TSA, log, corpus host, season host on loopback) with an operator key, for the freeze
 * tests. Batches close only when a test asks (closeBatch), so a fresh freeze is pending until then.
 */
export async function startFreezeDevnet(prefix: string, now?: () => Date): Promise<FreezeDevnet> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const devnet = await startDevnet({
    stateDir: join(dir, 'state'),
    corpusDir: journeyCorpus.dir,
    batchSize: 100,
    batchAgeSeconds: 3600,
    // The season host decides from its own clock whether a track has opened (a replacement after that is refused):
    // a test that moves the operator's clock gives the devnet the same one.
    ...(now ? { now } : {}),
  });
  const operatorKeyFile = devnet.info.operator_key_file as string;
  const apiKey = await operatorApiKey(devnet.info.trust_layer, 'operator@example.org', operatorKeyFile);
  const apiKeyFile = join(dir, 'operator.key');
  writeFileSync(apiKeyFile, `${apiKey}\n`);
  const operatorKey = readSigningKey(operatorKeyFile);
  if (!operatorKey.ok) throw new Error(operatorKey.error.message);
  return {
    devnet,
    dir,
    apiKey,
    apiKeyFile,
    operatorKey: operatorKey.value,
    operatorKeyFile,
    copyCorpus(name) {
      const target = join(dir, name);
      cpSync(journeyCorpus.dir, target, { recursive: true });
      return target;
    },
    async close() {
      await devnet.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A first freeze (no replacement) of `corpusDir` through this devnet, for the demo window of freeze-ports.ts. */
export function firstFreezeInput(net: FreezeDevnet, corpusDir: string): CreateFreezeInput {
  return {
    corpusDir,
    trustLayer: net.devnet.info.trust_layer,
    apiKey: net.apiKey,
    operatorKey: net.operatorKey,
    seasonBase: DEVNET_SEASON_BASE,
    opensAt: OPENS_AT,
    closesAt: CLOSES_AT,
    replace: false,
    reason: null,
    actor: 'test-operator',
  };
}
