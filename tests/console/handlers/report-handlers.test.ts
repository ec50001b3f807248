import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../main/db/audit-log.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import {
  publishedVersionOne,
  serviceWithParticipants,
  writeOperatorKey,
} from '../../season-service/support/delivery-fixture.ts';
import { DURING, type RunningService } from '../../season-service/support/season-fixture.ts';
import { settableClock } from '../../services/freeze/support/freeze-ports.ts';
import { CONSOLE_STAFF, consoleOn, value } from '../support/console-on-freeze-devnet.ts';

// The console's channel to what participants receive after a publication (issue 39): `season.deliver` and
// `season.consents` as the CLI's commands do them, against a season service in-process (no Trust Layer is asked).
const clock = settableClock(DURING.getTime());
let dir: string;
let keyFile: string;
let service: RunningService;
let participants: { token: string; id: string }[] = [];
const opened: OpenedConsole[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'proveit-console-reports-'));
  keyFile = join(dir, 'operator-key.pem');
  writeOperatorKey(keyFile);
  ({ service, participants } = await serviceWithParticipants(['Nord', 'Sud']));
});

afterAll(async () => {
  for (const c of opened) await c.close();
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Version 1 of conformite's scores published in the console's database, one report per participant. */
const published = (dbFile: string) =>
  publishedVersionOne(
    dbFile,
    participants.map((p) => p.id),
  );

describe('season.deliver and season.consents', () => {
  it('delivers each participant its report from the console, which it then reads in both languages; audited under the person acting', async () => {
    const services = { ...NO_SERVICES, seasonService: { url: service.url, operatorToken: service.operatorToken } };
    const { dispatch, dbFile } = consoleOn({ dir, name: 'deliver' }, clock, services, opened, keyFile);
    published(dbFile);
    const delivered = await value(dispatch, 'season.deliver', { season: 1, track: 'conformite' });
    expect(delivered).toMatchObject({
      season: 1,
      track: 'conformite',
      publication_version: 1,
      reports: 2,
      recorded: 2,
    });
    for (const p of participants) {
      const page = await fetch(`${service.url}/v1/season/1/report/conformite?format=html&lang=en`, {
        headers: { Authorization: `Bearer ${p.token}` },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`participant=${p.id};`);
    }
    const db = openDatabase(dbFile);
    try {
      const entry = auditRows(db).find((r) => r.action === 'season.deliver');
      expect(entry?.actor).toBe(CONSOLE_STAFF);
    } finally {
      db.close();
    }
  });

  it("reads the participants' choices into the console's database: a consent given on the service is in force", async () => {
    const services = { ...NO_SERVICES, seasonService: { url: service.url, operatorToken: service.operatorToken } };
    const { dispatch } = consoleOn({ dir, name: 'consents' }, clock, services, opened, keyFile);
    const consent = await fetch(`${service.url}/v1/season/1/consent/conformite`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${participants[0]!.token}` },
      body: '{"public": true}',
    });
    expect(consent.status).toBe(200);
    const read = await value(dispatch, 'season.consents', { season: 1 });
    expect(read.new_consents).toBeGreaterThanOrEqual(1);
    expect(read.in_force).toContainEqual(
      expect.objectContaining({ track: 'conformite', participant_id: participants[0]!.id, public: true }),
    );
  });

  it('a console started without a season service refuses both CONSOLE_SEASON_SERVICE_NOT_CONFIGURED, naming the options', async () => {
    const { dispatch } = consoleOn({ dir, name: 'alone' }, clock, NO_SERVICES, opened, keyFile);
    for (const [channel, args] of [
      ['season.deliver', { season: 1, track: 'conformite' }],
      ['season.consents', { season: 1 }],
    ] as const) {
      const answer = await dispatch(channel, args);
      expect(answer).toMatchObject({ ok: false, error: { code: 'CONSOLE_SEASON_SERVICE_NOT_CONFIGURED' } });
      expect(!answer.ok && answer.error.message).toContain('--season-url URL --operator-token-file FILE');
    }
  });
});
