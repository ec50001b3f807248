import { describe, expect, it } from 'vitest';
import { parseHundredths } from '../../../../main/core/corpus/decimal.ts';
import { readGeneriqueReferentiel } from '../../../../main/core/corpus/generique/referentiel.ts';
import { solveGenerique, type Besoin } from '../../../../main/core/corpus/generique/solver.ts';
import type { CorpusTree } from '../../../../main/core/corpus/tree.ts';
import { DEMO_DIRS, readJson, readTree, withJson } from '../demo-trees.ts';
import { lookupOf, responseFile, type Obj } from '../solve-helpers.ts';

const demo = readTree(DEMO_DIRS.generique);
const keys = (readJson(demo, 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
const tasks = (readJson(demo, 'tasks.json') as Obj)['tasks'] as Obj[];
const taskOf = (k: Obj) => tasks.find((t) => t['id'] === k['task_id']) as Obj;
const byFamilies = (families: string) => keys.find((k) => (k['families'] as string[]).join() === families) as Obj;

function solve(tree: CorpusTree, task: Obj): string {
  const lookup = lookupOf(tree);
  const ref = readGeneriqueReferentiel(lookup('/referentiel') as never);
  if (!ref.ok) throw new Error(ref.error.message);
  return solveGenerique(lookup, ref.value, task['target'] as unknown as Besoin).verdict;
}

const edit = (tree: CorpusTree, path: string, change: (body: Obj) => void) =>
  withJson(tree, responseFile(path), (v) => {
    change(v as Obj);
  });

/** The references listed in a task's catalogue page, cheapest first. */
function listed(task: Obj): { path: string; price: bigint }[] {
  const page = readJson(demo, responseFile((task['target'] as Obj)['catalogue'] as string)) as Obj;
  return (page['entrees'] as Obj[])
    .map((e) => ({ path: e['reference'] as string, price: parseHundredths(e['prix_catalogue_ht'] as string) ?? 0n }))
    .sort((a, b) => (a.price < b.price ? -1 : 1));
}

describe('purchasing reference solver', () => {
  it('the control recommends the cheapest option; with too little stock, the next one', () => {
    const control = keys.find((k) => k['control'] === true) as Obj;
    const task = taskOf(control);
    const [cheapest, second] = listed(task) as [{ path: string; price: bigint }, { path: string; price: bigint }];
    expect(`/produits/${String(control['verdict'])}`).toBe(cheapest.path);
    expect(solve(demo, task)).toBe(control['verdict']);
    const stock = cheapest.path.replace('/produits/', '/disponibilites/');
    expect(solve(edit(demo, stock, (b) => (b['quantite_disponible'] = '0')), task)).toBe(second.path.slice(10));
  });

  it('a unit price equal to the budget is within it (inclusive); one cent above it is not', () => {
    const control = keys.find((k) => k['control'] === true) as Obj;
    const task = taskOf(control);
    const cheapest = listed(task)[0] as { path: string; price: bigint };
    const withBudget = (cents: bigint) => ({
      ...task,
      target: { ...(task['target'] as Obj), budget_unitaire_ht: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}` },
    });
    expect(solve(demo, withBudget(cheapest.price))).toBe(cheapest.path.slice(10));
    expect(solve(demo, withBudget(cheapest.price - 1n))).toBe('aucune_option_valide');
    expect((parseHundredths('1000.00') ?? 0n) > (parseHundredths('999.90') ?? 0n)).toBe(true);
  });

  it('catalogue and supplier record contradict each other (P3): the option is excluded; reconciled, it is recommended', () => {
    const trap = byFamilies('P3');
    const task = taskOf(trap);
    const [price, tariff] = trap['grounding'] as [Obj, Obj];
    expect(solve(demo, task)).toBe(trap['verdict']);
    const supplier = tariff['resource'] as string;
    const index = Number(String(tariff['field']).split('/')[2]);
    const reconciled = edit(demo, supplier, (b) => {
      ((b['tarifs'] as Obj[])[index] as Obj)['prix_unitaire_ht'] = price['value'] as string;
    });
    expect(solve(reconciled, task)).toBe(String(price['resource']).slice(10));
  });

  it('the obvious option that breaks the need (P5): excluded; meeting the requirement, it is recommended', () => {
    const trap = byFamilies('P5');
    const task = taskOf(trap);
    const [wrong] = trap['grounding'] as [Obj];
    expect(solve(demo, task)).toBe(trap['verdict']);
    const attribute = String(wrong['field']).split('/')[2] as string;
    const fixed = edit(demo, wrong['resource'] as string, (b) => {
      (b['caracteristiques'] as Obj)[attribute] = (task['target'] as Obj)['valeur_attendue'] as string;
    });
    expect(solve(fixed, task)).toBe(String(wrong['resource']).slice(10));
  });

  it('a blocking condition in a delivery annex (P4): each blocked option is excluded, so aucune_option_valide', () => {
    const trap = keys.find((k) => (k['families'] as string[]).join() === 'P4' && k['verdict'] === 'aucune_option_valide') as Obj;
    const task = taskOf(trap);
    expect(solve(demo, task)).toBe('aucune_option_valide');
    const [minimum] = trap['grounding'] as [Obj];
    const relaxed = edit(demo, minimum['resource'] as string, (b) => (b['quantite_minimale'] = '1'));
    expect(solve(relaxed, task)).not.toBe('aucune_option_valide');
  });
});
