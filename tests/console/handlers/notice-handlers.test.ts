import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIntake } from '../../../main/core/json/intake.ts';
import type { PyObject } from '../../../main/core/json/value.ts';
import { verifyNotice } from '../../../main/core/notices/season-notice.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import { loadOrCreateSigningKey } from '../../../main/services/index-export/signing-key.ts';
import { DURING, startTestService, type RunningService } from '../../season-service/support/season-fixture.ts';
import { settableClock } from '../../services/freeze/support/freeze-ports.ts';
import { CONSOLE_STAFF, consoleOn, value } from '../support/console-on-freeze-devnet.ts';

// The incident screen's "Tell participants": the notice drafted from an incident, published as drafted in one call,
// against a season service in-process (no devnet: a notice asks no Trust Layer).
const clock = settableClock(DURING.getTime());
let dir: string;
let service: RunningService;
let operatorPublicKey: string;
const opened: OpenedConsole[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'proveit-console-notice-'));
  const keyFile = join(dir, 'operator-key.pem');
  const key = loadOrCreateSigningKey(keyFile);
  if (!key.ok) throw new Error(key.error.message);
  operatorPublicKey = key.value.publicKeyHex;
  service = await startTestService('http://127.0.0.1:9', {
    identity: async () => ({ kind: 'not_bound', history: [] }),
    operatorPublicKey: key.value.publicKeyHex,
  });
});

afterAll(async () => {
  for (const c of opened) await c.close();
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('season.notice and incident.notice_draft', () => {
  it('a notice drafted from an incident and published as drafted is served signed by the operator key, audited under the person acting', async () => {
    const keyFile = join(dir, 'operator-key.pem');
    const services = { ...NO_SERVICES, seasonService: { url: service.url, operatorToken: service.operatorToken } };
    const { dispatch, dbFile } = consoleOn({ dir, name: 'console' }, clock, services, opened, keyFile);
    const incident = await value(dispatch, 'incident.open', {
      season: 1,
      track: 'conformite',
      kind: 'corpus_outage',
      summary: 'the compliance corpus answered 503',
      window_start: '2026-10-10T10:00:00Z',
      window_end: '2026-10-10T10:20:00Z',
      assertions: ['conf-02/a1'],
    });
    const draft = await value(dispatch, 'incident.notice_draft', { id: incident.id });
    expect(draft).toMatchObject({
      kind: 'incident',
      track: 'conformite',
      tasks: ['conf-02'],
      window_from: '2026-10-10T10:00:00.000Z',
      incident_id: incident.id,
      reference: `incident ${incident.id}`,
    });
    const { reference: _reference, ...request } = draft;
    const published = await value(dispatch, 'season.notice', request);
    const served = parseIntake(new Uint8Array(await (await fetch(`${service.url}/v1/season/1`)).arrayBuffer()));
    const notices = (served.ok ? (served.value as PyObject)['notices'] : []) as PyObject[];
    expect(notices).toHaveLength(1);
    expect(published.document_sha256).toHaveLength(64);
    expect(verifyNotice(notices[0]!, { operatorPublicKey, season: 1 }).ok).toBe(true);
    const db = openDatabase(dbFile, { readOnly: true });
    try {
      expect(auditRows(db).find((e) => e.action === 'season.notice')?.actor).toBe(CONSOLE_STAFF);
    } finally {
      db.close();
    }
  });

  it('without a season service the console refuses a notice with CONSOLE_SEASON_SERVICE_NOT_CONFIGURED', async () => {
    const { dispatch } = consoleOn({ dir, name: 'no-service' }, clock, NO_SERVICES, opened);
    const answer = await dispatch('season.notice', {
      season: 1,
      kind: 'outage',
      text_fr: 'Panne.',
      text_en: 'Outage.',
      window_from: '2026-10-10T09:00:00Z',
      window_to: '2026-10-10T09:30:00Z',
    });
    expect(!answer.ok && answer.error.code).toBe('CONSOLE_SEASON_SERVICE_NOT_CONFIGURED');
  });
});
