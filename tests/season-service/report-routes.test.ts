import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonical } from '../../main/core/json/canonical.ts';
import { loadsUniqueKeys } from '../../main/core/json/loads.ts';
import { isPyObject, type PyObject } from '../../main/core/json/value.ts';
import { operatorSignatureProblem } from '../../main/core/operator/operator-signature.ts';
import {
  readParticipantReport,
  REPORT_DELIVERY_FORMAT,
  signParticipantReport,
} from '../../main/core/publications/participant-report.ts';
import type { KeyIdentity } from '../../season-service/trust-layer-identity.ts';
import {
  enroll,
  freezeBothTracks,
  newDidKey,
  operatorOf,
  startTestService,
  TEST_OPERATOR,
  type RunningService,
  type TestOperator,
} from './support/season-fixture.ts';

// Each API key stands for the DID a test gave it: the service asks this instead of a Trust Layer (none runs here).
const didOfKey = new Map<string, string>();
const identity = async (apiKey: string): Promise<KeyIdentity> => {
  const did = didOfKey.get(apiKey);
  return did === undefined ? { kind: 'not_bound', history: [] } : { kind: 'bound', did, history: [] };
};

let service: RunningService;
const participants: { token: string; id: string }[] = [];

async function enrollOne(label: string) {
  const did = newDidKey().did;
  const apiKey = `key-${label}-${participants.length}`;
  didOfKey.set(apiKey, did);
  const answer = await enroll(service.url, apiKey, { agent_name: `Agent ${label}`, declared_stack: 'a stack' });
  if (answer.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(answer.json)}`);
  participants.push({ token: answer.json.season_token, id: answer.json.participant_id });
}

/** A report's text as the scorer writes it (canonical JSON and a newline), naming its participant and an unsupported assertion. */
const reportText = (participantId: string, cause: string) =>
  `${JSON.stringify({ participant_id: participantId, unsupported: [{ task_id: 'conf-01', cause }] })}\n`;

/** A report page as deliveredReportPages renders it, reduced to what these routes check. */
const pageText = (lang: string, participantId: string, cause: string) =>
  `<!DOCTYPE html>\n<html lang="${lang}">\n<body><h1>${participantId}</h1><p>${cause}</p></body></html>\n`;

function signed(participantId: string, version: number, operator: TestOperator = TEST_OPERATOR, cause = 'value') {
  return signParticipantReport(
    {
      season: 1,
      track: 'conformite',
      participantId,
      publicationVersion: version,
      publishedAt: '2026-11-02T10:00:00.000Z',
      report: reportText(participantId, cause),
      reportHtml: { fr: pageText('fr', participantId, cause), en: pageText('en', participantId, cause) },
    },
    operator.privateKey,
  );
}

const deliveryOf = (version: number, reports: PyObject[], track = 'conformite') =>
  `{"document":"${REPORT_DELIVERY_FORMAT}","season":1,"track":"${track}","publication_version":${version},"reports":[${reports.map((r) => canonical(r)).join(',')}]}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Answer = any;

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: string,
): Promise<{ status: number; json: Answer; text: string; cacheControl: string | null }> {
  const answer = await fetch(`${service.url}/v1/season/1/${path}`, {
    method,
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body }),
  });
  const text = await answer.text();
  return { status: answer.status, json: JSON.parse(text), text, cacheControl: answer.headers.get('cache-control') };
}

const deliver = (body: string, token: string | null = service.operatorToken) =>
  call('POST', 'reports/conformite', token, body);
const ownReport = (token: string, track = 'conformite') => call('GET', `report/${track}`, token);
const consent = (token: string, body: string) => call('POST', 'consent/conformite', token, body);
const consents = (query = '', token: string | null = service.operatorToken) => call('GET', `consents${query}`, token);

beforeAll(async () => {
  service = await startTestService('http://127.0.0.1:1', { identity });
  await freezeBothTracks(service);
  await enrollOne('Nord');
  await enrollOne('Sud');
  await enrollOne('Est');
});

afterAll(async () => {
  await service?.stop();
});

describe('private reports (docs/publications.md "Private reports, public by choice")', () => {
  it('before any delivery a participant is answered 409 REPORT_NOT_PUBLISHED, and cannot consent yet', async () => {
    expect(await ownReport(participants[0]!.token)).toMatchObject({
      status: 409,
      json: { error: { code: 'REPORT_NOT_PUBLISHED' } },
    });
    expect(await consent(participants[0]!.token, '{"public": true}')).toMatchObject({
      status: 409,
      json: { error: { code: 'REPORT_NOT_PUBLISHED' } },
    });
  });

  it('the operator routes refuse without the operator token (401) and with a participant token (403)', async () => {
    const body = deliveryOf(1, [signed(participants[0]!.id, 1)]);
    for (const [token, status, code] of [
      [null, 401, 'OPERATOR_TOKEN_MISSING'],
      [participants[0]!.token, 403, 'OPERATOR_TOKEN_REFUSED'],
    ] as const) {
      expect(await deliver(body, token)).toMatchObject({ status, json: { error: { code } } });
      expect(await consents('', token)).toMatchObject({ status, json: { error: { code } } });
    }
    // Nothing was recorded by the refused delivery.
    expect((await ownReport(participants[0]!.token)).status).toBe(409);
  });

  it('a delivery is refused REPORTS_NOT_OPERATOR when a report is signed by another key, and records none', async () => {
    const stranger = operatorOf(new Uint8Array(randomBytes(32)));
    const answer = await deliver(
      deliveryOf(1, [signed(participants[0]!.id, 1), signed(participants[1]!.id, 1, stranger)]),
    );
    expect(answer).toMatchObject({
      status: 403,
      json: { error: { code: 'REPORTS_NOT_OPERATOR', pointer: '/reports/1/operator_public_key' } },
    });
    expect((await ownReport(participants[0]!.token)).status).toBe(409);
  });

  it('a report changed after the operator signed it is refused REPORTS_NOT_OPERATOR at its signature', async () => {
    const doc = signed(participants[0]!.id, 1);
    // The report travels as text: its quotes are escaped inside the document.
    const changed = canonical(doc).replace('\\"cause\\":\\"value\\"', '\\"cause\\":\\"other\\"');
    expect(changed).not.toBe(canonical(doc));
    const answer = await deliver(
      `{"document":"${REPORT_DELIVERY_FORMAT}","season":1,"track":"conformite","publication_version":1,"reports":[${changed}]}`,
    );
    expect(answer).toMatchObject({
      status: 403,
      json: { error: { code: 'REPORTS_NOT_OPERATOR', pointer: '/reports/0/operator_signature' } },
    });
  });

  it('a delivery naming another version than its reports is refused REPORTS_DELIVERY_INVALID', async () => {
    expect(await deliver(deliveryOf(2, [signed(participants[0]!.id, 1)]))).toMatchObject({
      status: 422,
      json: { error: { code: 'REPORTS_DELIVERY_INVALID', pointer: '/reports/0' } },
    });
    expect(await deliver('{"reports": []}')).toMatchObject({
      status: 422,
      json: { error: { code: 'REPORTS_DELIVERY_INVALID' } },
    });
  });

  it('a delivery naming a participant the season never enrolled is refused REPORTS_DELIVERY_INVALID and records none', async () => {
    const answer = await deliver(deliveryOf(1, [signed(participants[0]!.id, 1), signed('p-never-enrolled', 1)]));
    expect(answer).toMatchObject({
      status: 422,
      json: { error: { code: 'REPORTS_DELIVERY_INVALID', pointer: '/reports/1/participant_id' } },
    });
    expect(answer.json.error.message).toContain('never enrolled');
    expect((await ownReport(participants[0]!.token)).status).toBe(409);
  });

  it("a participant fetches its own report with its token and cannot fetch another's", async () => {
    const [nord, sud] = participants;
    const delivered = await deliver(deliveryOf(1, [signed(nord!.id, 1), signed(sud!.id, 1)]));
    expect(delivered).toMatchObject({
      status: 200,
      json: { publication_version: 1, recorded: 2, already_delivered: 0 },
    });
    for (const p of [nord!, sud!]) {
      const answer = await ownReport(p.token);
      expect(answer.status).toBe(200);
      expect(answer.cacheControl).toBe('private, no-store');
      expect(answer.json.participant_id).toBe(p.id);
      expect(answer.text).toBe(canonical(signed(p.id, 1)));
    }
    // The participant is the token's: nothing in the path or query names another, and another's token reads its own.
    const sudsText = (await ownReport(sud!.token)).text;
    expect((await ownReport(nord!.token)).text).not.toContain(sud!.id);
    expect(sudsText).not.toContain(nord!.id);
    const naming = await call('GET', `report/conformite?participant_id=${sud!.id}`, nord!.token);
    expect(naming).toMatchObject({ status: 400, json: { error: { code: 'REPORT_VIEW_UNKNOWN' } } });
    expect(naming.text).not.toContain('value');
    expect(await call('GET', `report/conformite/${sud!.id}`, nord!.token)).toMatchObject({
      status: 404,
      json: { error: { code: 'NOT_FOUND' } },
    });
    expect(await ownReport('not-a-token')).toMatchObject({
      status: 401,
      json: { error: { code: 'SEASON_TOKEN_REFUSED' } },
    });
    // A participant the delivered version holds no report of: 404, never someone else's.
    expect(await ownReport(participants[2]!.token)).toMatchObject({
      status: 404,
      json: { error: { code: 'REPORT_NOT_FOUND' } },
    });
    expect(await ownReport(nord!.token, 'nowhere')).toMatchObject({
      status: 404,
      json: { error: { code: 'REPORT_TRACK_UNKNOWN' } },
    });
  });

  it('a participant reads its report page in French and in English with its token; the page may run and load nothing', async () => {
    const [nord, sud] = participants;
    for (const lang of ['fr', 'en']) {
      const answer = await fetch(`${service.url}/v1/season/1/report/conformite?format=html&lang=${lang}`, {
        headers: { Authorization: `Bearer ${nord!.token}` },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
      const page = await answer.text();
      expect(page).toBe(pageText(lang, nord!.id, 'value'));
      expect(page).not.toContain(sud!.id);
    }
    // The page is the report's: without a token, nothing.
    const anonymous = await fetch(`${service.url}/v1/season/1/report/conformite?format=html&lang=en`);
    expect(anonymous.status).toBe(401);
  });

  it('a view the route does not have (?format=pdf, ?lang=de, an unknown parameter) is refused REPORT_VIEW_UNKNOWN', async () => {
    for (const query of ['format=pdf', 'format=html&lang=de', 'format=json&x=1']) {
      const answer = await call('GET', `report/conformite?${query}`, participants[0]!.token);
      expect(answer).toMatchObject({ status: 400, json: { error: { code: 'REPORT_VIEW_UNKNOWN' } } });
      expect(answer.json.error.message).toContain('?format=html&lang=fr|en');
    }
  });

  it("the report answered verifies against the operator's key, and its report_sha256 is the report's", async () => {
    const answer = await ownReport(participants[0]!.token);
    const parsed = loadsUniqueKeys(new TextEncoder().encode(answer.text));
    expect(parsed.ok && isPyObject(parsed.value)).toBe(true);
    const doc = (parsed as { value: PyObject }).value;
    expect(operatorSignatureProblem(doc)).toBeNull();
    expect(doc['operator_public_key']).toBe(TEST_OPERATOR.publicKeyHex);
    const read = readParticipantReport(doc);
    expect(read.ok && read.value.report).toBe(reportText(participants[0]!.id, 'value'));
  });

  it('the same delivery again records nothing new; another document for a delivered version is refused', async () => {
    const [nord, sud] = participants;
    expect(await deliver(deliveryOf(1, [signed(nord!.id, 1), signed(sud!.id, 1)]))).toMatchObject({
      status: 200,
      json: { recorded: 0, already_delivered: 2 },
    });
    expect(await deliver(deliveryOf(1, [signed(nord!.id, 1, TEST_OPERATOR, 'proof')]))).toMatchObject({
      status: 409,
      json: { error: { code: 'REPORTS_ALREADY_DELIVERED' } },
    });
  });

  it("a later version's report (a correction) is what the participant reads from then on", async () => {
    const [nord] = participants;
    expect(await deliver(deliveryOf(2, [signed(nord!.id, 2, TEST_OPERATOR, 'proof')]))).toMatchObject({
      status: 200,
      json: { recorded: 1 },
    });
    expect((await ownReport(nord!.token)).json).toMatchObject({ publication_version: 2 });
    expect((await ownReport(participants[1]!.token)).json).toMatchObject({ publication_version: 1 });
  });
});

describe('consent (docs/season-service.md "Reports and consent")', () => {
  it('is recorded with its time, revocable, and the operator reads every change in order', async () => {
    const [nord, sud] = participants;
    service.clock.current = new Date('2026-11-03T09:00:00.000Z');
    expect(await consent(nord!.token, '{"public": true}')).toMatchObject({
      status: 200,
      json: { participant_id: nord!.id, track: 'conformite', public: true, recorded_at: '2026-11-03T09:00:00.000Z' },
    });
    service.clock.current = new Date('2026-11-04T09:00:00.000Z');
    expect(await consent(nord!.token, '{"public": false}')).toMatchObject({ status: 200, json: { public: false } });
    expect(await consent(sud!.token, '{"public": true}')).toMatchObject({ status: 200, json: { public: true } });
    const all = await consents();
    expect(all.status).toBe(200);
    expect(all.json.consents.map((c: Answer) => [c.participant_id, c.public, c.recorded_at])).toEqual([
      [nord!.id, true, '2026-11-03T09:00:00.000Z'],
      [nord!.id, false, '2026-11-04T09:00:00.000Z'],
      [sud!.id, true, '2026-11-04T09:00:00.000Z'],
    ]);
    const page = await consents(`?since=${all.json.consents[1].seq}`);
    expect(page.json.consents.map((c: Answer) => c.participant_id)).toEqual([sud!.id]);
    expect(page.json.next_since).toBe(all.json.next_since);
    expect(await consents('?since=x')).toMatchObject({
      status: 400,
      json: { error: { code: 'CONSENTS_QUERY_INVALID' } },
    });
  });

  it('anything but {"public": true|false} is refused CONSENT_BODY_INVALID and records nothing', async () => {
    const before = (await consents()).json.consents.length;
    for (const body of [
      '{"public": "yes"}',
      '{"public": true, "extra": 1}',
      '[]',
      'nope',
      '{"public": true, "public": false}',
    ]) {
      expect(await consent(participants[0]!.token, body)).toMatchObject({
        status: 422,
        json: { error: { code: 'CONSENT_BODY_INVALID' } },
      });
    }
    expect((await consents()).json.consents.length).toBe(before);
  });
});
