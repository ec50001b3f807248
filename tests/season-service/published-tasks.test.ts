import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import {
  boundKey,
  enroll,
  freezeBothTracks,
  SEASON_DIR,
  startTestService,
  type RunningService,
} from './support/season-fixture.ts';

interface TaskOnDisk {
  id: string;
  prompt: string;
  target: Record<string, string>;
  graph: string[];
  own_resources: string[];
}

const TRACKS = ['conformite', 'generique'];
const onDisk = (track: string) =>
  (JSON.parse(readFileSync(join(SEASON_DIR, track, 'tasks.json'), 'utf8')) as { tasks: TaskOnDisk[] }).tasks;

let dir: string;
let devnet: Devnet;
let service: RunningService;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
let answers: { where: string; tasks: any[] }[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'published-tasks-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  service = await startTestService(devnet.info.trust_layer);
  await freezeBothTracks(service);
  const key = await boundKey(devnet.info.trust_layer, 'reader');
  const enrolled = await enroll(service.url, key.apiKey);
  if (enrolled.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(enrolled.json)}`);
  const listed = (await (await fetch(`${service.url}/v1/season/1/tasks`)).json()) as { tasks: unknown[] };
  answers = [
    { where: 'POST /enroll', tasks: enrolled.json.tasks },
    { where: 'GET /tasks', tasks: listed.tasks },
  ];
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `path` as a whole resource path inside `text` (not the start of a longer one: page-1 is not page-10). */
const names = (text: string, path: string) =>
  new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9/_-])`).test(text);

describe('tasks as participants receive them (spec §4: the task graph is scorer data)', () => {
  it('carry track, id, prompt, target, min_assertions and cap_assertions only, in this order, at enrollment and GET /tasks', () => {
    for (const { where, tasks } of answers) {
      expect([where, tasks.length]).toEqual([where, 20]);
      for (const task of tasks) {
        expect([where, Object.keys(task)]).toEqual([
          where,
          ['track', 'id', 'prompt', 'target', 'min_assertions', 'cap_assertions'],
        ]);
        const published = onDisk(task.track).find((t) => t.id === task.id)!;
        expect(task).toMatchObject({ prompt: published.prompt, target: published.target });
      }
    }
  });

  it('no task answer names a graph path the prompt does not name (every task of both tracks)', () => {
    let hidden = 0;
    for (const track of TRACKS) {
      const graphPaths = [...new Set(onDisk(track).flatMap((t) => [...t.graph, ...t.own_resources]))];
      for (const { where, tasks } of answers) {
        for (const task of tasks.filter((t) => t.track === track)) {
          const text = JSON.stringify(task);
          const allowed = [task.prompt as string, ...Object.values(task.target as Record<string, string>)];
          for (const path of graphPaths) {
            if (allowed.some((a) => names(a, path))) continue;
            hidden++;
            expect([where, task.id, path, names(text, path)]).toEqual([where, task.id, path, false]);
          }
        }
      }
    }
    // The check has something to find: most of each graph (licences, riders, next pages) is not in any prompt.
    expect(hidden).toBeGreaterThan(100);
  });
});
