import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadOrCreateReceiptKey } from '../../../season-service/receipt-key.ts';
import { startSeasonService } from '../../../season-service/server.ts';
import {
  enroll,
  freezeBothTracks,
  newDidKey,
  startTestService,
  stoppedAfterEach,
  boundToOneDid,
  submit,
  TestClock,
} from '../support/season-fixture.ts';
import { scrape, valueOf } from '../support/prometheus-text.ts';
import { codeOf, raw, statusOf } from '../support/raw-client.ts';
import { validSubmission } from '../support/submissions.ts';

// docs/season-service.md "Operations": GET /metrics on the loopback listener, scraped with a real request and read as
// Prometheus' text format.
const running = stoppedAfterEach();
const did = newDidKey().did;
const bound = boundToOneDid(did);

async function serviceWithMetrics(clock = new TestClock()) {
  const service = await startTestService('http://127.0.0.1:1', { identity: bound, metricsPort: 0, clock });
  running.push(service);
  await freezeBothTracks(service);
  return service;
}

const SUBMIT = '/v1/season/{n}/submit';

describe('season service metrics', () => {
  it('counts enrollments, recorded submissions and refusals by route template and code, and never shows a token or a path', async () => {
    const service = await serviceWithMetrics();
    const apiKey = randomBytes(24).toString('hex');
    const enrolled = await enroll(service.url, apiKey);
    expect(enrolled.status).toBe(201);
    const token = enrolled.json.season_token as string;
    const bodies = [1, 2].map((v) => JSON.stringify(validSubmission('conformite', 'conf-01', did, v)));
    for (const body of bodies) expect((await submit(service.url, token, body)).status).toBe(200);
    const refused = await submit(service.url, token, '{"season": 1}');
    expect(refused.status).toBe(422);
    const intakeCode = refused.json.error.code as string;
    expect((await submit(service.url, null, bodies[0]!)).json.error.code).toBe('SEASON_TOKEN_REFUSED');
    const probe = `/v1/season/1/submit/x${randomBytes(6).toString('hex')}`;
    expect((await fetch(`${service.url}${probe}`)).status).toBe(404);

    // A request Node's parser refuses (no route reached): 400 BAD_REQUEST, counted as `unparsed`.
    const malformed = raw(service.url);
    malformed.socket.write('GET /v1/health HTTP/1.1\r\nHost: season\r\nBad Header\r\n\r\n');
    await malformed.closed;
    expect([statusOf(malformed), codeOf(malformed)]).toEqual([400, 'BAD_REQUEST']);

    const metrics = await scrape(service.metricsUrl!);
    expect(valueOf(metrics, 'proveit_season_refusals_total', { route: 'unparsed', code: 'BAD_REQUEST' })).toBe(1);
    expect(valueOf(metrics, 'proveit_season_enrollments_total', { season: '1' })).toBe(1);
    expect(valueOf(metrics, 'proveit_season_submissions_total', { track: 'conformite' })).toBe(2);
    expect(valueOf(metrics, 'proveit_season_refusals_total', { route: SUBMIT, code: intakeCode })).toBe(1);
    expect(valueOf(metrics, 'proveit_season_refusals_total', { route: SUBMIT, code: 'SEASON_TOKEN_REFUSED' })).toBe(1);
    expect(valueOf(metrics, 'proveit_season_refusals_total', { route: 'unmatched', code: 'NOT_FOUND' })).toBe(1);
    // Four submissions answered (two recorded, two refused), each timed under its route's template.
    expect(valueOf(metrics, 'proveit_season_request_duration_seconds_count', { route: SUBMIT })).toBe(4);
    expect(metrics.types.get('proveit_season_request_duration_seconds')).toBe('histogram');
    const routes = new Set(metrics.samples.flatMap((s) => (s.labels['route'] ? [s.labels['route']] : [])));
    for (const route of routes)
      expect(route).toMatch(/^(\/v1\/season\/\{n\}(\/[a-z]+)*(\/\{track\})?|\/v1\/health|unmatched|unparsed)$/);
    expect(valueOf(metrics, 'proveit_season_stored_bytes')).toBe(bodies[0]!.length + bodies[1]!.length);
    expect(valueOf(metrics, 'proveit_season_database_bytes')).toBeGreaterThan(0);
    expect(valueOf(metrics, 'proveit_season_open_connections')).toBeGreaterThanOrEqual(0);
    // Every sample carries the season; no secret and no path a client chose appears.
    expect(metrics.samples.every((s) => s.labels['season'] === '1')).toBe(true);
    for (const secret of [token, apiKey, service.operatorToken, service.challengeSecret, probe.slice(-12)]) {
      expect(metrics.text).not.toContain(secret);
    }
  });

  it('a restarted service counts the bytes its database already holds, and its counters start again from zero', async () => {
    const service = await serviceWithMetrics();
    const enrolled = await enroll(service.url, randomBytes(24).toString('hex'));
    const body = JSON.stringify(validSubmission('conformite', 'conf-02', did));
    expect((await submit(service.url, enrolled.json.season_token as string, body)).status).toBe(200);
    // The same database under a second service, as after a restart.
    const again = await startSeasonService({
      host: '127.0.0.1',
      port: 0,
      db: service.db,
      material: service.material,
      identity: bound,
      operatorToken: service.operatorToken,
      challengeSecret: null,
      receiptSigner: loadOrCreateReceiptKey(service.receiptKeyFile),
      metricsPort: 0,
      requestLog: null,
    });
    try {
      const metrics = await scrape(again.metricsUrl!);
      expect(valueOf(metrics, 'proveit_season_stored_bytes')).toBe(body.length);
      expect(valueOf(metrics, 'proveit_season_enrollments_total')).toBe(0);
      expect(valueOf(metrics, 'proveit_season_submissions_total')).toBeUndefined();
    } finally {
      await again.close();
    }
  });

  it('reports no backup age until the first backup, then its age on the service clock', async () => {
    const clock = new TestClock();
    const service = await serviceWithMetrics(clock);
    const before = await scrape(service.metricsUrl!);
    expect(before.types.get('proveit_season_backup_age_seconds')).toBe('gauge');
    expect(valueOf(before, 'proveit_season_backup_age_seconds')).toBeUndefined();
    service.metrics.backupTaken(clock.current.getTime());
    clock.current = new Date(clock.current.getTime() + 90_000);
    expect(valueOf(await scrape(service.metricsUrl!), 'proveit_season_backup_age_seconds')).toBe(90);
    // A backup reported late (an older one finishing after a newer) does not make the age grow.
    service.metrics.backupTaken(clock.current.getTime() - 600_000);
    expect(valueOf(await scrape(service.metricsUrl!), 'proveit_season_backup_age_seconds')).toBe(90);
  });

  it('listens on 127.0.0.1 only, apart from the service port, and answers GET /metrics and nothing else', async () => {
    const service = await serviceWithMetrics();
    const metricsUrl = new URL(service.metricsUrl!);
    expect(metricsUrl.hostname).toBe('127.0.0.1');
    expect(metricsUrl.port).not.toBe(new URL(service.url).port);
    expect((await fetch(new URL('/v1/health', metricsUrl))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
    // The service port does not answer /metrics: the public side never shows the counts.
    expect((await fetch(`${service.url}/metrics`)).status).toBe(404);
  });
});
