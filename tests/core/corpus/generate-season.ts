import { readFileSync } from 'node:fs';
import { generateConformite } from '../../../main/core/corpus/conformite/generate.ts';
import { DEMO_BASES, DEMO_DATE_EXAMEN } from '../../../main/core/corpus/generate-options.ts';
import { generateGenerique } from '../../../main/core/corpus/generique/generate.ts';
import type { CorpusTree } from '../../../main/core/corpus/tree.ts';

/** The public seed demo season 1 was generated from (docs/corpus-format.md). */
export const DEMO_SEED = 'proveit-demo-season-1';

const rules = (version: string) => readFileSync(new URL(`../../../corpus/rules/${version}.md`, import.meta.url), 'utf8');

export function generate(track: 'conformite' | 'generique', seed: string): CorpusTree {
  const options = { seed, season: 1, base: DEMO_BASES[track], dateExamen: DEMO_DATE_EXAMEN };
  return track === 'conformite'
    ? generateConformite({ ...options, rulesText: rules('conformite-bareme-v3') })
    : generateGenerique({ ...options, rulesText: rules('generique-bareme-v1') });
}

export function sameTree(a: CorpusTree, b: CorpusTree): boolean {
  if (a.size !== b.size) return false;
  for (const [file, bytes] of a) {
    const other = b.get(file);
    if (!other || Buffer.compare(Buffer.from(bytes), Buffer.from(other)) !== 0) return false;
  }
  return true;
}
