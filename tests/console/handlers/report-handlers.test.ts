import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../../main/db/audit-log.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { insertPublicationVersion } from '../../../main/db/publications.ts';
import { NO_SERVICES } from '../../../main/console/console-services.ts';
import type { OpenedConsole } from '../../../main/console/open-console.ts';
import type { KeyIdentity } from '../../../season-service/trust-layer-identity.ts';
import {
  DURING,
  enroll,
  freezeBothTracks,
  newDidKey,
  startTestService,
  TEST_OPERATOR,
  type RunningService,
} from '../../season-service/support/season-fixture.ts';
import { settableClock } from '../../services/freeze/support/freeze-ports.ts';
import { CONSOLE_STAFF, consoleOn, value } from '../support/console-on-freeze-devnet.ts';

// The console's channel to what participants receive after a publication (issue 39): `season.deliver` and
// `season.consents` as the CLI's commands do them, against a season service in-process (no Trust Layer is asked).
const didOfKey = new Map<string, string>();
const identity = async (apiKey: string): Promise<KeyIdentity> => {
  const did = didOfKey.get(apiKey);
  return did === undefined ? { kind: 'not_bound', history: [] } : { kind: 'bound', did, history: [] };
};
const HASH = 'a'.repeat(64);
const clock = settableClock(DURING.getTime());
let dir: string;
let keyFile: string;
let service: RunningService;
const participants: { token: string; id: string }[] = [];
const opened: OpenedConsole[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'proveit-console-reports-'));
  // The fixture operator's key (PKCS#8 of an Ed25519 seed, RFC 8410): the one the test service is started with.
  const der = Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'),
    Buffer.from(TEST_OPERATOR.privateKey),
  ]);
  keyFile = join(dir, 'operator-key.pem');
  writeFileSync(keyFile, `-----BEGIN PRIVATE KEY-----\n${der.toString('base64')}\n-----END PRIVATE KEY-----\n`, {
    mode: 0o600,
  });
  service = await startTestService('http://127.0.0.1:1', { identity });
  await freezeBothTracks(service);
  for (const label of ['Nord', 'Sud']) {
    const apiKey = `api-key-${label}`;
    didOfKey.set(apiKey, newDidKey().did);
    const answer = await enroll(service.url, apiKey, { agent_name: `Agent ${label}`, declared_stack: 'a stack' });
    if (answer.status !== 201) throw new Error(`enrollment refused: ${JSON.stringify(answer.json)}`);
    participants.push({ token: answer.json.season_token, id: answer.json.participant_id });
  }
});

afterAll(async () => {
  for (const c of opened) await c.close();
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Version 1 of conformite's scores published in the console's database, one report per participant. */
function published(dbFile: string): void {
  const db = openDatabase(dbFile);
  db.pragma('foreign_keys = OFF');
  db.prepare(
    `INSERT INTO season_closes (id, season, track, closed_at_ms, freeze_proof_id, scorer_version, rules_sha256,
       manifest_hash, submissions_sha256, key_commitment, trust_bundle_digest, proofs_sha256, scores_sha256,
       participants, scored, pending, out_dir)
     VALUES (1, 1, 'conformite', 0, 'prf_x', 's', 'r', 'm', 'u', 'k', 't', 'p', ?, 2, 2, 0, '/tmp/x')`,
  ).run(HASH);
  const bytes = (text: string) => new TextEncoder().encode(text);
  insertPublicationVersion(
    db,
    {
      season: 1,
      track: 'conformite',
      version: 1,
      correctsVersion: null,
      publishedAtMs: Date.parse('2026-11-02T10:00:00.000Z'),
      actor: 'ana',
      closeId: 1,
      scoresJson: bytes('{}\n'),
      scoresSha256: HASH,
      bundleDigestsJson: bytes('{}\n'),
      correctionJson: null,
      auditSeq: 1,
      auditHash: HASH,
    },
    participants.map((p) => ({
      participantId: p.id,
      reportJson: bytes(`{"participant_id":"${p.id}","unsupported":[]}\n`),
      reportSha256: HASH,
    })),
  );
  db.close();
}

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
