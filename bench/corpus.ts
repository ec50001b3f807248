// Corpus tooling costs: generating a season from a seed, checking it (contract, grounding, reference solver) and
// computing its manifest, against CPython computing the same manifest (tests/core/corpus/manifest_reference.py,
// process start-up included, so the ratio is an upper bound on Python's side).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkCorpus } from '../main/core/corpus/check-corpus.ts';
import { generateConformite } from '../main/core/corpus/conformite/generate.ts';
import { DEMO_BASES, DEMO_DATE_EXAMEN } from '../main/core/corpus/generate-options.ts';
import { generateGenerique } from '../main/core/corpus/generique/generate.ts';
import { computeManifest } from '../main/core/corpus/manifest.ts';
import { TRACKS } from '../main/core/corpus/tracks.ts';
import { readCorpusTree } from '../main/services/corpus/corpus-folder.ts';

const ROUNDS = 20;
const DEMO = fileURLToPath(new URL('../corpus/season-1/conformite', import.meta.url));
const REFERENCE = fileURLToPath(new URL('../tests/core/corpus/manifest_reference.py', import.meta.url));
const rules = (v: string) => readFileSync(new URL(`../corpus/rules/${v}.md`, import.meta.url), 'utf8');

function time(label: string, work: (round: number) => void): number {
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) work(i);
  const ms = (performance.now() - start) / ROUNDS;
  console.log(`corpus: ${label.padEnd(36)} ${ms.toFixed(1)} ms`);
  return ms;
}

const options = { season: 1, dateExamen: DEMO_DATE_EXAMEN };
time('generate conformite season', (i) =>
  generateConformite({
    ...options,
    base: DEMO_BASES.conformite,
    seed: `bench-${i}`,
    rulesText: rules('conformite-bareme-v3'),
  }),
);
time('generate generique season', (i) =>
  generateGenerique({
    ...options,
    base: DEMO_BASES.generique,
    seed: `bench-${i}`,
    rulesText: rules('generique-bareme-v1'),
  }),
);
const tree = await readCorpusTree(DEMO);
time('check demo conformite (solver incl.)', () => checkCorpus(tree, TRACKS));
const ours = time('manifest demo conformite', () => computeManifest(tree));
const start = performance.now();
execFileSync('python3', [REFERENCE, DEMO]);
const python = performance.now() - start;
console.log(
  `corpus: ${'manifest by CPython (one process)'.padEnd(36)} ${python.toFixed(1)} ms  ratio ours/python ${(ours / python).toFixed(2)}`,
);
