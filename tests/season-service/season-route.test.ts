import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import {
  boundKey,
  CLOSES_AT,
  DURING,
  enroll,
  freezeBothTracks,
  freezeDocument,
  OPENS_AT,
  postFreeze,
  SEASON_DIR,
  startTestService,
  TestClock,
  type RunningService,
} from './support/season-fixture.ts';

let dir: string;
let devnet: Devnet;
let service: RunningService;
const clock = new TestClock(new Date(Date.parse(OPENS_AT) - 60_000));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'season-route-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  service = await startTestService(devnet.info.trust_layer, { clock });
}, 60_000);

afterAll(async () => {
  await service?.stop();
  await devnet?.close();
  rmSync(dir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
const seasonState = async (url: string, path = '/v1/season/1'): Promise<{ status: number; json: any }> => {
  const answer = await fetch(`${url}${path}`);
  return { status: answer.status, json: await answer.json() };
};

const LAST_SAFE = '2026-10-29T07:50:00.000Z';
const window = (state: string) => ({
  state,
  opens_at: OPENS_AT,
  closes_at: CLOSES_AT,
  last_safe_call_at: LAST_SAFE,
});

describe('GET /v1/season/{n}: the season state for participants', () => {
  it('before any freeze every track is not_frozen with no times; no token is needed and the receipt key is named', async () => {
    const answer = await seasonState(service.url);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(['season', 'now', 'tracks', 'receipt_public_key', 'notices']);
    const none = { state: 'not_frozen', opens_at: null, closes_at: null, last_safe_call_at: null };
    expect(answer.json).toEqual({
      season: 1,
      now: clock.current.toISOString(),
      tracks: { conformite: none, generique: none },
      receipt_public_key: service.receiptPublicKey,
      notices: [],
    });
  });

  it('a frozen track is frozen until its opening, open from it, closed from its close; the last safe call is 10 minutes before the close', async () => {
    await freezeBothTracks(service);
    expect((await seasonState(service.url)).json.tracks.conformite).toEqual(window('frozen'));
    clock.current = new Date(OPENS_AT);
    expect((await seasonState(service.url)).json.tracks).toEqual({
      conformite: window('open'),
      generique: window('open'),
    });
    clock.current = new Date(Date.parse(CLOSES_AT) - 1);
    expect((await seasonState(service.url)).json.tracks.generique.state).toBe('open');
    clock.current = new Date(CLOSES_AT);
    const closed = await seasonState(service.url);
    expect(closed.json.tracks.generique).toEqual(window('closed'));
    expect(closed.json.now).toBe(CLOSES_AT);
    clock.current = DURING;
  });

  it('enrollment (201) and the tasks (200) carry the same tracks block as GET /v1/season/{n}', async () => {
    const key = await boundKey(devnet.info.trust_layer, 'season-state');
    const enrolled = await enroll(service.url, key.apiKey);
    expect(enrolled.status).toBe(201);
    const tasks = await fetch(`${service.url}/v1/season/1/tasks`);
    expect(tasks.status).toBe(200);
    const expected = (await seasonState(service.url)).json.tracks;
    expect(expected.conformite).toEqual(window('open'));
    expect(enrolled.json.tracks).toEqual(expected);
    expect(((await tasks.json()) as { tracks: unknown }).tracks).toEqual(expected);
  });

  it('each track has its own state: one frozen, the other still not_frozen with every time null', async () => {
    const other = await startTestService(devnet.info.trust_layer, { clock: new TestClock(DURING) });
    try {
      expect((await postFreeze(other, freezeDocument('conformite'))).status).toBe(200);
      expect((await seasonState(other.url)).json.tracks).toEqual({
        conformite: window('open'),
        generique: { state: 'not_frozen', opens_at: null, closes_at: null, last_safe_call_at: null },
      });
    } finally {
      await other.stop();
    }
  });

  it("last_safe_call_at follows the service's Trust Layer batch age", async () => {
    const other = await startTestService(devnet.info.trust_layer, { limits: { trustLayerBatchAgeSeconds: 90 } });
    try {
      await freezeBothTracks(other);
      expect((await seasonState(other.url)).json.tracks.conformite.last_safe_call_at).toBe('2026-10-29T07:58:30.000Z');
    } finally {
      await other.stop();
    }
  });

  it('another season is 404 SEASON_UNKNOWN; another method is 405 METHOD_NOT_ALLOWED', async () => {
    const unknown = await seasonState(service.url, '/v1/season/2');
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'SEASON_UNKNOWN']);
    const posted = await fetch(`${service.url}/v1/season/1`, { method: 'POST', body: '{}' });
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET']);
  });
});
