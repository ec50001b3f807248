import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { submissionVersionCount } from '../../main/db/season-service/submissions.ts';
import {
  boundKey,
  enroll,
  exportLines,
  freezeBothTracks,
  SEASON_DIR,
  startTestService,
  submit,
  type RunningService,
} from './support/season-fixture.ts';
import { validSubmission } from './support/submissions.ts';

const CLIENTS = 50;
const TASKS = Array.from({ length: 10 }, (_, i) => `conf-${String(i + 1).padStart(2, '0')}`);
const VERSIONS = 3;

let dir: string;
let devnet: Devnet;
let service: RunningService;
const clients: { token: string; did: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'season-concurrency-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  // The rate limits are not under test here: every one of the 1,500 submissions must be taken.
  service = await startTestService(devnet.info.trust_layer, {
    limits: { submitBurst: 1_000, submitPerMinute: 100_000 },
  });
  await freezeBothTracks(service);
  for (let i = 0; i < CLIENTS; i++) {
    const key = await boundKey(devnet.info.trust_layer, `client-${i}`);
    const enrolled = await enroll(service.url, key.apiKey, { agent_name: `Agent ${i}`, declared_stack: 'bench' });
    if (enrolled.status !== 201) throw new Error(`enrollment ${i} refused: ${JSON.stringify(enrolled.json.error)}`);
    clients.push({ token: enrolled.json.season_token, did: key.did });
  }
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await devnet?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('concurrent submissions (group commit under load)', () => {
  it('50 clients × 10 tasks × 3 versions at once: every version is recorded, and the last acknowledged one is in force', async () => {
    // Each (client, task) chain sends its versions in order, awaiting each answer; all 500 chains run at once.
    const chains = clients.flatMap((client) =>
      TASKS.map(async (taskId) => {
        const answers = [];
        for (let version = 1; version <= VERSIONS; version++) {
          const body = JSON.stringify(validSubmission('conformite', taskId, client.did, version));
          answers.push(await submit(service.url, client.token, body));
        }
        return { client, taskId, answers };
      }),
    );
    const results = await Promise.all(chains);

    for (const { answers } of results) {
      expect(answers.map((a) => [a.status, a.json.recorded, a.json.replaces_previous])).toEqual([
        [200, true, false],
        [200, true, true],
        [200, true, true],
      ]);
    }
    expect(submissionVersionCount(service.db)).toBe(CLIENTS * TASKS.length * VERSIONS);

    const exported = await exportLines(service);
    expect(exported.status).toBe(200);
    expect(exported.lines).toHaveLength(CLIENTS * TASKS.length);
    const byPair = new Map<string, (typeof exported.lines)[number]>();
    for (const line of exported.lines) {
      const pair = `${line.enrolled_did} ${line.submission.task_id}`;
      expect(byPair.has(pair)).toBe(false);
      byPair.set(pair, line);
    }
    for (const { client, taskId, answers } of results) {
      const line = byPair.get(`${client.did} ${taskId}`);
      expect(line?.submission.narrative).toBe(`version ${VERSIONS}`);
      expect(line?.submission_sha256).toBe(answers[VERSIONS - 1]!.json.submission_sha256);
    }
  }, 120_000);
});
