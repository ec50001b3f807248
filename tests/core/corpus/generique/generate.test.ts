import { describe, expect, it } from 'vitest';
import { checkCorpus } from '../../../../main/core/corpus/check-corpus.ts';
import { TRACKS } from '../../../../main/core/corpus/tracks.ts';
import { DEMO_DIRS, readJson, readTree, type Json } from '../demo-trees.ts';
import { DEMO_SEED, generate, sameTree } from '../generate-season.ts';

type Obj = Record<string, Json>;
const SEEDS = ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6'];

describe('purchasing season generator', () => {
  it('the committed demo season is exactly what the demo seed generates, byte for byte', () => {
    expect(sameTree(generate('generique', DEMO_SEED), readTree(DEMO_DIRS.generique))).toBe(true);
  });

  it('the same seed gives a byte-identical tree', () => {
    expect(sameTree(generate('generique', 'secret-a'), generate('generique', 'secret-a'))).toBe(true);
  });

  it('two seeds give different products', () => {
    const a = generate('generique', 'secret-a');
    const b = generate('generique', 'secret-b');
    const productsA = [...a.keys()].filter((f) => f.startsWith('responses/produits/'));
    const productsB = new Set([...b.keys()].filter((f) => f.startsWith('responses/produits/')));
    expect(productsA.filter((f) => productsB.has(f)).length).toBeLessThan(productsA.length / 4);
  });

  it.each(SEEDS)('seed %s: the season passes check (>= 3 aucune_option_valide, P1-P5, P5 x3, one control, solver agrees)', (seed) => {
    const tree = generate('generique', seed);
    expect(checkCorpus(tree, TRACKS).problems).toEqual([]);
    const tasks = (readJson(tree, 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
    expect(tasks.filter((t) => t['verdict'] === 'aucune_option_valide').length).toBeGreaterThanOrEqual(3);
  });

  it('the seed decides which task carries which trap, so the public generator does not give the key away', () => {
    const plans = new Set(
      SEEDS.map((seed) => {
        const tasks = (readJson(generate('generique', seed), 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
        return tasks.map((t) => (t['families'] as string[]).join('+')).join(',');
      }),
    );
    expect(plans.size).toBeGreaterThan(1);
  });
});
