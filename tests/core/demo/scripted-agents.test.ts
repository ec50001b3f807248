import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS_DIR } from '../../../devnet/season/demo-corpus.ts';
import { loadCorpus } from '../../../main/core/corpus/load-corpus.ts';
import { parseKey, parseTasks } from '../../../main/core/corpus/parse-tasks-and-key.ts';
import { Problems } from '../../../main/core/corpus/problems.ts';
import { TRACKS } from '../../../main/core/corpus/tracks.ts';
import type { CorpusTree } from '../../../main/core/corpus/tree.ts';
import { differentValue, mostFrequentVerdict, scriptTrack } from '../../../main/core/demo/scripted-agents.ts';
import { canonical } from '../../../main/core/json/canonical.ts';

function treeOf(dir: string, prefix = ''): CorpusTree {
  const tree: CorpusTree = new Map();
  for (const name of readdirSync(join(dir, prefix))) {
    const rel = prefix === '' ? name : `${prefix}/${name}`;
    if (statSync(join(dir, rel)).isDirectory()) for (const [k, v] of treeOf(dir, rel)) tree.set(k, v);
    else tree.set(rel, new Uint8Array(readFileSync(join(dir, rel))));
  }
  return tree;
}

function script(track: 'conformite' | 'generique', withFault: boolean) {
  const problems = new Problems();
  const corpus = loadCorpus(treeOf(join(DEFAULT_CORPUS_DIR, track)), problems);
  const tasks = parseTasks(corpus.tasks, problems);
  const key = parseKey(corpus.key, problems);
  expect(problems.list).toEqual([]);
  const agents = scriptTrack({
    definition: TRACKS[track]!,
    tasks,
    key,
    lookup: (p) => corpus.bodies.get(p)?.value,
    withFault,
  });
  return { agents, tasks, key };
}

describe('the demo season script (pure)', () => {
  it('every submission stays within its task bounds, with distinct claims, each read before it is cited', () => {
    for (const track of ['conformite', 'generique'] as const) {
      const { agents, tasks } = script(track, track === 'conformite');
      const taskOf = new Map(tasks.map((t) => [t.id, t]));
      for (const agent of agents) {
        for (const s of agent.submissions) {
          const task = taskOf.get(s.taskId)!;
          expect(s.claims.length, `${agent.agent} ${s.taskId}`).toBeGreaterThanOrEqual(task.min);
          expect(s.claims.length, `${agent.agent} ${s.taskId}`).toBeLessThanOrEqual(task.cap);
          const triplets = s.claims.map((c) => `${c.resource} ${c.field} ${canonical(c.value)}`);
          expect(new Set(triplets).size).toBe(triplets.length);
          for (const c of s.claims)
            expect(agent.reads).toContainEqual({ resource: c.resource, underFault: c.readUnderFault });
        }
      }
    }
  });

  it('the same inputs give the same script (no randomness, no clock)', () => {
    const one = script('generique', false).agents;
    const two = script('generique', false).agents;
    expect(JSON.stringify(one, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(
      JSON.stringify(two, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
    );
  });

  it('exactly one read under the instrument fault, on the faulted track only, by the careful agent', () => {
    const faulted = script('conformite', true).agents.flatMap((a) =>
      a.reads.filter((r) => r.underFault).map(() => a.agent),
    );
    expect(faulted).toEqual(['careful']);
    expect(script('generique', false).agents.flatMap((a) => a.reads.filter((r) => r.underFault))).toEqual([]);
  });

  it('the abstaining agent reads but submits nothing; the constant agent gives one verdict everywhere', () => {
    const { agents, key } = script('conformite', false);
    const abstains = agents.find((a) => a.agent === 'abstains')!;
    expect(abstains.submissions).toEqual([]);
    expect(abstains.reads.length).toBeGreaterThan(0);
    const constant = agents.find((a) => a.agent === 'constant')!;
    expect(new Set(constant.submissions.map((s) => s.verdict))).toEqual(new Set([mostFrequentVerdict(key)]));
  });

  it('a different value keeps the JSON type: strings, ints, floats, booleans', () => {
    expect(differentValue('a')).toBe('a (autre)');
    expect(differentValue(2n)).toBe(3n);
    expect(differentValue(1.5)).toBe(2.5);
    expect(differentValue(true)).toBe(false);
  });
});
