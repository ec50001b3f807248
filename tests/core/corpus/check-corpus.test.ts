import { describe, expect, it } from 'vitest';
import { checkCorpus } from '../../../main/core/corpus/check-corpus.ts';
import { TRACKS } from '../../../main/core/corpus/tracks.ts';
import type { CorpusTree } from '../../../main/core/corpus/tree.ts';
import { DEMO_DIRS, readJson, readTree, withBytes, withJson, type Json } from './demo-trees.ts';

const conformite = readTree(DEMO_DIRS.conformite);
const generique = readTree(DEMO_DIRS.generique);

type Obj = Record<string, Json>;
const codes = (tree: CorpusTree) => checkCorpus(tree, TRACKS).problems.map((p) => p.code);
const keyTasks = (tree: CorpusTree) => (readJson(tree, 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
const firstEntity = (tree: CorpusTree) =>
  [...tree.keys()].find((f) => f.startsWith('responses/entites/')) as string;

describe('corpus check on the demo season', () => {
  it.each([
    ['conformite', conformite],
    ['generique', generique],
  ])('the %s demo corpus passes every check and the solver reproduces all ten verdicts', (_, tree) => {
    const report = checkCorpus(tree, TRACKS);
    expect(report.problems).toEqual([]);
    expect(report.solved).toHaveLength(10);
    expect(report.solved.every((s) => s.solver === s.expected)).toBe(true);
  });
});

describe('corpus check refuses a broken response contract', () => {
  it('a number anywhere in a body: CORPUS_BODY_NUMBER with its pointer', () => {
    const file = firstEntity(conformite);
    const tree = withJson(conformite, file, (v) => {
      (v as Obj)['capital'] = 1500;
      (v as Obj)['siege_detail'] = { etage: 2.5 };
    });
    const problems = checkCorpus(tree, TRACKS).problems.filter((p) => p.code === 'CORPUS_BODY_NUMBER');
    expect(problems.map((p) => p.details?.['pointer']).sort()).toEqual(['/capital', '/siege_detail/etage']);
  });

  it('an empty {} body and an empty [] body: CORPUS_BODY_EMPTY', () => {
    const file = firstEntity(conformite);
    expect(codes(withBytes(conformite, file, '{}'))).toContain('CORPUS_BODY_EMPTY');
    expect(codes(withBytes(conformite, file, '[]'))).toContain('CORPUS_BODY_EMPTY');
  });

  it('bytes json.loads refuses: CORPUS_FILE_INVALID_JSON', () => {
    expect(codes(withBytes(conformite, firstEntity(conformite), '{"resource": '))).toContain('CORPUS_FILE_INVALID_JSON');
  });

  it('a date that is not YYYY-MM-DD: CORPUS_BODY_DATE_FORMAT', () => {
    const tree = withJson(conformite, firstEntity(conformite), (v) => {
      (v as Obj)['date_immatriculation'] = '24/10/2005';
    });
    expect(codes(tree)).toContain('CORPUS_BODY_DATE_FORMAT');
  });

  it('a record without a field a criterion reads: CORPUS_PROBATIVE_FIELD_MISSING', () => {
    const licence = [...conformite.keys()].find((f) => f.startsWith('responses/agrements/')) as string;
    const present = (readJson(conformite, licence) as Obj)['existe'] === true;
    const tree = withJson(conformite, present ? licence : firstEntity(conformite), (v) => {
      delete (v as Obj)['statut'];
    });
    expect(codes(tree)).toContain('CORPUS_PROBATIVE_FIELD_MISSING');
  });

  it('a link to a resource the catalogue does not serve: CORPUS_LINK_UNRESOLVED', () => {
    const tree = withJson(conformite, firstEntity(conformite), (v) => {
      ((v as Obj)['agrements'] as Json[]).push('/agrements/AGR-0000');
    });
    expect(codes(tree)).toContain('CORPUS_LINK_UNRESOLVED');
  });
});

describe('corpus check refuses non-canonical or duplicate URLs', () => {
  const editCatalogue = (edit: (resources: Obj[]) => void) =>
    withJson(conformite, 'catalogue.json', (v) => {
      edit((v as Obj)['resources'] as Obj[]);
    });

  it('the same URL twice: CORPUS_URL_DUPLICATE', () => {
    const tree = editCatalogue((r) => r.push({ ...(r[0] as Obj) }));
    expect(codes(tree)).toContain('CORPUS_URL_DUPLICATE');
  });

  it.each(['/entites/123/', '/entites/123?page=2', '/entites//123', '/entites/%31'])(
    '%s: CORPUS_URL_NOT_CANONICAL',
    (path) => {
      const tree = editCatalogue((r) => r.push({ path, method: 'GET', payload: {}, response: 'responses/referentiel.json' }));
      expect(codes(tree)).toContain('CORPUS_URL_NOT_CANONICAL');
    },
  );

  it('a path outside every collection: CORPUS_OUTSIDE_COLLECTIONS', () => {
    const tree = editCatalogue((r) => r.push({ path: '/autre/1', method: 'GET', payload: {}, response: 'responses/referentiel.json' }));
    expect(codes(tree)).toContain('CORPUS_OUTSIDE_COLLECTIONS');
  });

  it('a GET resource with a payload (the proxy would add a query string): CORPUS_GET_PAYLOAD', () => {
    const tree = editCatalogue((r) => {
      (r[0] as Obj)['payload'] = { page: '2' };
    });
    expect(codes(tree)).toContain('CORPUS_GET_PAYLOAD');
  });

  it('a response file no resource serves: CORPUS_RESPONSE_UNLISTED', () => {
    expect(codes(withBytes(conformite, 'responses/orphan.json', '{"a": "b"}'))).toContain('CORPUS_RESPONSE_UNLISTED');
  });
});

describe('corpus check refuses a key that disagrees with its corpus', () => {
  it('a grounding fact absent from the served bytes: CORPUS_GROUNDING_ABSENT', () => {
    const fact = (keyTasks(conformite)[0]?.['grounding'] as Obj[])[0] as Obj;
    const tree = withJson(conformite, 'sealed/answer-key.json', (v) => {
      const first = (((v as Obj)['tasks'] as Obj[])[0]?.['grounding'] as Obj[])[0] as Obj;
      first['field'] = `${String(fact['field'])}_absent`;
    });
    expect(codes(tree)).toContain('CORPUS_GROUNDING_ABSENT');
  });

  it('a grounding value of another type ("false" for false, or another string): CORPUS_GROUNDING_VALUE_MISMATCH', () => {
    const tree = withJson(conformite, 'sealed/answer-key.json', (v) => {
      for (const task of (v as Obj)['tasks'] as Obj[]) {
        for (const fact of task['grounding'] as Obj[]) fact['value'] = JSON.stringify(fact['value']);
      }
    });
    const problems = checkCorpus(tree, TRACKS).problems.filter((p) => p.code === 'CORPUS_GROUNDING_VALUE_MISMATCH');
    const facts = keyTasks(conformite).reduce((n, t) => n + (t['grounding'] as Obj[]).length, 0);
    expect(problems).toHaveLength(facts);
  });

  it('a grounding fact on another entity’s entry of a common list: CORPUS_GROUNDING_NOT_CONCERNING', () => {
    const tree = withJson(conformite, 'sealed/answer-key.json', (v) => {
      for (const task of (v as Obj)['tasks'] as Obj[]) {
        for (const fact of task['grounding'] as Obj[]) {
          if (!String(fact['resource']).startsWith('/listes/agrees/')) continue;
          const index = Number(String(fact['field']).split('/')[2]);
          fact['field'] = String(fact['field']).replace(`/entrees/${index}/`, `/entrees/${index === 0 ? 1 : 0}/`);
        }
      }
    });
    expect(codes(tree)).toContain('CORPUS_GROUNDING_NOT_CONCERNING');
  });

  it('a generic fact on a supplier tariff line of a product outside the need: CORPUS_GROUNDING_NOT_CONCERNING', () => {
    const tree = withJson(generique, 'sealed/answer-key.json', (v) => {
      for (const task of (v as Obj)['tasks'] as Obj[]) {
        for (const fact of task['grounding'] as Obj[]) {
          if (!/^\/tarifs\/\d+\/prix_unitaire_ht$/.test(String(fact['field']))) continue;
          const supplier = readJson(generique, `responses${String(fact['resource'])}.json`) as Obj;
          const lines = supplier['tarifs'] as Obj[];
          const index = Number(String(fact['field']).split('/')[2]);
          fact['field'] = `/tarifs/${(index + 1) % lines.length}/prix_unitaire_ht`;
        }
      }
    });
    expect(codes(tree)).toContain('CORPUS_GROUNDING_NOT_CONCERNING');
  });

  it('a key of another season or track: CORPUS_SEASON_MISMATCH', () => {
    const tree = withJson(conformite, 'sealed/answer-key.json', (v) => {
      (v as Obj)['track'] = 'generique';
    });
    expect(codes(tree)).toContain('CORPUS_SEASON_MISMATCH');
  });

  it('an expected verdict the reference solver contradicts: CORPUS_KEY_VERDICT_MISMATCH names the task and both verdicts', () => {
    const first = keyTasks(conformite)[0] as Obj;
    const other = first['verdict'] === 'conforme' ? 'non_conforme' : 'conforme';
    const tree = withJson(conformite, 'sealed/answer-key.json', (v) => {
      (((v as Obj)['tasks'] as Obj[])[0] as Obj)['verdict'] = other;
    });
    const mismatch = checkCorpus(tree, TRACKS).problems.find((p) => p.code === 'CORPUS_KEY_VERDICT_MISMATCH');
    expect(mismatch?.details).toMatchObject({ task: first['task_id'], key: other, solver: first['verdict'] });
    expect(mismatch?.message).toContain(String(first['task_id']));
    expect(mismatch?.message).toContain(other);
    expect(mismatch?.message).toContain(String(first['verdict']));
  });

  it('a corpus edited under its key (the control entity struck off): CORPUS_KEY_VERDICT_MISMATCH', () => {
    const control = keyTasks(conformite).find((t) => t['control'] === true) as Obj;
    const tasks = (readJson(conformite, 'tasks.json') as Obj)['tasks'] as Obj[];
    const entity = ((tasks.find((t) => t['id'] === control['task_id']) as Obj)['target'] as Obj)['entite'] as string;
    const tree = withJson(conformite, `responses${entity}.json`, (v) => {
      (v as Obj)['statut'] = 'radiee';
    });
    const mismatch = checkCorpus(tree, TRACKS).problems.find((p) => p.code === 'CORPUS_KEY_VERDICT_MISMATCH');
    expect(mismatch?.details).toMatchObject({ task: control['task_id'], key: 'conforme', solver: 'non_conforme' });
  });

  it('a generic key naming another product: CORPUS_KEY_VERDICT_MISMATCH', () => {
    const tree = withJson(generique, 'sealed/answer-key.json', (v) => {
      const tasks = (v as Obj)['tasks'] as Obj[];
      const recommending = tasks.find((t) => t['verdict'] !== 'aucune_option_valide') as Obj;
      recommending['verdict'] = 'aucune_option_valide';
    });
    expect(codes(tree)).toContain('CORPUS_KEY_VERDICT_MISMATCH');
  });
});

describe('corpus check enforces the published balance and the sealed folder', () => {
  it('a breakdown other than 3/4/3: CORPUS_KEY_BREAKDOWN', () => {
    const tree = withJson(conformite, 'sealed/answer-key.json', (v) => {
      for (const t of (v as Obj)['tasks'] as Obj[]) t['verdict'] = 'indeterminable';
    });
    expect(codes(tree)).toContain('CORPUS_KEY_BREAKDOWN');
  });

  it('P5 on fewer than three tasks, or no control: CORPUS_KEY_FAMILIES and CORPUS_KEY_CONTROL', () => {
    const tree = withJson(conformite, 'sealed/answer-key.json', (v) => {
      for (const t of (v as Obj)['tasks'] as Obj[]) {
        t['families'] = ['P1'];
        t['control'] = false;
      }
    });
    expect(codes(tree)).toEqual(expect.arrayContaining(['CORPUS_KEY_FAMILIES', 'CORPUS_KEY_CONTROL']));
  });

  it('assertion bounds other than spec §5.5: CORPUS_TASK_BOUNDS', () => {
    const tree = withJson(conformite, 'tasks.json', (v) => {
      (((v as Obj)['tasks'] as Obj[])[0] as Obj)['cap_assertions'] = 20;
    });
    expect(codes(tree)).toContain('CORPUS_TASK_BOUNDS');
  });

  it('a task graph that is not the one its target implies: CORPUS_TASK_GRAPH_MISMATCH naming what is missing', () => {
    const tree = withJson(conformite, 'tasks.json', (v) => {
      const task = ((v as Obj)['tasks'] as Obj[])[0] as Obj;
      task['graph'] = (task['graph'] as string[]).slice(1);
    });
    const problem = checkCorpus(tree, TRACKS).problems.find((p) => p.code === 'CORPUS_TASK_GRAPH_MISMATCH');
    const first = (((readJson(conformite, 'tasks.json') as Obj)['tasks'] as Obj[])[0] as Obj)['graph'] as string[];
    expect(problem?.details?.['missing']).toEqual([first[0]]);
  });

  it('a published file that mentions the sealed folder: CORPUS_SEALED_REFERENCED', () => {
    const tree = withJson(conformite, 'tasks.json', (v) => {
      (((v as Obj)['tasks'] as Obj[])[0] as Obj)['prompt'] = 'see sealed/answer-key.json';
    });
    expect(codes(tree)).toContain('CORPUS_SEALED_REFERENCED');
  });

  it('lists every problem at once, each with its own code', () => {
    let tree = withBytes(conformite, firstEntity(conformite), '{}');
    tree = withJson(tree, 'tasks.json', (v) => {
      (((v as Obj)['tasks'] as Obj[])[0] as Obj)['cap_assertions'] = 20;
    });
    tree = withBytes(tree, 'responses/orphan.json', '{"a": "b"}');
    expect(codes(tree)).toEqual(
      expect.arrayContaining(['CORPUS_BODY_EMPTY', 'CORPUS_TASK_BOUNDS', 'CORPUS_RESPONSE_UNLISTED']),
    );
  });
});
