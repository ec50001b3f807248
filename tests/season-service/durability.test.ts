import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { loadsText } from '../../main/core/json/loads.ts';
import { verifyReceipt } from '../../main/core/receipts/submission-receipt.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { seasonServiceMigrations } from '../../main/db/season-service/migrations.ts';
import {
  boundKey,
  enroll,
  exportLines,
  freezeDocument,
  postFreeze,
  SEASON_DIR,
  submit,
  TEST_OPERATOR,
} from './support/season-fixture.ts';
import { serveThroughLauncher } from './support/serve-process.ts';
import { validSubmission } from './support/submissions.ts';

// A crash of the real process (docs/season-service.md "Durability and limits": "recorded" means on disk): `season
// serve` is killed with SIGKILL in the middle of a burst, after a fixed number of acknowledged answers, and restarted
// on the same state folder.
const CLIENTS = 8;
const TASKS = Array.from({ length: 10 }, (_, i) => `conf-${String(i + 1).padStart(2, '0')}`);
const VERSIONS = 3;
const KILL_AFTER_ACKS = 80;
/** The SIGTERM test: versions per chain (80 chains) and the 200 at which the signal is sent. */
const STOP_VERSIONS = 5;
const STOP_AFTER_ACKS = 120;

let dir: string;
let devnet: Devnet;
let operatorTokenFile: string;
let challengeSecretFile: string;
let operatorPublicKeyFile: string;
const operatorToken = randomBytes(32).toString('hex');
const challengeSecret = randomBytes(24).toString('hex');
const children: ChildProcess[] = [];

interface Cli {
  child: ChildProcess;
  url: string;
  metricsUrl: string | undefined;
  receiptPublicKey: string;
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  stderr: () => string;
  /** The lines printed after the first (the request log). */
  logLines: () => string[];
}

/** Starts `proveit season serve` through the real launcher; resolves once it printed its JSON line. */
async function startCli(state: string, extra: string[] = []): Promise<Cli> {
  const args = ['--port', '0', '--state', state, '--trust-layer', devnet.info.trust_layer];
  args.push('--operator-token-file', operatorTokenFile, '--challenge-secret-file', challengeSecretFile);
  args.push('--operator-public-key', operatorPublicKeyFile);
  args.push('--enroll-limit', '1000', ...extra);
  const served = await serveThroughLauncher(args, children);
  const info = JSON.parse(served.firstLine) as {
    url: string;
    season: number;
    tracks: string[];
    state: string;
    metrics_url?: string;
    receipt_public_key: string;
  };
  expect(info).toMatchObject({ season: 1, tracks: ['conformite', 'generique'], state: join(state, 'season.sqlite') });
  return {
    child: served.child,
    url: info.url,
    metricsUrl: info.metrics_url,
    receiptPublicKey: info.receipt_public_key,
    exited: served.exited,
    stderr: served.stderr,
    logLines: served.logLines,
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'season-durability-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  operatorTokenFile = join(dir, 'operator-token');
  challengeSecretFile = join(dir, 'challenge-secret');
  writeFileSync(operatorTokenFile, `${operatorToken}\n`, { mode: 0o600 });
  writeFileSync(challengeSecretFile, `${challengeSecret}\n`, { mode: 0o600 });
  operatorPublicKeyFile = join(dir, 'operator-public-key');
  writeFileSync(operatorPublicKeyFile, `${TEST_OPERATOR.publicKeyHex}\n`);
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await devnet?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Row {
  participant_id: string;
  track: string;
  task_id: string;
  version: number;
  body: Buffer;
  body_sha256: string;
}

describe('season serve as a real process: durability', () => {
  it('killed with SIGKILL in the middle of a burst and restarted: every acknowledged submission is on disk, no row half-written', async () => {
    const state = join(dir, 'state-kill');
    const first = await startCli(state);
    // The clock is real here: the tracks opened a minute ago and close in an hour.
    const opensAt = new Date(Date.now() - 60_000).toISOString();
    const closesAt = new Date(Date.now() + 3_600_000).toISOString();
    const service = { url: first.url, challengeSecret, operatorToken };
    for (const track of ['conformite', 'generique']) {
      expect((await postFreeze(service, freezeDocument(track, opensAt, closesAt))).status).toBe(200);
    }
    const clients: { token: string; did: string; participantId: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const key = await boundKey(devnet.info.trust_layer, `durable-${i}`);
      const enrolled = await enroll(first.url, key.apiKey, { agent_name: `Agent ${i}`, declared_stack: 'test' });
      expect(enrolled.status).toBe(201);
      clients.push({ token: enrolled.json.season_token, did: key.did, participantId: enrolled.json.participant_id });
    }

    // Every (client, task) chain sends its versions in order; the process dies on the KILL_AFTER_ACKS-th answer.
    let acks = 0;
    const chains = clients.flatMap((client) =>
      TASKS.map(async (taskId) => {
        const acknowledged: { version: number; sha256: string }[] = [];
        let unanswered = 0;
        for (let version = 1; version <= VERSIONS; version++) {
          const body = JSON.stringify(validSubmission('conformite', taskId, client.did, version));
          try {
            const answer = await submit(first.url, client.token, body);
            expect([answer.status, answer.json.recorded]).toEqual([200, true]);
            expect(answer.json.submission_sha256).toBe(sha256(body));
            acknowledged.push({ version, sha256: answer.json.submission_sha256 });
            if (++acks === KILL_AFTER_ACKS) first.child.kill('SIGKILL');
          } catch (error) {
            if (!(error instanceof TypeError)) throw error; // a connection cut by the kill: not acknowledged
            unanswered = VERSIONS - version + 1;
            break;
          }
        }
        return { client, taskId, acknowledged, unanswered };
      }),
    );
    const results = await Promise.all(chains);
    expect(await first.exited).toEqual([null, 'SIGKILL']);
    const acknowledgedCount = results.reduce((n, r) => n + r.acknowledged.length, 0);
    expect(acknowledgedCount).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    // The kill fell in the middle of the burst: some submissions were never answered.
    expect(results.reduce((n, r) => n + r.unanswered, 0)).toBeGreaterThan(0);

    const second = await startCli(state);
    try {
      const db = openDatabase(join(state, 'season.sqlite'), { migrations: seasonServiceMigrations });
      let rows: Row[];
      try {
        expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
        rows = db
          .prepare('SELECT participant_id, track, task_id, version, body, body_sha256 FROM submissions')
          .all() as Row[];
      } finally {
        db.close();
      }
      // No row is half-written: each body hashes to the SHA-256 recorded with it.
      for (const row of rows) expect(sha256(row.body.toString('utf8'))).toBe(row.body_sha256);
      const bySha = new Map(rows.map((row) => [row.body_sha256, row]));
      for (const { client, taskId, acknowledged } of results) {
        const versions = rows
          .filter((r) => r.participant_id === client.participantId && r.task_id === taskId)
          .map((r) => r.version)
          .sort((a, b) => a - b);
        // Every acknowledged version is a row, at its place in the chain.
        for (const ack of acknowledged) {
          expect(bySha.get(ack.sha256)).toMatchObject({
            participant_id: client.participantId,
            track: 'conformite',
            task_id: taskId,
            version: ack.version,
          });
        }
        // At most the one in flight at the kill was recorded without its answer; versions have no gap.
        expect(versions.length - acknowledged.length).toBeGreaterThanOrEqual(0);
        expect(versions.length - acknowledged.length).toBeLessThanOrEqual(1);
        expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
      }

      // The restarted service serves the same state: the export's line of a task is its highest version.
      const exported = await exportLines({ url: second.url, operatorToken });
      expect(exported.status).toBe(200);
      const inForce = new Map<string, Row>();
      for (const row of rows) {
        const pair = `${row.participant_id} ${row.task_id}`;
        if ((inForce.get(pair)?.version ?? 0) < row.version) inForce.set(pair, row);
      }
      const submitted = exported.lines.filter((l) => l.submission !== null);
      expect(submitted).toHaveLength(inForce.size);
      // A participant whose first version never got through has its one line with `"submission": null`.
      const withRows = new Set(rows.map((r) => r.participant_id));
      expect(
        exported.lines
          .filter((l) => l.submission === null)
          .map((l) => l.participant_id)
          .sort(),
      ).toEqual(
        clients
          .map((c) => c.participantId)
          .filter((id) => !withRows.has(id))
          .sort(),
      );
      for (const line of submitted) {
        const row = inForce.get(`${line.participant_id} ${line.submission.task_id}`);
        expect(line.submission_sha256).toBe(row?.body_sha256);
      }

      // And it goes on taking submissions: the next version of a chain replaces the one in force.
      const { client, taskId, acknowledged } = results.find((r) => r.acknowledged.length > 0)!;
      const next = await submit(
        second.url,
        client.token,
        JSON.stringify(validSubmission('conformite', taskId, client.did, 9)),
      );
      expect([next.status, next.json.recorded, next.json.replaces_previous]).toEqual([200, true, true]);
      expect(acknowledged.length).toBeGreaterThan(0);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);

  it('SIGTERM under load loses nothing acknowledged and keeps nothing refused: every 200 is on disk with a valid receipt, nothing else is, exit 0 within the bound', async () => {
    const state = join(dir, 'state-term-load');
    const cli = await startCli(state, ['--metrics-port', '0']);
    const opensAt = new Date(Date.now() - 60_000).toISOString();
    const closesAt = new Date(Date.now() + 3_600_000).toISOString();
    for (const track of ['conformite', 'generique']) {
      expect(
        (await postFreeze({ url: cli.url, challengeSecret }, freezeDocument(track, opensAt, closesAt))).status,
      ).toBe(200);
    }
    const clients: { token: string; did: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const key = await boundKey(devnet.info.trust_layer, `stopped-${i}`);
      const enrolled = await enroll(cli.url, key.apiKey, { agent_name: `Agent ${i}`, declared_stack: 'test' });
      expect(enrolled.status).toBe(201);
      clients.push({ token: enrolled.json.season_token, did: key.did });
    }
    const metrics = await (await fetch(cli.metricsUrl!)).text();
    expect(metrics).toContain(`proveit_season_enrollments_total{season="1"} ${CLIENTS}`);

    // Every (client, task) chain submits its versions in order until the service stops answering, each version
    // followed by a twin naming another participant's DID, which intake refuses (422): SIGTERM is sent at the
    // STOP_AFTER_ACKS-th 200, with the other chains' submissions in flight.
    const acknowledged: { sha256: string; receipt: string; afterTerm: boolean }[] = [];
    const refused: { sha256: string; status: number; code: string }[] = [];
    let termSentAt = 0;
    /** Submits one body: false once the service no longer takes connections (stopping: nothing was sent). */
    const submitOne = async (token: string, body: string) => {
      let answer: Response;
      let text: string;
      try {
        answer = await fetch(`${cli.url}/v1/season/1/submit`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body,
        });
        text = await answer.text();
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        return false;
      }
      if (answer.status !== 200) {
        refused.push({ sha256: sha256(body), status: answer.status, code: JSON.parse(text).error.code });
        return true;
      }
      acknowledged.push({ sha256: sha256(body), receipt: text, afterTerm: termSentAt > 0 });
      if (acknowledged.length === STOP_AFTER_ACKS) {
        termSentAt = performance.now();
        cli.child.kill('SIGTERM');
      }
      return true;
    };
    const chains = clients.flatMap((client, i) =>
      TASKS.map(async (taskId) => {
        const other = clients[(i + 1) % clients.length]!;
        for (let version = 1; version <= STOP_VERSIONS; version++) {
          const own = JSON.stringify(validSubmission('conformite', taskId, client.did, version));
          if (!(await submitOne(client.token, own))) return;
          const misattributed = JSON.stringify({
            ...validSubmission('conformite', taskId, other.did, version),
            narrative: `sent by another participant, version ${version}`,
          });
          if (!(await submitOne(client.token, misattributed))) return;
        }
      }),
    );
    await Promise.all(chains);
    expect(await cli.exited).toEqual([0, null]);
    const stopMs = performance.now() - termSentAt;
    expect(stopMs).toBeLessThan(10_000);
    expect(cli.stderr()).toBe('');
    // The stop came under load: submissions in flight at SIGTERM were still answered 200.
    expect(acknowledged.filter((a) => a.afterTerm).length).toBeGreaterThan(0);
    // Refusals here are intake's of the misattributed twins, or the stop's own (503 SERVICE_STOPPING).
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused)
      expect([r.status, r.code]).toEqual(r.status === 503 ? [503, 'SERVICE_STOPPING'] : [422, expect.any(String)]);

    // Each 200 carries a receipt signed by the service's receipt key.
    for (const { receipt } of acknowledged) {
      const parsed = loadsText(receipt);
      expect(parsed.ok && verifyReceipt(parsed.value, cli.receiptPublicKey).ok).toBe(true);
    }
    const db = openDatabase(join(state, 'season.sqlite'), { migrations: seasonServiceMigrations });
    let stored: string[];
    try {
      expect(db.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
      stored = db.prepare('SELECT body_sha256 FROM submissions').pluck().all() as string[];
    } finally {
      db.close();
    }
    // On disk: exactly what was acknowledged. Nothing refused, nothing unanswered.
    expect(stored.sort()).toEqual(acknowledged.map((a) => a.sha256).sort());
    const storedSet = new Set(stored);
    expect(refused.filter((r) => storedSet.has(r.sha256))).toEqual([]);

    // The request log: one JSON line per request, the 200s of /submit as many as the receipts, no token in it.
    const logged = cli.logLines().map((l) => JSON.parse(l) as { route: string; status: number });
    const submits = logged.filter((l) => l.route === '/v1/season/{n}/submit');
    expect(submits.filter((l) => l.status === 200)).toHaveLength(acknowledged.length);
    expect(submits.filter((l) => l.status !== 200)).toHaveLength(refused.length);
    const log = cli.logLines().join('\n');
    for (const { token } of clients) expect(log).not.toContain(token);
    expect(log).not.toContain(operatorToken);
  }, 180_000);

  it('SIGTERM stops season serve cleanly: exit 0, and what it acknowledged is there on the next start', async () => {
    const state = join(dir, 'state-term');
    const cli = await startCli(state);
    const opensAt = new Date(Date.now() - 60_000).toISOString();
    const closesAt = new Date(Date.now() + 3_600_000).toISOString();
    expect(
      (await postFreeze({ url: cli.url, challengeSecret }, freezeDocument('conformite', opensAt, closesAt))).status,
    ).toBe(200);
    const key = await boundKey(devnet.info.trust_layer, 'terminated');
    const enrolled = await enroll(cli.url, key.apiKey);
    const body = JSON.stringify(validSubmission('conformite', 'conf-01', key.did));
    const answer = await submit(cli.url, enrolled.json.season_token, body);
    expect(answer.status).toBe(200);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toEqual([0, null]);
    expect(cli.stderr()).not.toMatch(/Error|season service:/);

    const again = await startCli(state);
    try {
      const exported = await exportLines({ url: again.url, operatorToken });
      expect(exported.lines.map((l) => l.submission_sha256)).toEqual([answer.json.submission_sha256]);
    } finally {
      again.child.kill('SIGTERM');
      expect(await again.exited).toEqual([0, null]);
    }
  }, 120_000);
});
