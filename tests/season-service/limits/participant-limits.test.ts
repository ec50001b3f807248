import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../../devnet/start-devnet.ts';
import { submissionVersionCount } from '../../../main/db/season-service/submissions.ts';
import type { ServiceLimits } from '../../../season-service/limits/service-limits.ts';
import {
  boundKey,
  enroll,
  exportLines,
  freezeBothTracks,
  fromAddress,
  SEASON_DIR,
  startTestService,
  submit,
  type RunningService,
} from '../support/season-fixture.ts';
import { validSubmission } from '../support/submissions.ts';

// What one participant can take from what every participant shares (docs/season-service.md "Durability and limits"),
// over real HTTP against a real Trust Layer (the devnet's) and a real SQLite file.
let dir: string;
let devnet: Devnet;
const services: RunningService[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'participant-limits-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
}, 60_000);

afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
  await devnet?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openService(limits: Partial<ServiceLimits>, trustedProxies?: string[]): Promise<RunningService> {
  const service = await startTestService(devnet.info.trust_layer, {
    limits,
    ...(trustedProxies ? { trustedProxies } : {}),
  });
  services.push(service);
  await freezeBothTracks(service);
  return service;
}

async function participant(service: RunningService, label: string) {
  const key = await boundKey(devnet.info.trust_layer, label);
  const enrolled = await enroll(service.url, key.apiKey);
  if (enrolled.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(enrolled.json)}`);
  return { token: enrolled.json.season_token as string, did: key.did, id: enrolled.json.participant_id as string };
}

const versionsOf = (service: RunningService, participantId: string) =>
  service.db.prepare('SELECT COUNT(*) FROM submissions WHERE participant_id = ?').pluck().get(participantId);

const valid = (did: string, taskId = 'conf-01', version = 1) =>
  JSON.stringify(validSubmission('conformite', taskId, did, version));

/** POST /enroll from a chosen source address, with extra headers (X-Forwarded-For). */
async function enrollFrom(
  service: RunningService,
  address: string,
  apiKey: string | null,
  options: { body?: string; headers?: Record<string, string> } = {},
) {
  const answer = await request(`${service.url}/v1/season/1/enroll`, {
    method: 'POST',
    headers: { ...(apiKey === null ? {} : { 'X-Api-Key': apiKey }), ...options.headers },
    body: options.body ?? JSON.stringify({ agent_name: 'Agent Sud', declared_stack: 'a stack' }),
    dispatcher: fromAddress(address),
  });
  const json = (await answer.body.json()) as { error?: { code: string; message: string } };
  return { status: answer.statusCode, code: json.error?.code, headers: answer.headers };
}

/** A well-formed API key the Trust Layer does not know: a real attempt, refused 401 ENROLL_API_KEY_REFUSED. */
let unknownKeys = 0;
const unknownKey = () => `mcp_free_${String(unknownKeys++).padStart(48, '0')}`;

describe('storage per participant', () => {
  it('past the versions a task keeps, a replacement is 409 SUBMIT_VERSIONS_EXHAUSTED: nothing recorded, the last version stays in force, other tasks still take', async () => {
    const service = await openService({ versionsPerTask: 3 });
    const own = await participant(service, 'versions');
    const statuses = [];
    for (let v = 1; v <= 4; v++)
      statuses.push((await submit(service.url, own.token, valid(own.did, 'conf-01', v))).status);
    const refused = await submit(service.url, own.token, valid(own.did, 'conf-01', 5));
    expect([...statuses, refused.status]).toEqual([200, 200, 200, 409, 409]);
    expect(refused.json.error.code).toBe('SUBMIT_VERSIONS_EXHAUSTED');
    expect(refused.json.error.message).toMatch(/3 versions.*stays in force/);
    expect(versionsOf(service, own.id)).toBe(3);
    const line = (await exportLines(service)).lines.find((l) => l.participant_id === own.id);
    expect(line?.submission.narrative).toBe('version 3');
    expect((await submit(service.url, own.token, valid(own.did, 'conf-02'))).status).toBe(200);
  });

  it('bodies padded with whitespace reach the bytes bound: 413 SUBMIT_STORAGE_EXHAUSTED, nothing recorded, and a submission that fits in what is left still takes', async () => {
    const service = await openService({ participantStoredBytes: 64 * 1024 });
    const own = await participant(service, 'padder');
    const other = await participant(service, 'neighbour');
    const padded = (v: number) => valid(own.did, 'conf-01', v) + ' '.repeat(30 * 1024);
    expect((await submit(service.url, own.token, padded(1))).status).toBe(200);
    expect((await submit(service.url, own.token, padded(2))).status).toBe(200);
    const refused = await submit(service.url, own.token, padded(3));
    expect([refused.status, refused.json.error.code]).toEqual([413, 'SUBMIT_STORAGE_EXHAUSTED']);
    expect(refused.json.error.message).toMatch(/of the 65536 bytes.*submissions in force stand/);
    expect(versionsOf(service, own.id)).toBe(2);
    const line = (await exportLines(service)).lines.find((l) => l.participant_id === own.id);
    expect(line?.submission.narrative).toBe('version 2');
    // A real submission is a few KiB: it fits in what is left, and the neighbour's bound is its own.
    expect((await submit(service.url, own.token, valid(own.did, 'conf-02'))).status).toBe(200);
    expect((await submit(service.url, other.token, padded(1).replace(own.did, other.did))).status).toBe(200);
  });

  it('concurrent submissions cannot pass a bound together: of 20 at once, exactly the bound is recorded', async () => {
    const service = await openService({ versionsPerTask: 5, participantStoredBytes: 3 * 20 * 1024 + 10 * 1024 });
    const own = await participant(service, 'racer');
    const sameTask = await Promise.all(
      Array.from({ length: 20 }, (_, v) => submit(service.url, own.token, valid(own.did, 'conf-01', v + 1))),
    );
    expect(sameTask.filter((a) => a.status === 200)).toHaveLength(5);
    expect(sameTask.filter((a) => a.json.error?.code === 'SUBMIT_VERSIONS_EXHAUSTED')).toHaveLength(15);
    expect(versionsOf(service, own.id)).toBe(5);
    // Bytes: what is left after five small versions holds three 20 KiB bodies, not four.
    const padded = (i: number) => valid(own.did, `conf-0${2 + (i % 8)}`, i) + ' '.repeat(20 * 1024);
    const big = await Promise.all(Array.from({ length: 12 }, (_, i) => submit(service.url, own.token, padded(i))));
    expect(big.filter((a) => a.status === 200)).toHaveLength(3);
    expect(big.filter((a) => a.json.error?.code === 'SUBMIT_STORAGE_EXHAUSTED')).toHaveLength(9);
    expect(versionsOf(service, own.id)).toBe(8);
  });
});

describe('a flood of submissions on one token', () => {
  it('is 429 SUBMIT_RATE_LIMITED with Retry-After past the burst, and another participant submitting meanwhile is unaffected', async () => {
    // One token a minute: nothing refills while the flood lasts, so exactly the burst is taken.
    const service = await openService({ submitBurst: 5, submitPerMinute: 1 });
    const flooder = await participant(service, 'flooder');
    const other = await participant(service, 'bystander');
    const before = submissionVersionCount(service.db);
    const [flood, others] = await Promise.all([
      Promise.all(
        Array.from({ length: 40 }, (_, v) => submit(service.url, flooder.token, valid(flooder.did, 'conf-01', v))),
      ),
      Promise.all(
        Array.from({ length: 5 }, (_, i) => submit(service.url, other.token, valid(other.did, `conf-0${i + 1}`))),
      ),
    ]);
    expect(flood.filter((a) => a.status === 200)).toHaveLength(5);
    const limited = flood.filter((a) => a.status === 429);
    expect(limited).toHaveLength(35);
    for (const answer of limited) {
      expect(answer.json.error.code).toBe('SUBMIT_RATE_LIMITED');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(others.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(submissionVersionCount(service.db) - before).toBe(5 + 5);
  });
});

describe('enrollment budgets count real attempts only', () => {
  it('20 calls without an API key and 20 bodies intake refuses take nothing: the next real enrollment from that address is 201', async () => {
    const service = await openService({ enrollPerIpPerHour: 2 });
    for (let i = 0; i < 20; i++)
      expect((await enrollFrom(service, '127.0.0.31', null)).code).toBe('ENROLL_API_KEY_MISSING');
    const key = await boundKey(devnet.info.trust_layer, 'patient');
    for (let i = 0; i < 20; i++) {
      const refused = await enrollFrom(service, '127.0.0.31', key.apiKey, { body: '{"agent_name": "A"}' });
      expect([refused.status, refused.code]).toEqual([422, 'ENROLL_MISSING_KEY']);
    }
    expect((await enrollFrom(service, '127.0.0.31', key.apiKey)).status).toBe(201);
  });

  it('one key retrying is refused on its own budget (429 ENROLL_RATE_LIMITED) before it uses up its address; the address budget still holds for the others', async () => {
    const service = await openService({ enrollPerIpPerHour: 3, enrollPerKeyPerHour: 2 });
    const retried = unknownKey();
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await enrollFrom(service, '127.0.0.32', retried));
    expect(attempts.map((a) => [a.status, a.code])).toEqual([
      [401, 'ENROLL_API_KEY_REFUSED'],
      [401, 'ENROLL_API_KEY_REFUSED'],
      [429, 'ENROLL_RATE_LIMITED'],
      [429, 'ENROLL_RATE_LIMITED'],
    ]);
    expect(Number(attempts[2]!.headers['retry-after'])).toBeGreaterThan(0);
    // Two of the address's three attempts went to that key; the third is a neighbour's, the fourth is over.
    const neighbour = await boundKey(devnet.info.trust_layer, 'neighbour');
    expect((await enrollFrom(service, '127.0.0.32', neighbour.apiKey)).status).toBe(201);
    const over = await enrollFrom(service, '127.0.0.32', unknownKey());
    expect([over.status, over.code]).toEqual([429, 'ENROLL_RATE_LIMITED']);
  });

  it('behind a trusted proxy each client has its own address budget (X-Forwarded-For), and the header from any other peer changes nothing', async () => {
    const service = await openService({ enrollPerIpPerHour: 1 }, ['127.0.0.40']);
    const viaProxy = (client: string) =>
      enrollFrom(service, '127.0.0.40', unknownKey(), { headers: { 'X-Forwarded-For': `192.0.2.1, ${client}` } });
    expect((await viaProxy('198.51.100.1')).code).toBe('ENROLL_API_KEY_REFUSED');
    expect((await viaProxy('198.51.100.2')).code).toBe('ENROLL_API_KEY_REFUSED');
    expect((await viaProxy('198.51.100.1')).code).toBe('ENROLL_RATE_LIMITED');
    // A participant connecting directly cannot pick the address it is counted under.
    const direct = (forwarded: string) =>
      enrollFrom(service, '127.0.0.41', unknownKey(), { headers: { 'X-Forwarded-For': forwarded } });
    expect((await direct('198.51.100.3')).code).toBe('ENROLL_API_KEY_REFUSED');
    expect((await direct('198.51.100.4')).code).toBe('ENROLL_RATE_LIMITED');
  });
});
