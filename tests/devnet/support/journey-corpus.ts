import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { generateConformite } from '../../../main/core/corpus/conformite/generate.ts';
import { DEMO_BASE, DEMO_DATE_EXAMEN } from '../../../main/core/corpus/generate-options.ts';
import { DEFAULT_CORPUS_DIR } from '../../../main/cli/devnet-up.ts';

/** A compliance track folder generated from a fixed test seed (the demo season's, when it is not generated yet). */
function generatedTrack(): string {
  const dir = mkdtempSync(join(tmpdir(), 'devnet-corpus-'));
  const tree = generateConformite({
    seed: 'devnet-tests',
    season: 1,
    base: DEMO_BASE,
    dateExamen: DEMO_DATE_EXAMEN,
    rulesText: 'devnet test rules\n',
  });
  for (const [file, bytes] of tree) {
    const target = join(dir, ...file.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  }
  return dir;
}

const dir = existsSync(join(DEFAULT_CORPUS_DIR, 'catalogue.json')) ? DEFAULT_CORPUS_DIR : generatedTrack();
const catalogue = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8')) as {
  resources: { path: string; method: string }[];
};
const getPaths = catalogue.resources.filter((entry) => entry.method === 'GET').map((entry) => entry.path);

/**
 * The corpus the devnet tests serve (docs/corpus-format.md): the demo season's compliance track once generated,
 * else the same generator's output for a test seed. Targets are the catalogue's canonical GET URLs on the devnet
 * corpus host, in catalogue order (cycling when more are asked for than it lists).
 */
export const journeyCorpus = {
  dir,
  targets(n: number): string[] {
    return Array.from({ length: n }, (_, i) => `${DEMO_BASE}${getPaths[i % getPaths.length]}`);
  },
};
