import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeasonNoticeCommand } from '../../main/cli/season-notice-command.ts';
import { parseIntake } from '../../main/core/json/intake.ts';
import type { PyObject } from '../../main/core/json/value.ts';
import { verifyNotice } from '../../main/core/notices/season-notice.ts';
import { auditRows } from '../../main/db/audit-log.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { noticesOf } from '../../main/db/season-notices.ts';
import type { Clock } from '../../main/services/clock.ts';
import { defaultKeyFile, loadOrCreateSigningKey } from '../../main/services/index-export/signing-key.ts';
import { openIncident } from '../../main/services/incidents/incidents.ts';
import { captureIo } from '../support/capture-io.ts';
import { closedPort } from '../support/closed-port.ts';
import { tempFolder } from '../db/support/temp-db.ts';
import { DURING, startTestService, type RunningService } from '../season-service/support/season-fixture.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

let now = DURING.getTime();
const clock: Clock = { now: () => now, sleep: async () => {} };
const command = createSeasonNoticeCommand(clock);

let folder: ReturnType<typeof tempFolder>;
let dbFile: string;
let tokenFile: string;
let publicKeyHex: string;
let service: RunningService;

beforeAll(async () => {
  folder = tempFolder('proveit-notice-cli-');
  dbFile = folder.file('console.sqlite');
  const key = loadOrCreateSigningKey(defaultKeyFile(dbFile));
  if (!key.ok) throw new Error(key.error.message);
  publicKeyHex = key.value.publicKeyHex;
  service = await startTestService('http://127.0.0.1:9', {
    identity: async () => ({ kind: 'not_bound', history: [] }),
    operatorPublicKey: publicKeyHex,
  });
  tokenFile = folder.file('operator-token');
  writeFileSync(tokenFile, service.operatorToken);
  const db = openDatabase(dbFile);
  const opened = openIncident(db, {
    season: 1,
    track: 'generique',
    kind: 'proof_anchor_failed',
    cause: 'TRUST_LAYER_TSA_FAILED',
    summary: 'one batch got no RFC 3161 token',
    owner: 'alice',
    windowStartMs: null,
    windowEndMs: null,
    links: [{ participant: 'p_01', task: null, assertion: null, proof: 'prf_20261010_100000_abcdef' }],
    actor: 'alice',
    atMs: now - 60_000,
  });
  db.close();
  if (!opened.ok) throw new Error(opened.error.message);
});

afterAll(async () => {
  await service?.stop();
  folder?.remove();
});

async function run(args: string[]) {
  const io = captureIo();
  const base = ['--season-url', service.url, '--operator-token-file', tokenFile, '--db', dbFile, '--actor', 'alice'];
  const code = await command.run([...args, ...base], io);
  return { code, io, doc: io.stdout.startsWith('{') ? (JSON.parse(io.stdout) as Json) : null };
}

describe('proveit season notice', () => {
  it('publishes an incident notice signed by the operator key, records it with its audit entry, and the season state serves it', async () => {
    const { code, doc, io } = await run([
      '--season',
      '1',
      '--kind',
      'incident',
      '--track',
      'generique',
      '--text-fr',
      "Un lot de preuves n'a pas reçu de jeton RFC 3161 ; les preuves concernées restent en attente.",
      '--text-en',
      'One proof batch got no RFC 3161 token; the proofs in it stay pending.',
      '--tasks',
      'gen-02,gen-04',
      '--incident',
      '1',
      '--json',
    ]);
    expect([code, io.stderr]).toEqual([0, '']);
    expect(doc).toMatchObject({
      ok: true,
      notice: { season: 1, kind: 'incident', track: 'generique', incident_id: 1 },
    });
    const db = openDatabase(dbFile, { readOnly: true });
    try {
      expect(noticesOf(db, 1).map((n) => n.documentSha256)).toEqual([doc!['notice'].document_sha256]);
      const entry = auditRows(db).find((e) => e.action === 'season.notice');
      expect(entry?.summary).toBe('season 1 generique: incident notice published (incident 1)');
    } finally {
      db.close();
    }
    const served = parseIntake(new Uint8Array(await (await fetch(`${service.url}/v1/season/1`)).arrayBuffer()));
    const notice = ((served.ok && (served.value as PyObject)['notices']) as PyObject[])[0]!;
    const verified = verifyNotice(notice, { operatorPublicKey: publicKeyHex, season: 1 });
    expect(verified.ok && verified.value).toMatchObject({ tasks: ['gen-02', 'gen-04'], reference: 'incident 1' });
  });

  it('an outage names its window: --from and --to go together (usage error, exit 2), a text over 2000 characters is NOTICE_TEXT_TOO_LONG before anything is sent', async () => {
    now += 1000;
    const outage = ['--season', '1', '--kind', 'outage', '--text-fr', 'Panne.', '--text-en', 'Outage.'];
    const alone = await run([...outage, '--from', '2026-10-10T09:00:00Z']);
    expect(alone.code).toBe(2);
    expect(alone.io.stderr).toContain('--from ISO and --to ISO go together');
    const long = await run([
      ...outage.slice(0, 5),
      'x'.repeat(2001),
      '--text-en',
      'Outage.',
      '--from',
      '2026-10-10T09:00:00Z',
      '--to',
      '2026-10-10T09:30:00Z',
      '--json',
    ]);
    expect([long.code, long.doc?.['code']]).toEqual([1, 'NOTICE_TEXT_TOO_LONG']);
    const done = await run([...outage, '--from', '2026-10-10T09:00:00Z', '--to', '2026-10-10T09:30:00Z']);
    expect([done.code, done.io.stdout]).toEqual([0, expect.stringContaining('outage notice published')]);
  });

  it('an incident this database does not have is NOTICE_INCIDENT_UNKNOWN, and nothing is published', async () => {
    now += 1000;
    const { code, doc } = await run([
      ...['--season', '1', '--kind', 'incident', '--text-fr', 'Incident.', '--text-en', 'Incident.'],
      ...['--incident', '99', '--json'],
    ]);
    expect([code, doc?.['code']]).toEqual([1, 'NOTICE_INCIDENT_UNKNOWN']);
    const served = await (await fetch(`${service.url}/v1/season/1`)).text();
    expect(served).not.toContain('incident 99');
  });

  it('a season service that answers nothing (its port closed) is NOTICE_SERVICE_UNREACHABLE, and nothing is recorded', async () => {
    now += 1000;
    const port = await closedPort();
    const db = openDatabase(dbFile, { readOnly: true });
    const before = noticesOf(db, 1).length;
    db.close();
    const io = captureIo();
    const code = await command.run(
      [
        ...['--season', '1', '--kind', 'outage', '--text-fr', 'Panne.', '--text-en', 'Outage.'],
        ...['--from', '2026-10-10T10:00:00Z', '--to', '2026-10-10T10:30:00Z', '--json'],
        ...['--season-url', `http://127.0.0.1:${port}`, '--operator-token-file', tokenFile],
        ...['--db', dbFile, '--actor', 'alice'],
      ],
      io,
    );
    expect([code, (JSON.parse(io.stdout) as Json)['code']]).toEqual([1, 'NOTICE_SERVICE_UNREACHABLE']);
    expect(io.stdout).not.toContain(service.operatorToken);
    const after = openDatabase(dbFile, { readOnly: true });
    try {
      expect(noticesOf(after, 1)).toHaveLength(before);
    } finally {
      after.close();
    }
  });
});
