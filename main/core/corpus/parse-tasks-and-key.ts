import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import type { Problems } from './problems.ts';

export interface ParsedTask {
  id: string;
  prompt: string;
  target: Record<string, string>;
  min: number;
  cap: number;
  graph: string[];
  own: string[];
}

export interface ParsedForm {
  resource: string;
  field: string;
  value: PyJson;
}

export interface ParsedFact extends ParsedForm {
  fact: string;
  forms: ParsedForm[];
}

export interface ParsedKeyTask {
  taskId: string;
  verdict: string;
  families: string[];
  control: boolean;
  grounding: ParsedFact[];
}

const strings = (v: PyJson | undefined): string[] | undefined =>
  Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;

const smallInt = (v: PyJson | undefined): number | undefined =>
  typeof v === 'bigint' && v >= 0n && v <= 1000n ? Number(v) : undefined;

/** tasks.json → tasks; each malformed task is one CORPUS_TASKS_INVALID problem naming it. */
export function parseTasks(value: PyJson | undefined, problems: Problems): ParsedTask[] {
  if (value === undefined) return [];
  const list = isPyObject(value) ? value['tasks'] : undefined;
  if (!Array.isArray(list)) {
    problems.add('CORPUS_TASKS_INVALID', 'tasks.json must be {"season", "track", "tasks": [...]}');
    return [];
  }
  const out: ParsedTask[] = [];
  list.forEach((item, index) => {
    const o = isPyObject(item) ? item : ({} as PyObject);
    const target = isPyObject(o['target']) ? o['target'] : undefined;
    const targetEntries = target ? Object.entries(target) : [];
    const task = {
      id: o['id'],
      prompt: o['prompt'],
      min: smallInt(o['min_assertions']),
      cap: smallInt(o['cap_assertions']),
      graph: strings(o['graph']),
      own: strings(o['own_resources']),
    };
    if (
      typeof task.id !== 'string' ||
      typeof task.prompt !== 'string' ||
      task.min === undefined ||
      task.cap === undefined ||
      !task.graph ||
      !task.own ||
      !target ||
      !targetEntries.every(([, v]) => typeof v === 'string')
    ) {
      problems.add(
        'CORPUS_TASKS_INVALID',
        `tasks.json task #${index} must be {id, prompt, target: {..strings}, min_assertions: int, cap_assertions: int, graph: [paths], own_resources: [paths]}`,
        { index },
      );
      return;
    }
    out.push({
      id: task.id,
      prompt: task.prompt,
      target: Object.fromEntries(targetEntries) as Record<string, string>,
      min: task.min,
      cap: task.cap,
      graph: task.graph,
      own: task.own,
    });
  });
  return out;
}

function parseForm(v: PyJson | undefined): ParsedForm | undefined {
  if (!isPyObject(v) || typeof v['resource'] !== 'string' || typeof v['field'] !== 'string' || !('value' in v)) {
    return undefined;
  }
  return { resource: v['resource'], field: v['field'], value: v['value'] as PyJson };
}

/** sealed/answer-key.json → key tasks; each malformed entry is one CORPUS_KEY_INVALID problem naming it. */
export function parseKey(value: PyJson | undefined, problems: Problems): ParsedKeyTask[] {
  if (value === undefined) return [];
  const list = isPyObject(value) ? value['tasks'] : undefined;
  if (!Array.isArray(list)) {
    problems.add('CORPUS_KEY_INVALID', 'sealed/answer-key.json must be {"season", "track", "rules_version", "tasks": [...]}');
    return [];
  }
  const out: ParsedKeyTask[] = [];
  list.forEach((item, index) => {
    const o = isPyObject(item) ? item : ({} as PyObject);
    const families = strings(o['families']);
    const grounding = Array.isArray(o['grounding']) ? o['grounding'] : undefined;
    const facts = (grounding ?? []).map((g) => {
      const main = parseForm(g);
      const forms = isPyObject(g) && Array.isArray(g['equivalent_forms']) ? g['equivalent_forms'].map(parseForm) : undefined;
      const fact = isPyObject(g) ? g['fact'] : undefined;
      if (!main || !forms || forms.some((f) => !f) || typeof fact !== 'string') return undefined;
      return { ...main, fact, forms: forms as ParsedForm[] };
    });
    if (
      typeof o['task_id'] !== 'string' ||
      typeof o['verdict'] !== 'string' ||
      typeof o['control'] !== 'boolean' ||
      !families ||
      !grounding ||
      facts.some((f) => !f)
    ) {
      problems.add(
        'CORPUS_KEY_INVALID',
        `sealed/answer-key.json task #${index} must be {task_id, verdict, families: [..], control: bool, grounding: [{fact, resource, field, value, equivalent_forms}]}`,
        { index },
      );
      return;
    }
    out.push({
      taskId: o['task_id'],
      verdict: o['verdict'],
      families,
      control: o['control'],
      grounding: facts as ParsedFact[],
    });
  });
  return out;
}
