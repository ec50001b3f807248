import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DURING,
  enroll,
  freezeBothTracks,
  newDidKey,
  startTestService,
  stoppedAfterEach,
  boundToOneDid,
} from '../support/season-fixture.ts';
import { raw } from '../support/raw-client.ts';
import { validSubmission } from '../support/submissions.ts';

// docs/season-service.md "Operations": one JSON line per request, with what the operator needs and nothing a request
// carried.
const running = stoppedAfterEach();
const did = newDidKey().did;
const bound = boundToOneDid(did);

async function loggedService(trustedProxies?: string[]) {
  const lines: string[] = [];
  const service = await startTestService('http://127.0.0.1:1', {
    identity: bound,
    requestLog: (line) => lines.push(line),
    ...(trustedProxies ? { trustedProxies } : {}),
  });
  running.push(service);
  await freezeBothTracks(service);
  return { service, lines };
}

function submitFrom(url: string, token: string, body: string, forwardedFor: string) {
  return fetch(`${url}/v1/season/1/submit`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': forwardedFor },
    body,
  });
}

describe('season service request log', () => {
  it('writes one JSON line per request: time, method, route template, status, code, duration, the client a trusted proxy names', async () => {
    const { service, lines } = await loggedService(['127.0.0.1']);
    const apiKey = randomBytes(24).toString('hex');
    const enrolled = await enroll(service.url, apiKey);
    const token = enrolled.json.season_token as string;
    const body = JSON.stringify(validSubmission('conformite', 'conf-01', did));
    expect((await submitFrom(service.url, token, body, '198.51.100.1, 203.0.113.7')).status).toBe(200);
    expect((await submitFrom(service.url, 'sst_not-a-token', body, '203.0.113.8')).status).toBe(401);
    const probe = `/v1/season/1/${randomBytes(6).toString('hex')}`;
    expect((await fetch(`${service.url}${probe}`)).status).toBe(404);

    // Two freezes, the enrollment, two submissions, the probe.
    expect(lines).toHaveLength(6);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of logged) {
      expect(Object.keys(line)).toEqual(['time', 'method', 'route', 'status', 'code', 'duration_ms', 'client']);
      expect(line['time']).toBe(DURING.toISOString());
      expect(line['duration_ms']).toBeGreaterThan(0);
    }
    expect(
      logged.slice(2).map(({ method, route, status, code, client }) => ({ method, route, status, code, client })),
    ).toEqual([
      { method: 'POST', route: '/v1/season/{n}/enroll', status: 201, code: null, client: '127.0.0.1' },
      // The right-most address the trusted proxy added, never the one the client wrote to its left.
      { method: 'POST', route: '/v1/season/{n}/submit', status: 200, code: null, client: '203.0.113.7' },
      {
        method: 'POST',
        route: '/v1/season/{n}/submit',
        status: 401,
        code: 'SEASON_TOKEN_REFUSED',
        client: '203.0.113.8',
      },
      { method: 'GET', route: 'unmatched', status: 404, code: 'NOT_FOUND', client: '127.0.0.1' },
    ]);
    const text = lines.join('');
    for (const secret of [token, 'sst_not-a-token', apiKey, did, service.challengeSecret, probe.slice(-12)]) {
      expect(text).not.toContain(secret);
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: the socket address is logged', async () => {
    const { service, lines } = await loggedService();
    await submitFrom(service.url, 'sst_unknown', '{}', '203.0.113.9');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ status: 401, client: '127.0.0.1' });
  });

  it('logs a request the HTTP parser refused as route unparsed, with its code and no method or duration', async () => {
    const { service, lines } = await loggedService();
    const client = raw(service.url);
    client.socket.write('GET /v1/health HTTP/1.1\r\nHost: season\r\nBad Header\r\n\r\n');
    await client.closed;
    expect(JSON.parse(lines.at(-1)!)).toEqual({
      time: DURING.toISOString(),
      method: null,
      route: 'unparsed',
      status: 400,
      code: 'BAD_REQUEST',
      duration_ms: null,
      client: '127.0.0.1',
    });
  });
});
