import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupRestoreCommand, backupVerifyCommand } from '../../main/cli/backup-commands.ts';
import { seasonRestoreCommand } from '../../main/cli/season-restore-command.ts';
import { verifyReceipt } from '../../main/core/receipts/submission-receipt.ts';
import { loads } from '../../main/core/json/loads.ts';
import { runSeasonService } from '../../season-service/run-season-service.ts';
import { startSeasonBackups, type SeasonBackups } from '../../season-service/season-backups.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';
import {
  enroll,
  exportLines,
  freezeBothTracks,
  newDidKey,
  SEASON_DIR,
  startTestService,
  submit,
  TestClock,
  type RunningService,
} from './support/season-fixture.ts';
import { validSubmission } from './support/submissions.ts';

// Backups while the service serves (docs/season-service.md "Backups"), in process: the service of the tests, its own
// connection snapshotted in steps while submissions are written, then restored with `season restore` and served again.
const folder = tempFolder('season-backups-');
const PASSPHRASE = 'a season passphrase 8842 never logged';
const passFile = folder.file('passphrase');
const did = newDidKey().did;
let service: RunningService;
let stateFile: string;
let token: string;
const lines: string[] = [];
const stops: (() => Promise<void>)[] = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = Record<string, any>;

beforeAll(async () => {
  writeFileSync(passFile, `${PASSPHRASE}\n`, { mode: 0o600 });
  service = await startTestService('http://127.0.0.1:9', {
    identity: async () => ({ kind: 'bound', did, history: [] }),
  });
  stateFile = join(dirname(service.receiptKeyFile), 'season.sqlite');
  await freezeBothTracks(service);
  const enrolled = await enroll(service.url, 'mk_test_api_key_0042');
  expect(enrolled.status).toBe(201);
  token = enrolled.json['season_token'] as string;
});

afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

afterAll(async () => {
  await service?.stop();
  folder.remove();
});

function backupsOf(dir: string, keep = 24, clock = service.clock): SeasonBackups {
  const backups = startSeasonBackups({
    db: service.db,
    stateFile,
    policy: { dir, passphrase: PASSPHRASE, everyMs: 3_600_000, keep },
    now: clock.now,
    log: (line) => lines.push(line),
  });
  stops.push(() => backups.stop());
  return backups;
}

const submitTask = (taskId: string, version: number) =>
  submit(service.url, token, JSON.stringify(validSubmission('conformite', taskId, did, version)));

async function run(command: typeof seasonRestoreCommand, args: string[]) {
  const io = captureIo();
  const code = await command.run(args, io);
  return { code, io, doc: args.includes('--json') ? (JSON.parse(io.stdout) as Json) : null };
}

describe('season service backups while it serves', () => {
  it('a backup taken while submissions are written restores into a state that serves the same season: receipts, tokens, export', async () => {
    const before = [];
    for (let i = 1; i <= 5; i++) before.push(await submitTask(`conf-0${i}`, 1));
    expect(before.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const dir = folder.file('backups-restore');
    const backups = backupsOf(dir);
    // Submissions go on while the snapshot is taken: the copy is one state, whichever of them it holds.
    const during = Promise.all([6, 7, 8, 9].map((i) => submitTask(`conf-0${i}`, 1)));
    const made = await backups.backupNow();
    expect((await during).map((a) => a.status)).toEqual([200, 200, 200, 200]);
    if (!made.ok) throw new Error(`the backup failed: ${JSON.stringify(made)}`);
    expect(made.backup.files.map((f) => f.path)).toEqual(['season.sqlite', 'receipt-key.pem']);
    expect(readdirSync(dir)).toEqual([made.backup.file.slice(dir.length + 1)]);
    // Nothing of the state in clear: neither the receipt key nor the database.
    const sealed = readFileSync(made.backup.file);
    expect(sealed.includes(readFileSync(service.receiptKeyFile).subarray(28, 60))).toBe(false);
    expect(sealed.includes(Buffer.from('SQLite format 3'))).toBe(false);
    // No snapshot left in clear beside the database.
    expect(readdirSync(dirname(stateFile)).filter((n) => n.includes('backup-snapshot'))).toEqual([]);

    const verified = await run(backupVerifyCommand, [made.backup.file, '--passphrase-file', passFile, '--json']);
    expect(verified.code).toBe(0);
    expect(verified.doc).toMatchObject({ ok: true, kind: 'season-service', participants: 1, freezes_received: 2 });
    expect(verified.doc!['receipt_public_key']).toBe(service.receiptPublicKey);

    const restoredDir = folder.file('restored');
    const restored = await run(seasonRestoreCommand, [
      made.backup.file,
      '--state',
      restoredDir,
      '--passphrase-file',
      passFile,
      '--json',
    ]);
    expect(restored.code).toBe(0);
    expect(readdirSync(restoredDir).sort()).toEqual(['receipt-key.pem', 'season.sqlite']);
    const clock = new TestClock(service.clock.current);
    const second = await runSeasonService({
      host: '127.0.0.1',
      port: 0,
      stateFile: join(restoredDir, 'season.sqlite'),
      seasonDir: SEASON_DIR,
      trustLayer: 'http://127.0.0.1:9',
      operatorToken: service.operatorToken,
      challengeSecret: null,
      now: clock.now,
      metricsPort: 0,
      requestLog: null,
      backups: { dir: folder.file('backups-of-restored'), passphrase: PASSPHRASE, everyMs: 3_600_000, keep: 2 },
    });
    stops.push(async () => void (await second.close()));
    // The same receipt key: a receipt issued before the backup verifies against what the restored service announces.
    expect(second.info.receipt_public_key).toBe(service.receiptPublicKey);
    const receipt = loads(Buffer.from(JSON.stringify(before[0]!.json)));
    expect(receipt.ok && verifyReceipt(receipt.value, second.info.receipt_public_key).ok).toBe(true);
    // The export holds every submission acknowledged before the backup started.
    const exported = await exportLines({ url: second.info.url, operatorToken: service.operatorToken });
    const exportedSha256 = exported.lines.map((l) => l['submission_sha256'] as string);
    for (const answer of before) expect(exportedSha256).toContain(answer.json['submission_sha256']);
    // The participant's token still works on the restored service.
    const again = await submit(
      second.info.url,
      token,
      JSON.stringify(validSubmission('conformite', 'conf-01', did, 2)),
    );
    expect([again.status, again.json['recorded']]).toEqual([200, true]);
    // The restored service backs up in turn, and its metrics say how old its last backup is (absent before one).
    const backupAge = async () =>
      (await (await fetch(second.info.metrics_url!)).text())
        .split('\n')
        .find((l) => l.startsWith('proveit_season_backup_age_seconds{'));
    expect(await backupAge()).toBeUndefined();
    mkdirSync(folder.file('backups-of-restored'));
    expect((await second.backups!.backupNow()).ok).toBe(true);
    expect(await backupAge()).toMatch(/^proveit_season_backup_age_seconds\{season="1"\} 0$/);
    expect(lines).toEqual([]);
  });

  it('keeps the last N backups of the folder, the oldest removed, and tells onBackup the time of each', async () => {
    const dir = folder.file('backups-keep');
    mkdirSync(dir);
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    const clock = new TestClock(new Date(service.clock.current));
    const told: number[] = [];
    const backups = startSeasonBackups({
      db: service.db,
      stateFile,
      policy: { dir, passphrase: PASSPHRASE, everyMs: 3_600_000, keep: 1, onBackup: (at) => told.push(at) },
      now: clock.now,
      log: (line) => lines.push(line),
    });
    stops.push(() => backups.stop());
    const times: number[] = [];
    const headers: Buffer[] = [];
    for (let i = 0; i < 2; i++) {
      times.push(clock.current.getTime());
      const made = await backups.backupNow();
      if (!made.ok) throw new Error('the backup failed');
      headers.push(readFileSync(made.backup.file).subarray(0, 72));
      clock.current = new Date(clock.current.getTime() + 60_000);
    }
    // One key per service start (its scrypt salt), a fresh GCM nonce per backup.
    expect(headers[0]!.subarray(20, 36).equals(headers[1]!.subarray(20, 36))).toBe(true);
    expect(headers[0]!.subarray(36, 48).equals(headers[1]!.subarray(36, 48))).toBe(false);
    expect(told).toEqual(times);
    const names = readdirSync(dir).sort();
    expect(names).toEqual(['notes.txt', `season-${new Date(times[1]!).toISOString().replace(/[-:.]/g, '')}.backup`]);
  });

  it('a backup folder that cannot be written: a SEASON_BACKUP_FAILED line with its reason, the service goes on accepting submissions', async () => {
    const blocked = folder.file('a-file-not-a-folder');
    writeFileSync(blocked, 'in the way');
    const failures: string[] = [];
    const backups = startSeasonBackups({
      db: service.db,
      stateFile,
      policy: {
        dir: join(blocked, 'backups'),
        passphrase: PASSPHRASE,
        everyMs: 3_600_000,
        keep: 24,
        onBackupFailed: (f) => failures.push(f.code),
      },
      now: service.clock.now,
      log: (line) => lines.push(line),
    });
    stops.push(() => backups.stop());
    const made = await backups.backupNow();
    expect(made.ok).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^proveit season serve: SEASON_BACKUP_FAILED: WRITE_[A-Z_]+: .*the service goes on serving/,
    );
    expect(failures).toHaveLength(1);
    expect(lines.join('')).not.toContain(PASSPHRASE);
    const after = await submitTask('conf-10', 1);
    expect([after.status, after.json['recorded']]).toEqual([200, true]);
    lines.length = 0;
  });

  it('refusals of season restore: a wrong passphrase, a state folder not empty, an operator restore of a season backup', async () => {
    const dir = folder.file('backups-refusals');
    const made = await backupsOf(dir).backupNow();
    if (!made.ok) throw new Error('the backup failed');
    const wrongFile = folder.file('wrong-passphrase');
    writeFileSync(wrongFile, 'another passphrase, long enough\n');
    const target = folder.file('refused-state');
    const wrong = await run(seasonRestoreCommand, [
      made.backup.file,
      '--state',
      target,
      '--passphrase-file',
      wrongFile,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.io.stderr).toMatch(/^proveit season restore: BACKUP_PASSPHRASE_WRONG: /);
    expect(existsSync(target)).toBe(false);

    mkdirSync(target);
    writeFileSync(join(target, 'season.sqlite'), 'an earlier state');
    const notEmpty = await run(seasonRestoreCommand, [
      made.backup.file,
      '--state',
      target,
      '--passphrase-file',
      passFile,
      '--json',
    ]);
    expect([notEmpty.code, notEmpty.doc!['code']]).toEqual([1, 'SEASON_RESTORE_NOT_EMPTY']);
    expect(readFileSync(join(target, 'season.sqlite'), 'utf8')).toBe('an earlier state');

    const asOperator = await run(backupRestoreCommand, [
      made.backup.file,
      '--passphrase-file',
      passFile,
      '--db',
      folder.file('operator/console.sqlite'),
      '--json',
    ]);
    expect([asOperator.code, asOperator.doc!['code']]).toEqual([1, 'BACKUP_WRONG_KIND']);
    expect(asOperator.doc!['message']).toContain('proveit season restore');
    for (const out of [wrong, notEmpty, asOperator]) expect(out.io.stdout + out.io.stderr).not.toContain(PASSPHRASE);
  });
});
