import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityLookup } from '../../season-service/trust-layer-identity.ts';
import {
  enroll,
  exportLines,
  freezeBothTracks,
  newDidKey,
  startTestService,
  submit,
  type RunningService,
} from './support/season-fixture.ts';
import { validSubmission } from './support/submissions.ts';

// The Trust Layer as the season service asks it (the identity port), answered here: a key it knows is bound to its
// own DID; one it refuses; and one asked while it is down. The route under test is the real service's.
const REFUSED = `ak_refused_${randomBytes(8).toString('hex')}`;
const DOWN = `ak_down_${randomBytes(8).toString('hex')}`;
const dids = new Map<string, string>();
const identity: IdentityLookup = async (apiKey) => {
  if (apiKey === REFUSED) return { kind: 'key_refused', status: 401 };
  if (apiKey === DOWN) return { kind: 'unreachable', detail: 'ECONNREFUSED' };
  if (!dids.has(apiKey)) dids.set(apiKey, newDidKey().did);
  return { kind: 'bound', did: dids.get(apiKey)!, history: [] };
};
const newKey = () => `ak_test_${randomBytes(12).toString('hex')}`;

let service: RunningService;

beforeAll(async () => {
  service = await startTestService('http://127.0.0.1:9', { identity, limits: { enrollPerKeyPerHour: 3 } });
  await freezeBothTracks(service);
});

afterAll(async () => {
  await service?.stop();
});

async function newToken(apiKey: string | null, headers: Record<string, string> = {}) {
  const answer = await fetch(`${service.url}/v1/season/1/token`, {
    method: 'POST',
    headers: { ...(apiKey === null ? {} : { 'X-Api-Key': apiKey }), ...headers },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts the fields it depends on
  return { status: answer.status, headers: answer.headers, json: (await answer.json()) as Record<string, any> };
}

const submission = (apiKey: string) => JSON.stringify(validSubmission('conformite', 'conf-01', dids.get(apiKey)!));

describe('POST /v1/season/{n}/token: a season token lost with its enrollment answer', () => {
  it('an enrollment whose answer was lost: enrolling again is 409 naming the way back, and the token route gives a working token', async () => {
    const key = newKey();
    const lost = await enroll(service.url, key);
    expect(lost.status).toBe(201);
    const again = await enroll(service.url, key);
    expect([again.status, again.json.error.code]).toEqual([409, 'ENROLL_KEY_ALREADY_ENROLLED']);
    expect(again.json.error.message).toContain('POST /v1/season/1/token');

    const issued = await newToken(key);
    expect(issued.status).toBe(200);
    expect(issued.json).toEqual({
      participant_id: lost.json.participant_id,
      did: lost.json.did,
      season_token: expect.stringMatching(/^sst_[A-Za-z0-9_-]{43}$/),
    });
    expect(issued.json.season_token).not.toBe(lost.json.season_token);
    expect((await submit(service.url, issued.json.season_token, submission(key))).status).toBe(200);
    // Still one participant: the export has one enrollment line for it, and the submission under its id.
    const exported = await exportLines(service);
    const id = lost.json.participant_id as string;
    expect(exported.enrollments.filter((e) => e.enrollment.participant_id === id)).toHaveLength(1);
    expect(exported.lines.filter((l) => JSON.stringify(l).includes(id))).toHaveLength(1);
  });

  it('a token issued again ends the earlier one: the enrollment’s and every earlier reissue are 401 SEASON_TOKEN_REFUSED', async () => {
    const key = newKey();
    const enrolled = await enroll(service.url, key);
    const first = await newToken(key);
    const second = await newToken(key);
    for (const old of [enrolled.json.season_token, first.json.season_token]) {
      const refused = await submit(service.url, old, submission(key));
      expect([refused.status, refused.json.error.code]).toEqual([401, 'SEASON_TOKEN_REFUSED']);
    }
    expect((await submit(service.url, second.json.season_token, submission(key))).status).toBe(200);
  });

  it('a key that never enrolled gets 404 TOKEN_NOT_ENROLLED, and no token; another participant’s token is untouched', async () => {
    const other = newKey();
    const enrolled = await enroll(service.url, other);
    const stranger = await newToken(newKey());
    expect([stranger.status, stranger.json.error.code]).toEqual([404, 'TOKEN_NOT_ENROLLED']);
    expect(stranger.json.season_token).toBeUndefined();
    expect((await submit(service.url, enrolled.json.season_token, submission(other))).status).toBe(200);
  });

  it('no key is 401 TOKEN_API_KEY_MISSING, a key the Trust Layer refuses 401 TOKEN_API_KEY_REFUSED, a Trust Layer down 503 TOKEN_TRUST_LAYER_UNAVAILABLE', async () => {
    expect((await newToken(null)).json.error.code).toBe('TOKEN_API_KEY_MISSING');
    expect((await newToken('short')).json.error.code).toBe('TOKEN_API_KEY_MISSING');
    const refused = await newToken(REFUSED);
    expect([refused.status, refused.json.error.code]).toEqual([401, 'TOKEN_API_KEY_REFUSED']);
    const down = await newToken(DOWN);
    expect([down.status, down.json.error.code]).toEqual([503, 'TOKEN_TRUST_LAYER_UNAVAILABLE']);
  });

  it('a stolen key asking for tokens in a loop is stopped by the enrollment budget of the key: 429 TOKEN_RATE_LIMITED with Retry-After, the token in force unchanged', async () => {
    const key = newKey();
    await enroll(service.url, key);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await newToken(key));
    // The key's budget (3 an hour here) counts its enrollment: two tokens, then refusals.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429]);
    const limited = answers[2]!;
    expect(limited.json.error.code).toBe('TOKEN_RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const kept = answers[1]!;
    expect((await submit(service.url, kept.json.season_token, submission(key))).status).toBe(200);
  });
});
