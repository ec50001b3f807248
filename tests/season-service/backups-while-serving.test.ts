import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { loads } from '../../main/core/json/loads.ts';
import { verifyReceipt } from '../../main/core/receipts/submission-receipt.ts';
import { until } from './support/raw-client.ts';
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

// docs/season-service.md "Backups", through the real command: `season serve` backing up every second while it takes
// submissions, `season restore` of one of its backups into a new folder, and a service started there serving the
// same season. The test waits for a backup file by looking for it, never for a length of time.
const launcher = join(process.cwd(), 'bin/proveit.mjs');
const PASSPHRASE = `season backups ${randomBytes(9).toString('hex')}`;
const operatorToken = randomBytes(32).toString('hex');
const challengeSecret = randomBytes(24).toString('hex');
let dir: string;
let devnet: Devnet;
const files = { operatorToken: '', challengeSecret: '', operatorKey: '', passphrase: '', wrongPassphrase: '' };
const children: ChildProcess[] = [];
const outputs: string[] = [];

interface Served {
  child: ChildProcess;
  info: { url: string; receipt_public_key: string; backups?: { dir: string; every_seconds: number; keep: number } };
  stderr: () => string;
  stop: () => Promise<void>;
}

async function serve(state: string, extra: string[] = []): Promise<Served> {
  const args = ['--port', '0', '--state', state, '--trust-layer', devnet.info.trust_layer];
  args.push('--operator-token-file', files.operatorToken, '--challenge-secret-file', files.challengeSecret);
  args.push('--operator-public-key', files.operatorKey, ...extra);
  const served = await serveThroughLauncher(args, children);
  outputs.push(served.firstLine);
  return {
    child: served.child,
    info: JSON.parse(served.firstLine) as Served['info'],
    stderr: served.stderr,
    async stop() {
      served.child.kill('SIGTERM');
      await served.exited;
      outputs.push(served.stderr());
    },
  };
}

/** Runs a command of the real launcher to its end. */
function proveit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [launcher, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      outputs.push(stdout, stderr);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** The time a backup's name gives (season-YYYYMMDDTHHMMSSmmmZ.backup): when its snapshot was started. */
function timeOf(name: string): number {
  const m = /^season-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z\.backup$/.exec(name);
  return m === null ? NaN : Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'season-backups-cli-'));
  devnet = await startDevnet({ stateDir: join(dir, 'devnet'), corpusDir: join(SEASON_DIR, 'conformite') });
  for (const [name, text] of [
    ['operatorToken', operatorToken],
    ['challengeSecret', challengeSecret],
    ['operatorKey', TEST_OPERATOR.publicKeyHex],
    ['passphrase', PASSPHRASE],
    ['wrongPassphrase', 'not the passphrase of these backups'],
  ] as const) {
    files[name] = join(dir, name);
    writeFileSync(files[name], `${text}\n`, { mode: 0o600 });
  }
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await devnet?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('season serve --backup-dir, then season restore, as real processes', () => {
  it('a backup taken while serving restores into a service that serves the same season: receipts, token, export', async () => {
    const backups = join(dir, 'backups');
    const first = await serve(join(dir, 'state'), [
      '--backup-dir',
      backups,
      '--backup-passphrase-file',
      files.passphrase,
      '--backup-every',
      '1',
      '--backup-keep',
      '3',
    ]);
    expect(first.info.backups).toEqual({ dir: backups, every_seconds: 1, keep: 3 });
    const opensAt = new Date(Date.now() - 60_000).toISOString();
    const closesAt = new Date(Date.now() + 3_600_000).toISOString();
    const service = { url: first.info.url, challengeSecret };
    for (const track of ['conformite', 'generique'])
      expect((await postFreeze(service, freezeDocument(track, opensAt, closesAt))).status).toBe(200);
    const key = await boundKey(devnet.info.trust_layer, 'backed-up');
    const enrolled = await enroll(first.info.url, key.apiKey);
    expect(enrolled.status).toBe(201);
    const token = enrolled.json.season_token as string;
    const answers = [];
    for (const task of ['conf-01', 'conf-02', 'conf-03']) {
      const answer = await submit(first.info.url, token, JSON.stringify(validSubmission('conformite', task, key.did)));
      expect(answer.status).toBe(200);
      answers.push(answer);
    }
    const acknowledgedAt = Date.now();
    // A backup whose snapshot started after the last acknowledgement holds all three.
    let name = '';
    await until(() => {
      name = existsSync(backups) ? (readdirSync(backups).find((n) => timeOf(n) > acknowledgedAt) ?? '') : '';
      return name !== '';
    }, 30_000);
    await first.stop();
    // Kept: at most 3 of them, whatever the number of turns since.
    expect(readdirSync(backups).filter((n) => n.endsWith('.backup')).length).toBeLessThanOrEqual(3);
    expect(first.stderr()).not.toContain('SEASON_BACKUP_FAILED');

    const restoredState = join(dir, 'restored');
    const wrong = await proveit([
      'season',
      'restore',
      join(backups, name),
      '--state',
      restoredState,
      '--passphrase-file',
      files.wrongPassphrase,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /^proveit season restore: BACKUP_PASSPHRASE_WRONG: .*give the passphrase file it was created with/,
    );
    const restored = await proveit([
      'season',
      'restore',
      join(backups, name),
      '--state',
      restoredState,
      '--passphrase-file',
      files.passphrase,
      '--json',
    ]);
    expect(restored.code).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ ok: true, kind: 'season-service', participants: 1 });

    const second = await serve(restoredState);
    try {
      expect(second.info.receipt_public_key).toBe(first.info.receipt_public_key);
      for (const answer of answers) {
        const receipt = loads(Buffer.from(JSON.stringify(answer.json)));
        expect(receipt.ok && verifyReceipt(receipt.value, second.info.receipt_public_key).ok).toBe(true);
      }
      const exported = await exportLines({ url: second.info.url, operatorToken });
      expect(exported.lines.map((l) => l.submission_sha256).sort()).toEqual(
        answers.map((a) => a.json.submission_sha256).sort(),
      );
      const next = await submit(
        second.info.url,
        token,
        JSON.stringify(validSubmission('conformite', 'conf-01', key.did, 2)),
      );
      expect([next.status, next.json.recorded, next.json.replaces_previous]).toEqual([200, true, true]);
    } finally {
      await second.stop();
    }
    for (const output of outputs) expect(output).not.toContain(PASSPHRASE);
  }, 120_000);

  it('a backup folder that cannot be written: SEASON_BACKUP_FAILED on stderr with its reason, submissions still accepted', async () => {
    const blocked = join(dir, 'in-the-way');
    writeFileSync(blocked, 'a file where the backup folder should be');
    const served = await serve(join(dir, 'state-blocked'), [
      '--backup-dir',
      join(blocked, 'backups'),
      '--backup-passphrase-file',
      files.passphrase,
      '--backup-every',
      '1',
    ]);
    try {
      await until(() => served.stderr().includes('SEASON_BACKUP_FAILED'), 30_000);
      expect(served.stderr()).toMatch(
        /^proveit season serve: SEASON_BACKUP_FAILED: WRITE_[A-Z_]+: .*the service goes on serving/m,
      );
      const opensAt = new Date(Date.now() - 60_000).toISOString();
      const closesAt = new Date(Date.now() + 3_600_000).toISOString();
      expect(
        (await postFreeze({ url: served.info.url, challengeSecret }, freezeDocument('conformite', opensAt, closesAt)))
          .status,
      ).toBe(200);
      const key = await boundKey(devnet.info.trust_layer, 'blocked');
      const enrolled = await enroll(served.info.url, key.apiKey);
      const answer = await submit(
        served.info.url,
        enrolled.json.season_token,
        JSON.stringify(validSubmission('conformite', 'conf-01', key.did)),
      );
      expect([answer.status, answer.json.recorded]).toEqual([200, true]);
    } finally {
      await served.stop();
    }
    expect(served.child.exitCode).toBe(0);
    for (const output of outputs) expect(output).not.toContain(PASSPHRASE);
  }, 60_000);
});
