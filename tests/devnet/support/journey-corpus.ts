import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_BASE } from '../../../main/core/corpus/generate-options.ts';
import { DEFAULT_CORPUS_DIR } from '../../../main/cli/devnet-up.ts';

const catalogue = JSON.parse(readFileSync(join(DEFAULT_CORPUS_DIR, 'catalogue.json'), 'utf8')) as {
  resources: { path: string; method: string }[];
};
const getPaths = catalogue.resources.filter((entry) => entry.method === 'GET').map((entry) => entry.path);

/**
 * The corpus the devnet tests serve: the demo season's compliance track (docs/corpus-format.md), the default of
 * `devnet up`. Targets are its catalogue's canonical GET URLs on the devnet corpus host, in catalogue order
 * (cycling when more are asked for than it lists).
 */
export const journeyCorpus = {
  dir: DEFAULT_CORPUS_DIR,
  targets(n: number): string[] {
    return Array.from({ length: n }, (_, i) => `${DEMO_BASE}${getPaths[i % getPaths.length]}`);
  },
};
