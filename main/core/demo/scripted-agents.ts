import { isPyObject, type PyJson } from '../json/value.ts';
import type { ParsedKeyTask, ParsedTask } from '../corpus/parse-tasks-and-key.ts';
import type { Lookup } from '../corpus/solver-support.ts';
import { collectionOf } from '../corpus/canonical-url.ts';
import { isProbative, type TrackDefinition } from '../corpus/track-definition.ts';

/**
 * The demo season's scripted participants (docs/console-backend.md "First start and the demo season"), in enrollment
 * order.
 */
export const DEMO_AGENTS = ['reference', 'careful', 'overclaims', 'abstains', 'constant'] as const;
export type DemoAgent = (typeof DEMO_AGENTS)[number];

export const DEMO_AGENT_NAMES: Record<DemoAgent, string> = {
  reference: 'Reference run',
  careful: 'Careful agent',
  overclaims: 'Agent claiming values the corpus does not serve',
  abstains: 'Abstaining agent',
  constant: 'Constant-verdict agent',
};

export interface ScriptedClaim {
  resource: string;
  field: string;
  value: PyJson;
  /** The read behind this claim goes out while the corpus host misses the challenge secret (an instrument fault). */
  readUnderFault: boolean;
}

export interface ScriptedTask {
  taskId: string;
  verdict: string;
  claims: ScriptedClaim[];
}

export interface ScriptedAgent {
  agent: DemoAgent;
  name: string;
  /** Resources read through the proxy, in order (each once), before anything is submitted. */
  reads: { resource: string; underFault: boolean }[];
  submissions: ScriptedTask[];
}

export interface TrackScriptInput {
  definition: TrackDefinition;
  tasks: readonly ParsedTask[];
  key: readonly ParsedKeyTask[];
  lookup: Lookup;
  /** Whether this track carries the demo's instrument fault (one track does, so one incident opens). */
  withFault: boolean;
}

/** Every (pointer, value) leaf of a JSON value, in document order (members in the order served). */
function leaves(value: PyJson, pointer = ''): [string, PyJson][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${pointer}/${i}`));
  if (isPyObject(value)) {
    return Object.keys(value).flatMap((k) =>
      leaves(value[k] as PyJson, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
  }
  return [[pointer, value]];
}

const sameClaim = (a: { resource: string; field: string }, b: { resource: string; field: string }) =>
  a.resource === b.resource && a.field === b.field;

/**
 * The supported claims of a task, `count` of them when the corpus allows: the key's grounding facts first, then
 * probative fields of the task's own resources with the values the corpus serves (each (resource, field) once, as
 * intake requires distinct triplets).
 */
export function supportedClaims(
  input: TrackScriptInput,
  task: ParsedTask,
  keyTask: ParsedKeyTask,
  count: number,
): { resource: string; field: string; value: PyJson }[] {
  const out = keyTask.grounding.map((g) => ({ resource: g.resource, field: g.field, value: g.value }));
  // Admissibility asks ceil(min / 2) claims on own resources: the grounding facts may sit on common ones.
  const ownShort = Math.ceil(task.min / 2) - out.filter((c) => task.own.includes(c.resource)).length;
  const wanted = Math.min(task.cap, Math.max(count, out.length + ownShort));
  for (const resource of task.own) {
    if (out.length >= wanted) break;
    const body = input.lookup(resource);
    if (body === undefined) continue;
    const collection = collectionOf(resource, input.definition.collections);
    const patterns = collection === undefined ? [] : (input.definition.probative[collection] ?? []);
    for (const [field, value] of leaves(body)) {
      if (out.length >= wanted) break;
      if (field === '' || !isProbative(patterns, field)) continue;
      if (out.some((c) => sameClaim(c, { resource, field }))) continue;
      out.push({ resource, field, value });
    }
  }
  return out;
}

/** A value of the same JSON type that differs from the one served: the claim fails condition 4 (value). */
export function differentValue(value: PyJson): PyJson {
  if (typeof value === 'string') return `${value} (autre)`;
  if (typeof value === 'bigint') return value + 1n;
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (value === null) return 'absent';
  return 'autre';
}

/** The verdict the key gives most often (ties: the first in code-point order), as the best constant answer. */
export function mostFrequentVerdict(key: readonly ParsedKeyTask[]): string {
  const counts = new Map<string, number>();
  for (const k of key) counts.set(k.verdict, (counts.get(k.verdict) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return sorted[0]?.[0] ?? '';
}

function readsOf(submissions: readonly ScriptedTask[]): { resource: string; underFault: boolean }[] {
  const reads: { resource: string; underFault: boolean }[] = [];
  for (const s of submissions)
    for (const c of s.claims) {
      if (!reads.some((r) => r.resource === c.resource && r.underFault === c.readUnderFault))
        reads.push({ resource: c.resource, underFault: c.readUnderFault });
    }
  return reads;
}

/**
 * The script of every demo participant on one track (pure: from the published tasks, the key and the frozen bodies):
 * - reference: every task, the key's verdict, its grounding facts and enough supported claims for the minimum;
 * - careful: the first half of the tasks as the reference answers them (the rest not submitted); on the faulted
 *   track one more claim on its first task, read while the corpus host misses the challenge secret;
 * - overclaims: every task with the key's verdict, every second claim carrying a value the corpus does not serve;
 * - abstains: reads the resources of its first task, submits nothing;
 * - constant: every task with the most frequent verdict and the minimum number of supported claims.
 */
export function scriptTrack(input: TrackScriptInput): ScriptedAgent[] {
  const keyOf = new Map(input.key.map((k) => [k.taskId, k]));
  const paired = input.tasks.flatMap((task) => {
    const k = keyOf.get(task.id);
    return k ? [{ task, key: k }] : [];
  });
  const plain = (claims: { resource: string; field: string; value: PyJson }[]): ScriptedClaim[] =>
    claims.map((c) => ({ ...c, readUnderFault: false }));
  const referenceCount = (task: ParsedTask, k: ParsedKeyTask) =>
    Math.min(task.cap, Math.max(task.min, k.grounding.length));

  const reference: ScriptedTask[] = paired.map(({ task, key }) => ({
    taskId: task.id,
    verdict: key.verdict,
    claims: plain(supportedClaims(input, task, key, referenceCount(task, key))),
  }));

  const careful: ScriptedTask[] = paired.slice(0, Math.ceil(paired.length / 2)).map(({ task, key }, index) => {
    const base = referenceCount(task, key);
    const faulted = input.withFault && index === 0 && base < task.cap;
    const claims = plain(supportedClaims(input, task, key, faulted ? base + 1 : base));
    if (faulted && claims.length > base) (claims[claims.length - 1] as ScriptedClaim).readUnderFault = true;
    return { taskId: task.id, verdict: key.verdict, claims };
  });

  const overclaims: ScriptedTask[] = paired.map(({ task, key }) => ({
    taskId: task.id,
    verdict: key.verdict,
    claims: plain(supportedClaims(input, task, key, referenceCount(task, key))).map((c, i) =>
      i % 2 === 1 ? { ...c, value: differentValue(c.value) } : c,
    ),
  }));

  const constantVerdict = mostFrequentVerdict(input.key);
  const constant: ScriptedTask[] = paired.map(({ task, key }) => ({
    taskId: task.id,
    verdict: constantVerdict,
    claims: plain(supportedClaims(input, task, key, task.min)),
  }));

  const abstainsReads = reference[0] ? readsOf([reference[0]]) : [];
  const scripts: Record<(typeof DEMO_AGENTS)[number], { reads: ScriptedAgent['reads']; submissions: ScriptedTask[] }> =
    {
      reference: { reads: readsOf(reference), submissions: reference },
      careful: { reads: readsOf(careful), submissions: careful },
      overclaims: { reads: readsOf(overclaims), submissions: overclaims },
      abstains: { reads: abstainsReads, submissions: [] },
      constant: { reads: readsOf(constant), submissions: constant },
    };
  return DEMO_AGENTS.map((agent) => ({ agent, name: DEMO_AGENT_NAMES[agent], ...scripts[agent] }));
}
