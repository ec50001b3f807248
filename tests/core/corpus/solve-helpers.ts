import { loadCorpus } from '../../../main/core/corpus/load-corpus.ts';
import { Problems } from '../../../main/core/corpus/problems.ts';
import type { Lookup } from '../../../main/core/corpus/solver-support.ts';
import type { CorpusTree } from '../../../main/core/corpus/tree.ts';
import { readJson, type Json } from './demo-trees.ts';

export type Obj = Record<string, Json>;

export function lookupOf(tree: CorpusTree): Lookup {
  const corpus = loadCorpus(tree, new Problems());
  return (path) => corpus.bodies.get(path)?.value;
}

/** The task and key entry of the first task whose grounding uses `field` (how a test finds a trap in the demo key). */
export function taskWithGrounding(tree: CorpusTree, test: (fact: Obj) => boolean): { task: Obj; key: Obj } {
  const keys = (readJson(tree, 'sealed/answer-key.json') as Obj)['tasks'] as Obj[];
  const key = keys.find((k) => (k['grounding'] as Obj[]).some(test));
  if (!key) throw new Error('no such task in the demo key');
  const tasks = (readJson(tree, 'tasks.json') as Obj)['tasks'] as Obj[];
  return { task: tasks.find((t) => t['id'] === key['task_id']) as Obj, key };
}

export const responseFile = (path: string) => `responses${path}.json`;
