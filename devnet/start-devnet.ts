import { startCorpusServer } from '../main/services/corpus/corpus-server.ts';
import { composeDevnet, type Devnet, type DevnetOptions } from './compose-devnet.ts';

export type { Devnet, DevnetInfo, DevnetOptions } from './compose-devnet.ts';
export { LOG_NAME, SEASON_HOST, TSA_PROVIDER } from './compose-devnet.ts';

/**
 * Starts the whole devnet in this process (TSA, log, corpus host, season host, Trust Layer) and resolves once
 * every server listens. Other engineers' tests use this; `proveit devnet up` is this plus a JSON line.
 */
export function startDevnet(options: DevnetOptions): Promise<Devnet> {
  return composeDevnet(options, startCorpusServer);
}
