import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyIdentity } from '../../season-service/trust-layer-identity.ts';
import {
  enroll,
  freezeBothTracks,
  newDidKey,
  startTestService,
  submit,
  type RunningService,
} from './support/season-fixture.ts';
import { validSubmission } from './support/submissions.ts';

// Each API key stands for the DID a test gave it: the service asks this instead of a Trust Layer (none runs here).
const didOfKey = new Map<string, string>();
const identity = async (apiKey: string): Promise<KeyIdentity> => {
  const did = didOfKey.get(apiKey);
  return did === undefined ? { kind: 'not_bound', history: [] } : { kind: 'bound', did, history: [] };
};

let service: RunningService;
const participants: { token: string; did: string; id: string }[] = [];

async function enrollOne(label: string) {
  const did = newDidKey().did;
  const apiKey = `key-${label}-${participants.length}`;
  didOfKey.set(apiKey, did);
  const answer = await enroll(service.url, apiKey, { agent_name: `Agent ${label}`, declared_stack: 'a stack' });
  if (answer.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(answer.json)}`);
  participants.push({ token: answer.json.season_token, did, id: answer.json.participant_id });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Answer = any;

async function activity(
  query: string,
  token: string | null = service.operatorToken,
): Promise<{ status: number; json: Answer }> {
  const answer = await fetch(`${service.url}/v1/season/1/activity${query}`, {
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });
  return { status: answer.status, json: await answer.json() };
}

beforeAll(async () => {
  service = await startTestService('http://127.0.0.1:1', { identity });
  await freezeBothTracks(service);
  await enrollOne('Nord');
  await enrollOne('Sud');
  const [a, b] = participants;
  for (const task of ['conf-01', 'conf-02', 'conf-03'])
    await submit(service.url, a!.token, JSON.stringify(validSubmission('conformite', task, a!.did)));
  await submit(service.url, a!.token, JSON.stringify(validSubmission('conformite', 'conf-01', a!.did, 2)));
  await submit(service.url, b!.token, JSON.stringify(validSubmission('conformite', 'conf-02', b!.did)));
});

afterAll(async () => {
  await service?.stop();
});

describe('GET /v1/season/{n}/activity (docs/season-service.md "Activity")', () => {
  it('is refused without the operator token (401) and with another token (403), as the export is', async () => {
    expect(await activity('', null)).toMatchObject({
      status: 401,
      json: { error: { code: 'OPERATOR_TOKEN_MISSING' } },
    });
    const participantToken = participants[0]!.token;
    expect(await activity('', participantToken)).toMatchObject({
      status: 403,
      json: { error: { code: 'OPERATOR_TOKEN_REFUSED' } },
    });
  });

  it('answers the enrollments and submission versions since the start, without any body, and the next cursor', async () => {
    const { status, json } = await activity('');
    expect(status).toBe(200);
    expect(json).toMatchObject({ season: 1, since: 'e0s0', more: false });
    expect(json.enrollments.map((e: { agent_name: string }) => e.agent_name)).toEqual(['Agent Nord', 'Agent Sud']);
    expect(json.submissions.map((s: { task_id: string; version: number }) => `${s.task_id} v${s.version}`)).toEqual([
      'conf-01 v1',
      'conf-02 v1',
      'conf-03 v1',
      'conf-01 v2',
      'conf-02 v1',
    ]);
    expect(Object.keys(json.submissions[0]).sort()).toEqual([
      'participant_id',
      'received_at',
      'task_id',
      'track',
      'version',
    ]);
    expect(json.next_cursor).toMatch(/^e\d+s\d+$/);
    // Asked again from there: nothing new.
    const again = await activity(`?since=${json.next_cursor}`);
    expect(again.json).toMatchObject({ enrollments: [], submissions: [], more: false, next_cursor: json.next_cursor });
  });

  it('pages by the cursor: a full page says more, and the pages together hold every row once, in order', async () => {
    const seen: string[] = [];
    let cursor = 'e0s0';
    for (let page = 0; page < 10; page++) {
      const { json } = await activity(`?since=${cursor}&limit=2`);
      expect(json.submissions.length).toBeLessThanOrEqual(2);
      seen.push(...json.submissions.map((s: { task_id: string; version: number }) => `${s.task_id} v${s.version}`));
      cursor = json.next_cursor;
      if (!json.more) break;
    }
    expect(seen).toEqual(['conf-01 v1', 'conf-02 v1', 'conf-03 v1', 'conf-01 v2', 'conf-02 v1']);
    const after = await activity(`?since=${cursor}`);
    expect(after.json.submissions).toEqual([]);
    await submit(
      service.url,
      participants[1]!.token,
      JSON.stringify(validSubmission('conformite', 'conf-04', participants[1]!.did)),
    );
    const fresh = await activity(`?since=${cursor}`);
    expect(fresh.json.submissions).toMatchObject([
      { participant_id: participants[1]!.id, task_id: 'conf-04', version: 1 },
    ]);
  });

  it('counts the submissions refused at intake per code, and nothing before a participant is recognised', async () => {
    const before = (await activity('')).json.refusals;
    const { token, did } = participants[0]!;
    const wrongDid = validSubmission('conformite', 'conf-01', newDidKey().did);
    const refused = await submit(service.url, token, JSON.stringify(wrongDid));
    expect(refused.status).toBe(422);
    await submit(service.url, token, '{"season": 1,');
    await submit(service.url, token, '{"season": 1,');
    // A token the service does not know is refused before intake: not a participant's refusal, not counted.
    await submit(service.url, 'not-a-season-token', JSON.stringify(validSubmission('conformite', 'conf-01', did)));
    const after = (await activity('')).json.refusals;
    expect(after.total - before.total).toBe(3);
    const codes = Object.keys(after.by_code);
    expect(codes).toContain(refused.json.error.code);
    expect(codes.every((c) => /^[A-Z][A-Z0-9_]+$/.test(c))).toBe(true);
    expect(Object.values(after.by_code).reduce((s: number, n) => s + (n as number), 0)).toBe(after.total);
  });

  it('refuses a cursor it did not give and a limit out of range with their codes', async () => {
    expect(await activity('?since=42')).toMatchObject({
      status: 400,
      json: { error: { code: 'ACTIVITY_CURSOR_INVALID' } },
    });
    expect(await activity('?limit=0')).toMatchObject({
      status: 400,
      json: { error: { code: 'ACTIVITY_LIMIT_INVALID' } },
    });
    expect(await activity('?limit=5000')).toMatchObject({
      status: 400,
      json: { error: { code: 'ACTIVITY_LIMIT_INVALID' } },
    });
  });
});
