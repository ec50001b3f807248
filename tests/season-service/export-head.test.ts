import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type RunningService } from './support/season-fixture.ts';

// docs/season-service.md "Endpoints": HEAD on the export checks the operator token alone (the console's Connections
// test of --operator-token-file), answering the export's statuses without its body, reading nothing.
let service: RunningService;

beforeAll(async () => {
  service = await startTestService('http://127.0.0.1:9', {
    identity: async () => ({ kind: 'unreachable', detail: 'not asked in this test' }),
  });
});

afterAll(async () => {
  await service?.stop();
});

const head = (token: string | null) =>
  fetch(`${service.url}/v1/season/1/export`, {
    method: 'HEAD',
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  });

describe('HEAD /v1/season/{n}/export', () => {
  it('answers 200 with no body to the operator token, 403 to another token, 401 without one', async () => {
    const accepted = await head(service.operatorToken);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await accepted.text()).toBe('');
    expect((await head('x'.repeat(43))).status).toBe(403);
    expect((await head(null)).status).toBe(401);
  });

  it('GET still answers the signed export; HEAD on another season is 404, on a POST route 405', async () => {
    const exported = await fetch(`${service.url}/v1/season/1/export`, {
      headers: { Authorization: `Bearer ${service.operatorToken}` },
    });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('"export_signature"');
    expect((await fetch(`${service.url}/v1/season/2/export`, { method: 'HEAD' })).status).toBe(404);
    expect((await fetch(`${service.url}/v1/season/1/enroll`, { method: 'HEAD' })).status).toBe(405);
  });
});
