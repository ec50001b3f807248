import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open-database.ts';
import { consentsInForce } from '../../main/db/report-consents.ts';
import { createSeasonConsentsCommand, createSeasonDeliverCommand } from '../../main/cli/season-reports-commands.ts';
import { loadOrCreateSigningKey } from '../../main/services/index-export/signing-key.ts';
import type { Clock } from '../../main/services/clock.ts';
import {
  publishedVersionOne,
  serviceWithParticipants,
  writeOperatorKey,
} from '../season-service/support/delivery-fixture.ts';
import { TEST_OPERATOR, type RunningService } from '../season-service/support/season-fixture.ts';
import { captureIo } from '../support/capture-io.ts';
import { closedPort } from '../support/closed-port.ts';

const clock: Clock = { now: () => Date.parse('2026-11-05T10:00:00.000Z'), sleep: async () => {} };
let service: RunningService;
let dir: string;
let dbFile: string;
let tokenFile: string;
let participants: { token: string; id: string }[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Answer = any;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'season-reports-'));
  dbFile = join(dir, 'operator.sqlite');
  // The operator key beside the database (index-signing-key.pem) is the fixture's operator's, which signs its freezes
  // and which the test service is started with.
  writeOperatorKey(join(dir, 'index-signing-key.pem'));
  const key = loadOrCreateSigningKey(join(dir, 'index-signing-key.pem'));
  if (!key.ok || key.value.publicKeyHex !== TEST_OPERATOR.publicKeyHex) throw new Error('the operator key file');
  ({ service, participants } = await serviceWithParticipants(['Nord', 'Sud']));
  tokenFile = join(dir, 'operator-token');
  writeFileSync(tokenFile, service.operatorToken, { mode: 0o600 });
  publishedVersionOne(
    dbFile,
    participants.map((p) => p.id),
  );
});

afterAll(async () => {
  await service?.stop();
});

const common = () => ['--season', '1', '--season-url', service.url, '--operator-token-file', tokenFile, '--db', dbFile];

describe('proveit season deliver and season consents (docs/publications.md "Private reports, public by choice")', () => {
  it('delivers the latest version signed by the operator key: each participant then reads its own, recorded and audited', async () => {
    const io = captureIo();
    const code = await createSeasonDeliverCommand(clock).run([...common(), '--track', 'conformite', '--json'], io);
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    const answer = JSON.parse(io.stdout) as Answer;
    expect(answer).toMatchObject({ ok: true, publication_version: 1, reports: 2, recorded: 2 });
    for (const p of participants) {
      const own = await fetch(`${service.url}/v1/season/1/report/conformite`, {
        headers: { Authorization: `Bearer ${p.token}` },
      });
      expect(own.status).toBe(200);
      expect(((await own.json()) as Answer).participant_id).toBe(p.id);
      // Its page in each language, under the name it enrolled with (spec §7.3 names come from the operator database).
      for (const lang of ['fr', 'en']) {
        const page = await fetch(`${service.url}/v1/season/1/report/conformite?format=html&lang=${lang}`, {
          headers: { Authorization: `Bearer ${p.token}` },
        });
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html.startsWith(`<!DOCTYPE html>\n<html lang="${lang}">`)).toBe(true);
        expect(html).toContain(`participant=${p.id};publication_version=1`);
      }
    }
    const db = openDatabase(dbFile);
    try {
      expect(db.prepare('SELECT publication_version, reports FROM report_deliveries').all()).toEqual([
        { publication_version: 1, reports: 2 },
      ]);
      expect(db.prepare("SELECT action FROM audit_log WHERE action = 'season.deliver'").pluck().all()).toHaveLength(1);
    } finally {
      db.close();
    }
    // Again: the same bytes, nothing new at the service.
    const again = captureIo();
    await createSeasonDeliverCommand(clock).run([...common(), '--track', 'conformite', '--json'], again);
    expect(JSON.parse(again.stdout)).toMatchObject({ ok: true, recorded: 0 });
  });

  it("refuses DELIVER_REFUSED naming the token file when the operator token is not the service's", async () => {
    const wrong = join(dir, 'wrong-token');
    writeFileSync(wrong, 'x'.repeat(43), { mode: 0o600 });
    const io = captureIo();
    const args = [
      '--season',
      '1',
      '--track',
      'conformite',
      '--season-url',
      service.url,
      '--operator-token-file',
      wrong,
      '--db',
      dbFile,
    ];
    expect(await createSeasonDeliverCommand(clock).run(args, io)).toBe(1);
    expect(io.stderr).toContain('DELIVER_REFUSED');
    expect(io.stderr).toContain('--operator-token-file');
    expect(io.stderr).not.toContain('x'.repeat(43));
  });

  it('a season service that answers nothing (its port closed): deliver is DELIVER_UNREACHABLE and consents CONSENTS_UNREACHABLE, nothing recorded', async () => {
    const port = await closedPort();
    const db = openDatabase(dbFile, { readOnly: true });
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    const before = [count('report_deliveries'), count('report_consents')];
    const args = (track: string[]) => [
      ...['--season', '1', ...track, '--season-url', `http://127.0.0.1:${port}`],
      ...['--operator-token-file', tokenFile, '--db', dbFile],
    ];
    try {
      const deliverIo = captureIo();
      expect(await createSeasonDeliverCommand(clock).run(args(['--track', 'conformite']), deliverIo)).toBe(1);
      expect(deliverIo.stderr).toContain('DELIVER_UNREACHABLE');
      const consentsIo = captureIo();
      expect(await createSeasonConsentsCommand(clock).run(args([]), consentsIo)).toBe(1);
      expect(consentsIo.stderr).toContain('CONSENTS_UNREACHABLE');
      expect([count('report_deliveries'), count('report_consents')]).toEqual(before);
    } finally {
      db.close();
    }
  });

  it('copies the choices into the operator database, audited once, and lists a revocation as in force', async () => {
    const [nord, sud] = participants;
    const post = (token: string, value: boolean) =>
      fetch(`${service.url}/v1/season/1/consent/conformite`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: JSON.stringify({ public: value }),
      });
    expect((await post(nord!.token, true)).status).toBe(200);
    expect((await post(sud!.token, true)).status).toBe(200);
    expect((await post(nord!.token, false)).status).toBe(200);
    const io = captureIo();
    expect(await createSeasonConsentsCommand(clock).run([...common(), '--json'], io)).toBe(0);
    const answer = JSON.parse(io.stdout) as Answer;
    expect(answer.new_consents).toBe(3);
    expect(answer.in_force.map((c: Answer) => [c.participant_id, c.public])).toEqual(
      [
        [nord!.id, false],
        [sud!.id, true],
      ].sort(),
    );
    const again = captureIo();
    await createSeasonConsentsCommand(clock).run([...common(), '--json'], again);
    expect(JSON.parse(again.stdout)).toMatchObject({ new_consents: 0, audit_head: null });
    const db = openDatabase(dbFile);
    try {
      expect(consentsInForce(db, 1, 'conformite').get(nord!.id)?.public).toBe(false);
      expect(db.prepare("SELECT count(*) FROM audit_log WHERE action = 'season.consents'").pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });
});
