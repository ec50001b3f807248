import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../main/core/corpus/dates.ts';
import { readConformiteReferentiel } from '../../../../main/core/corpus/conformite/referentiel.ts';
import { solveConformite } from '../../../../main/core/corpus/conformite/solver.ts';
import type { CorpusTree } from '../../../../main/core/corpus/tree.ts';
import { DEMO_DIRS, readJson, readTree, withJson, type Json } from '../demo-trees.ts';
import { lookupOf, responseFile, taskWithGrounding, type Obj } from '../solve-helpers.ts';

const demo = readTree(DEMO_DIRS.conformite);
const dateExamen = (readJson(demo, 'responses/referentiel.json') as Obj)['date_examen'] as string;

function solve(tree: CorpusTree, task: Obj): string {
  const lookup = lookupOf(tree);
  const ref = readConformiteReferentiel(lookup('/referentiel') as never);
  if (!ref.ok) throw new Error(ref.error.message);
  const target = task['target'] as { entite: string; activite: string };
  return solveConformite(lookup, ref.value, target).verdict;
}

const edit = (tree: CorpusTree, path: string, change: (body: Obj) => void) =>
  withJson(tree, responseFile(path), (v) => {
    change(v as Obj);
  });

describe('compliance reference solver: each trap decides the verdict', () => {
  it('an extension rider keeps an attestation whose printed end date has passed valid; without it: non_conforme', () => {
    const { task, key } = taskWithGrounding(demo, (f) => f['field'] === '/nouvelle_date_fin');
    expect(solve(demo, task)).toBe('conforme');
    expect(key['verdict']).toBe('conforme');
    const link = (key['grounding'] as Obj[]).find((f) => f['field'] === '/avenants/0') as Obj;
    expect(solve(edit(demo, link['resource'] as string, (b) => (b['avenants'] = [])), task)).toBe('non_conforme');
  });

  it('a rider that takes effect after the examination date does not apply yet', () => {
    const { task, key } = taskWithGrounding(demo, (f) => f['field'] === '/nouvelle_date_fin');
    const rider = (key['grounding'] as Obj[]).find((f) => f['field'] === '/nouvelle_date_fin')?.['resource'] as string;
    expect(solve(edit(demo, rider, (b) => (b['date_effet'] = addDays(dateExamen, 1))), task)).toBe('non_conforme');
    expect(solve(edit(demo, rider, (b) => (b['date_effet'] = dateExamen)), task)).toBe('conforme');
  });

  it('an exclusion rider removes the activity from the cover: non_conforme; removing the rider: conforme', () => {
    const { task, key } = taskWithGrounding(demo, (f) => f['field'] === '/activite_exclue');
    expect(solve(demo, task)).toBe('non_conforme');
    expect(key['verdict']).toBe('non_conforme');
    const rider = (key['grounding'] as Obj[]).find((f) => f['field'] === '/activite_exclue')?.['resource'] as string;
    expect(solve(edit(demo, rider, (b) => (b['activite_exclue'] = 'autre-activite')), task)).toBe('conforme');
  });

  it('date bounds are inclusive: a licence ending on the examination date is valid, the day before is not', () => {
    const { task } = taskWithGrounding(demo, (f) => f['fact'] === "fin de validité de l'agrément");
    const licence = (taskWithGrounding(demo, (f) => f['fact'] === "fin de validité de l'agrément").key['grounding'] as Obj[])[1]?.[
      'resource'
    ] as string;
    expect(solve(edit(demo, licence, (b) => (b['date_fin_validite'] = dateExamen)), task)).toBe('conforme');
    expect(solve(edit(demo, licence, (b) => (b['date_fin_validite'] = addDays(dateExamen, -1))), task)).toBe(
      'non_conforme',
    );
    expect(solve(edit(demo, licence, (b) => (b['date_debut'] = dateExamen)), task)).toBe('conforme');
    expect(solve(edit(demo, licence, (b) => (b['date_debut'] = addDays(dateExamen, 1))), task)).toBe('non_conforme');
  });

  const listedFacts = (k: Obj) =>
    (k['grounding'] as Obj[]).filter((f) => String(f['resource']).startsWith('/mesures-restrictives/'));
  const keys = (readJson(demo, 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
  const tasks = (readJson(demo, 'tasks.json') as Obj)['tasks'] as Obj[];
  const taskOf = (k: Obj) => tasks.find((t) => t['id'] === k['task_id']) as Obj;

  it('a homonym born on another day is not a match (conforme); the same birth date makes it one (non_conforme)', () => {
    const homonym = keys.find((k) => listedFacts(k).length === 1) as Obj;
    expect(solve(demo, taskOf(homonym))).toBe('conforme');
    const [owner, listed] = (homonym['grounding'] as Obj[]).slice(1) as [Obj, Obj];
    const index = Number(String(listed['field']).split('/')[2]);
    const matched = edit(demo, listed['resource'] as string, (b) => {
      ((b['entrees'] as Obj[])[index] as Obj)['date_naissance'] = owner['value'] as Json;
    });
    expect(solve(matched, taskOf(homonym))).toBe('non_conforme');
  });

  it('a beneficial owner on page 2 of the declaration who is on the list: non_conforme; another birth date: conforme', () => {
    const match = keys.find((k) => listedFacts(k).length === 3) as Obj;
    expect(solve(demo, taskOf(match))).toBe('non_conforme');
    const listed = listedFacts(match).find((f) => String(f['field']).endsWith('/date_naissance')) as Obj;
    const index = Number(String(listed['field']).split('/')[2]);
    const cleared = edit(demo, listed['resource'] as string, (b) => {
      ((b['entrees'] as Obj[])[index] as Obj)['date_naissance'] = '1901-01-01';
    });
    expect(solve(cleared, taskOf(match))).toBe('conforme');
  });

  it('the licence record and the published list disagree: indeterminable; when they agree on suspendu: non_conforme', () => {
    const { task, key } = taskWithGrounding(demo, (f) => f['value'] === 'suspendu');
    expect(solve(demo, task)).toBe('indeterminable');
    expect(key['verdict']).toBe('indeterminable');
    const licence = (key['grounding'] as Obj[])[0]?.['resource'] as string;
    expect(solve(edit(demo, licence, (b) => (b['statut'] = 'suspendu')), task)).toBe('non_conforme');
  });

  it('precedence: an expired licence outweighs an absent attestation (non_conforme); renewed, the absence gives indeterminable', () => {
    const keys = (readJson(demo, 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
    const both = keys.find((k) => (k['families'] as string[]).join() === 'P1,P2') as Obj;
    const tasks = (readJson(demo, 'tasks.json') as Obj)['tasks'] as Obj[];
    const task = tasks.find((t) => t['id'] === both['task_id']) as Obj;
    expect(solve(demo, task)).toBe('non_conforme');
    const licence = (both['grounding'] as Obj[])[1]?.['resource'] as string;
    expect(solve(edit(demo, licence, (b) => (b['date_fin_validite'] = addDays(dateExamen, 200))), task)).toBe(
      'indeterminable',
    );
  });

  it('an entity with no record at all: indeterminable (absent source)', () => {
    const { task } = taskWithGrounding(demo, (f) => f['fact'] === "fin de validité de l'agrément");
    const entity = (task['target'] as Obj)['entite'] as string;
    const absent = edit(demo, entity, (b) => {
      for (const k of Object.keys(b)) if (k !== 'resource') delete b[k];
      b['exists'] = false;
      b['existe'] = false;
    });
    expect(solve(absent, task)).toBe('indeterminable');
  });
});
