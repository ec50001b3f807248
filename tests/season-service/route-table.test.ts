import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type RunningService } from './support/season-fixture.ts';

let service: RunningService;

beforeAll(async () => {
  service = await startTestService('http://127.0.0.1:1');
});

afterAll(async () => {
  await service?.stop();
});

/** The routes a 404 NOT_FOUND lists, read from its message. */
async function listedRoutes(): Promise<string[]> {
  const answer = await fetch(`${service.url}/v1/no-such-route`);
  expect(answer.status).toBe(404);
  const { error } = (await answer.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('NOT_FOUND');
  const listed = /^The season service answers (.*) \(docs\/season-service\.md\)\.$/.exec(error.message);
  expect(listed).not.toBeNull();
  return listed![1]!.split(', ');
}

describe('the season service routes', () => {
  it('the 404 names every route the service has, and each route it names is answered', async () => {
    const routes = await listedRoutes();
    expect(routes).toEqual([
      'GET /v1/season/{n}',
      'POST /v1/season/{n}/enroll',
      'POST /v1/season/{n}/token',
      'POST /v1/season/{n}/submit',
      'GET /v1/season/{n}/export',
      'GET /v1/season/{n}/activity',
      'GET /v1/season/{n}/tasks',
      'GET /v1/season/{n}/catalogue/{track}',
      'POST /v1/season/{n}/freeze',
      'POST /v1/season/{n}/index',
      'POST /v1/season/{n}/invalidate',
      'POST /v1/season/{n}/notice',
      'GET /v1/season/{n}/report/{track}',
      'POST /v1/season/{n}/reports/{track}',
      'POST /v1/season/{n}/consent/{track}',
      'GET /v1/season/{n}/consents',
      'GET /v1/health',
    ]);
    for (const route of routes) {
      const [method, template] = route.split(' ') as [string, string];
      const path = template.replace('{n}', String(service.material.season)).replace('{track}', 'conformite');
      const answer = await fetch(`${service.url}${path}`, method === 'POST' ? { method, body: '{}' } : { method });
      const body = (await answer.json()) as { error?: { code: string } };
      expect([route, answer.status, body.error?.code]).not.toEqual([route, 404, 'NOT_FOUND']);
      expect([route, answer.status]).not.toEqual([route, 405]);
    }
  });

  it('answers another method 405 with Allow, another season 404 SEASON_UNKNOWN, and health whatever the method', async () => {
    const wrong = await fetch(`${service.url}/v1/season/${service.material.season}/enroll`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const other = await fetch(`${service.url}/v1/season/${service.material.season + 1}/enroll`);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('SEASON_UNKNOWN');
    const health = await fetch(`${service.url}/v1/health`, { method: 'POST' });
    expect([health.status, await health.json()]).toEqual([200, { ok: true }]);
  });
});
