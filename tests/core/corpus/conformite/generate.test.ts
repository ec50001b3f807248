import { describe, expect, it } from 'vitest';
import { checkCorpus } from '../../../../main/core/corpus/check-corpus.ts';
import { TRACKS } from '../../../../main/core/corpus/tracks.ts';
import { DEMO_DIRS, readJson, readTree, type Json } from '../demo-trees.ts';
import { DEMO_SEED, generate, sameTree } from '../generate-season.ts';

type Obj = Record<string, Json>;
const SEEDS = ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6'];

describe('compliance season generator', () => {
  it('the committed demo season is exactly what the demo seed generates, byte for byte', () => {
    expect(sameTree(generate('conformite', DEMO_SEED), readTree(DEMO_DIRS.conformite))).toBe(true);
  });

  it('the same seed gives a byte-identical tree', () => {
    expect(sameTree(generate('conformite', 'secret-a'), generate('conformite', 'secret-a'))).toBe(true);
  });

  it('two seeds give different entities, and no served body in common', () => {
    const a = generate('conformite', 'secret-a');
    const b = generate('conformite', 'secret-b');
    const entitiesA = [...a.keys()].filter((f) => f.startsWith('responses/entites/'));
    const entitiesB = new Set([...b.keys()].filter((f) => f.startsWith('responses/entites/')));
    expect(entitiesA.filter((f) => entitiesB.has(f))).toEqual([]);
  });

  it.each(SEEDS)('seed %s: the season passes check (3/4/3 verdicts, P1-P5, P5 x3, one control, solver agrees)', (seed) => {
    const tree = generate('conformite', seed);
    expect(checkCorpus(tree, TRACKS).problems).toEqual([]);
    const tasks = (readJson(tree, 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
    const count = (v: string) => tasks.filter((t) => t['verdict'] === v).length;
    expect([count('conforme'), count('non_conforme'), count('indeterminable')]).toEqual([3, 4, 3]);
  });

  it('the seed decides which task carries which trap, so the public generator does not give the key away', () => {
    const plans = new Set(
      SEEDS.map((seed) => {
        const tasks = (readJson(generate('conformite', seed), 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
        return tasks.map((t) => (t['families'] as string[]).join('+')).join(',');
      }),
    );
    expect(plans.size).toBeGreaterThan(1);
  });

  it('SIREN-like identifiers fail the Luhn key, so none can be a real company', () => {
    const tree = generate('conformite', 'secret-a');
    const sirens = [...tree.keys()].filter((f) => f.startsWith('responses/entites/')).map((f) => f.slice(18, 27));
    const luhn = (digits: string) =>
      [...digits].reverse().reduce((sum, d, i) => {
        const n = Number(d) * (i % 2 === 1 ? 2 : 1);
        return sum + (n > 9 ? n - 9 : n);
      }, 0) % 10 === 0;
    expect(sirens.length).toBeGreaterThan(10);
    expect(sirens.filter(luhn)).toEqual([]);
  });
});
