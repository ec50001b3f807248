import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonical } from '../../main/core/json/canonical.ts';
import { parseIntake } from '../../main/core/json/intake.ts';
import type { PyObject } from '../../main/core/json/value.ts';
import { noticeDraftOfIncident } from '../../main/core/notices/incident-notice.ts';
import { NOTICE_TEXT_MAX, signNotice, verifyNotice, type NoticeFields } from '../../main/core/notices/season-notice.ts';
import { auditRows } from '../../main/db/audit-log.ts';
import { incidentById } from '../../main/db/incidents.ts';
import { openDatabase, type Db } from '../../main/db/open-database.ts';
import { noticesOf } from '../../main/db/season-notices.ts';
import type { Clock } from '../../main/services/clock.ts';
import { createHttpClient, type HttpClient } from '../../main/services/http/http-client.ts';
import { openIncident } from '../../main/services/incidents/incidents.ts';
import { publishNotice } from '../../main/services/notices/publish-notice.ts';
import { tempFolder } from '../db/support/temp-db.ts';
import { DURING, operatorOf, startTestService, TEST_OPERATOR, type RunningService } from './support/season-fixture.ts';

// No Trust Layer runs here: a notice never asks one (the identity port is never called).
const identity = async () => ({ kind: 'not_bound' as const, history: [] });
const clock: Clock = { now: () => DURING.getTime(), sleep: async () => {} };

let service: RunningService;
let folder: ReturnType<typeof tempFolder>;
let db: Db;
let http: HttpClient;
let incidentId: number;

beforeAll(async () => {
  service = await startTestService('http://127.0.0.1:9', { identity });
  folder = tempFolder('proveit-notice-');
  db = openDatabase(folder.file('console.sqlite'));
  http = createHttpClient({ timeoutMs: 5_000 });
  const opened = openIncident(db, {
    season: 1,
    track: 'conformite',
    kind: 'corpus_outage',
    cause: '503',
    summary: 'the compliance corpus answered 503 from 14:00 to 14:20',
    owner: 'alice',
    windowStartMs: Date.parse('2026-10-10T10:00:00Z'),
    windowEndMs: Date.parse('2026-10-10T10:20:00Z'),
    links: [
      { participant: 'p_01', task: 'conf-03', assertion: null, proof: null },
      { participant: 'p_02', task: 'conf-01', assertion: null, proof: null },
    ],
    actor: 'alice',
    atMs: DURING.getTime() - 3_600_000,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  incidentId = opened.value.id;
});

afterAll(async () => {
  await http?.close();
  db?.close();
  folder?.remove();
  await service?.stop();
});

/** GET /v1/season/1 as served, and its notices read from those bytes by the intake parser (ints stay ints). */
async function servedNotices(): Promise<{ text: string; notices: PyObject[] }> {
  const answer = await fetch(`${service.url}/v1/season/1`);
  const text = await answer.text();
  const parsed = parseIntake(new TextEncoder().encode(text));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { text, notices: (parsed.value as PyObject)['notices'] as PyObject[] };
}

async function post(body: string, token: string | null = service.operatorToken) {
  const answer = await fetch(`${service.url}/v1/season/1/notice`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body,
  });
  const text = await answer.text();
  return { status: answer.status, text, code: answer.status === 200 ? null : (JSON.parse(text).error.code as string) };
}

const OUTAGE: NoticeFields = {
  season: 1,
  kind: 'outage',
  track: null,
  textFr: 'Le service de saison a été indisponible de 9 h à 9 h 30 (UTC).',
  textEn: 'The season service was unavailable from 09:00 to 09:30 UTC.',
  tasks: null,
  window: { from: '2026-10-10T09:00:00.000Z', to: '2026-10-10T09:30:00.000Z' },
  reference: null,
  issuedAt: '2026-10-10T11:00:00.000Z',
};

describe('POST /v1/season/{n}/notice and the notices of GET /v1/season/{n}', () => {
  it('a notice published from an incident appears in GET /v1/season/{n} with a valid operator signature', async () => {
    const incident = incidentById(db, incidentId)!;
    const published = await publishNotice(
      {
        fields: noticeDraftOfIncident(incident),
        incidentId,
        seasonUrl: service.url,
        operatorToken: service.operatorToken,
        operatorKey: TEST_OPERATOR,
        actor: 'alice',
      },
      { db, http, clock },
    );
    expect(published.ok).toBe(true);
    if (!published.ok) return;
    const { text, notices } = await servedNotices();
    expect(notices).toHaveLength(1);
    // The document served is the one posted, byte for byte, and its signature holds over what a participant reads.
    expect(text).toContain(published.value.document);
    const verified = verifyNotice(notices[0]!, { operatorPublicKey: TEST_OPERATOR.publicKeyHex, season: 1 });
    expect(verified.ok && verified.value).toMatchObject({
      kind: 'incident',
      track: 'conformite',
      tasks: ['conf-01', 'conf-03'],
      window: { from: '2026-10-10T10:00:00.000Z', to: '2026-10-10T10:20:00.000Z' },
      reference: `incident ${incidentId}`,
      issuedAt: DURING.toISOString(),
    });
    expect(noticesOf(db, 1).map((n) => [n.incidentId, n.documentSha256])).toEqual([
      [incidentId, published.value.document_sha256],
    ]);
    const audit = auditRows(db).filter((e) => e.action === 'season.notice');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe('alice');
  });

  it('the same notice posted again is refused with NOTICE_DUPLICATE, and publishNotice records nothing for it', async () => {
    const before = (await servedNotices()).notices.length;
    const again = await post(noticesOf(db, 1)[0]!.document);
    expect([again.status, again.code]).toEqual([409, 'NOTICE_DUPLICATE']);
    const published = await publishNotice(
      {
        fields: noticeDraftOfIncident(incidentById(db, incidentId)!),
        incidentId,
        seasonUrl: service.url,
        operatorToken: service.operatorToken,
        operatorKey: TEST_OPERATOR,
        actor: 'alice',
      },
      { db, http, clock },
    );
    expect(!published.ok && [published.error.code, published.error.details?.['service_code']]).toEqual([
      'NOTICE_REFUSED',
      'NOTICE_DUPLICATE',
    ]);
    expect(noticesOf(db, 1)).toHaveLength(1);
    expect((await servedNotices()).notices).toHaveLength(before);
  });

  it('a notice signed by another key is refused with NOTICE_NOT_OPERATOR and not served', async () => {
    const other = operatorOf(new Uint8Array(randomBytes(32)));
    const refused = await post(canonical(signNotice(OUTAGE, other.privateKey)));
    expect([refused.status, refused.code]).toEqual([403, 'NOTICE_NOT_OPERATOR']);
    expect((await servedNotices()).text).not.toContain(other.publicKeyHex);
  });

  it('without the operator token a notice is refused (OPERATOR_TOKEN_MISSING), with another token too (OPERATOR_TOKEN_REFUSED)', async () => {
    const body = canonical(signNotice(OUTAGE, TEST_OPERATOR.privateKey));
    expect((await post(body, null)).code).toBe('OPERATOR_TOKEN_MISSING');
    expect((await post(body, 'a-participant-season-token')).code).toBe('OPERATOR_TOKEN_REFUSED');
    expect((await servedNotices()).text).not.toContain('09:30 UTC');
  });

  it('a notice for another season, with an oversized text, an edited text or an unknown track is refused with its code', async () => {
    const sign = (fields: Partial<NoticeFields>) =>
      canonical(signNotice({ ...OUTAGE, ...fields }, TEST_OPERATOR.privateKey));
    expect((await post(sign({ season: 2 }))).code).toBe('NOTICE_OTHER_SEASON');
    expect((await post(sign({ textFr: 'é'.repeat(NOTICE_TEXT_MAX + 1) }))).code).toBe('NOTICE_TEXT_TOO_LONG');
    expect((await post(sign({ textEn: '' }))).code).toBe('NOTICE_TEXT_INVALID');
    expect((await post(sign({ track: 'tertiaire' }))).code).toBe('NOTICE_UNKNOWN_TRACK');
    const edited = sign({}).replace('09:30 UTC', '09:05 UTC');
    expect((await post(edited)).code).toBe('NOTICE_SIGNATURE_INVALID');
    expect((await post('{"document": "proveit-season-notice/1", "document": "twice"}')).code).toBe(
      'NOTICE_DOCUMENT_INVALID',
    );
    expect((await servedNotices()).notices).toHaveLength(1);
  });

  it('notices are served oldest first, each as posted', async () => {
    const second = canonical(signNotice(OUTAGE, TEST_OPERATOR.privateKey));
    expect((await post(second)).status).toBe(200);
    const { notices } = await servedNotices();
    expect(notices.map((n) => n['kind'])).toEqual(['incident', 'outage']);
    expect(canonical(notices[1]!)).toBe(second);
  });
});

/**
 * A proxy in front of the service that forwards the operator's POST, lets the service answer, and drops the answer:
 * the notice is published, and its author never hears so.
 */
async function answerLosingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const upstream = httpRequest(
      `${target}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        answer.resume();
        answer.on('end', () => (request.method === 'POST' ? response.socket?.destroy() : undefined));
        if (request.method !== 'POST') {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        }
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

describe('a notice whose answer was lost after the service published it', () => {
  it('trying again records the notice the service published: participants see it once, the audit says so', async () => {
    const proxy = await answerLosingProxy(service.url);
    const fields = {
      season: 1,
      kind: 'outage' as const,
      track: null,
      textFr: 'Le service de saison a refusé les soumissions de 11 h à 11 h 05 (UTC) ; renvoyez-les.',
      textEn: 'The season service refused submissions from 11:00 to 11:05 UTC; send them again.',
      tasks: null,
      window: { from: '2026-10-10T11:00:00.000Z', to: '2026-10-10T11:05:00.000Z' },
      reference: null,
    };
    const attempt = (seasonUrl: string, atMs: number) =>
      publishNotice(
        {
          fields,
          incidentId: null,
          seasonUrl,
          operatorToken: service.operatorToken,
          operatorKey: TEST_OPERATOR,
          actor: 'alice',
        },
        { db, http, clock: { now: () => atMs, sleep: async () => {} } },
      );
    const before = (await servedNotices()).notices.length;
    try {
      const lost = await attempt(proxy.url, DURING.getTime());
      expect(!lost.ok && lost.error.code).toBe('NOTICE_SERVICE_UNREACHABLE');
      expect(!lost.ok && lost.error.message).toContain('try again, and a notice it did publish is recorded');
    } finally {
      await proxy.close();
    }
    expect((await servedNotices()).notices).toHaveLength(before + 1);
    const recordedBefore = noticesOf(db, 1).length;

    // A minute later: signed now, it would be another document, and a second notice for participants.
    const again = await attempt(service.url, DURING.getTime() + 60_000);
    expect(again.ok && again.value.already_published).toBe(true);
    const { notices } = await servedNotices();
    expect(notices).toHaveLength(before + 1);
    expect(again.ok && again.value.issued_at).toBe(DURING.toISOString());
    expect(again.ok && again.value.document).toBe(canonical(notices[before]!));
    expect(noticesOf(db, 1)).toHaveLength(recordedBefore + 1);
    const audit = auditRows(db).filter((e) => e.action === 'season.notice');
    expect(JSON.parse(audit.at(-1)!.details)).toMatchObject({
      already_published: true,
      issued_at: DURING.toISOString(),
    });

    // Once recorded, the same notice again is a deliberate repeat: posted, and published as a new notice.
    const repeated = await attempt(service.url, DURING.getTime() + 120_000);
    expect(repeated.ok && repeated.value.already_published).toBe(false);
    expect((await servedNotices()).notices).toHaveLength(before + 2);
  });
});
