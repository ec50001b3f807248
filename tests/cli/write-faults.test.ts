import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { withBackupAfter } from '../../main/cli/backup-after-option.ts';
import { backupCreateCommand, backupRestoreCommand } from '../../main/cli/backup-commands.ts';
import type { Command } from '../../main/cli/command.ts';
import { createFreezeRevealCommand } from '../../main/cli/freeze-reveal.ts';
import { createIndexExportCommand } from '../../main/cli/index-commands.ts';
import { main } from '../../main/cli/main.ts';
import { createSeasonCloseCommand } from '../../main/cli/season-close-command.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { systemClock, type Clock } from '../../main/services/clock.ts';
import { tempFolder } from '../db/support/temp-db.ts';
import { recordedClose } from '../services/publications/support/recorded-close.ts';
import { captureIo } from '../support/capture-io.ts';
import { copyOfSharedDemo, SHARED_DEMO_STARTED_AT } from '../support/played-demo.ts';
import { fullFilesystem, mountRefusal, readOnlyFilesystem, type SmallFilesystem } from '../support/small-filesystem.ts';

/**
 * docs/operator-database.md "File write faults": a full disk or a read-only file system under any command that writes
 * is a refusal with a stable code, in the command's own --json refusal shape, exit 1, never a stack trace; what the
 * command wrote is removed, no audit entry is appended for the act that did not happen, the database stays sound and
 * the earlier backups are left alone. Real tmpfs mounts (tests/support/small-filesystem.ts): root ignores file modes.
 */

const demo = copyOfSharedDemo();
const work = tempFolder('proveit-write-faults-');
afterAll(() => work.remove());

let disk: SmallFilesystem | undefined;
afterEach(() => {
  disk?.remove();
  disk = undefined;
});

/** An hour after the shared demo was played: its tracks are closed, so a close or a reveal may run. */
const clock: Clock = { now: () => SHARED_DEMO_STARTED_AT + 3_600_000, sleep: systemClock.sleep };
const PASSPHRASE = 'write faults passphrase 4471';
const passFile = work.file('passphrase');
writeFileSync(passFile, `${PASSPHRASE}\n`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- command outputs are checked field by field
type Json = Record<string, any>;

async function run(command: Command, args: string[]) {
  const io = captureIo();
  const code = await command.run(args, io);
  return { code, io, doc: args.includes('--json') && io.stdout ? (JSON.parse(io.stdout) as Json) : null };
}

/** Every audit entry's action, the chain's length, and integrity_check's verdict: what a fault must leave as it was. */
function databaseState(file: string): { actions: string[]; integrity: string } {
  const db = openDatabase(file);
  try {
    const actions = (db.prepare('SELECT action FROM audit_log ORDER BY seq').pluck().all() as string[]).slice();
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[])
      .map((r) => r.integrity_check)
      .join('; ');
    return { actions, integrity };
  } finally {
    db.close();
  }
}

/** Refused, exit 1, no stack trace anywhere. */
function expectRefusal(result: { code: number; io: { stdout: string; stderr: string } }) {
  expect(result.code, result.io.stderr).toBe(1);
  expect(`${result.io.stdout}${result.io.stderr}`).not.toMatch(/\n\s+at /);
}

const skip = mountRefusal !== null;
const title = (what: string) => (skip ? `${what} (skipped: ${mountRefusal})` : what);

// ---------------------------------------------------------------------------------------------------------------

const [conformite] = demo.tracks;
const bundle = join(conformite!.out, 'bundle');
const serviceKey = (() => {
  const lines = readFileSync(join(bundle, 'submissions.ndjson'), 'utf8').trim().split('\n');
  return (JSON.parse(lines.at(-1)!) as Json).export_signature.receipt_public_key as string;
})();

/** `season close` of the demo's compliance track again, from its own bundle: every view is stored, nothing is read. */
const closeArgs = (out: string) => [
  ...['--season', String(demo.season), '--track', 'conformite', '--corpus', join(bundle, 'corpus')],
  ...['--submissions', join(bundle, 'submissions.ndjson'), '--service-key', serviceKey],
  ...['--trust-layer', 'http://127.0.0.1:9', '--trust', join(bundle, 'trust-bundle')],
  ...['--out', out, '--db', demo.db, '--json'],
];

describe.skipIf(skip)(title('season close'), () => {
  it('a close whose --out fills the disk mid-bundle answers WRITE_DISK_FULL in its --json shape, removes what it wrote and appends no audit entry (no "revealed again")', async () => {
    const before = databaseState(demo.db);
    // Room for the close's marker, not for its bundle.
    disk = fullFilesystem({ free: 8192 });
    const out = join(disk.path, 'close');
    const result = await run(createSeasonCloseCommand(clock), closeArgs(out));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_DISK_FULL' });
    expect(result.doc!.failures[0].message).toContain(disk.path);
    expect(result.doc!.failures[0].message).toContain('--out');
    expect(disk.leftovers()).toEqual([]);
    expect(databaseState(demo.db)).toEqual(before);
  });

  it('a close into a read-only --out answers WRITE_READ_ONLY, writes nothing and appends no audit entry', async () => {
    const before = databaseState(demo.db);
    disk = readOnlyFilesystem();
    const result = await run(createSeasonCloseCommand(clock), closeArgs(join(disk.path, 'close')));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_READ_ONLY' });
    expect(disk.leftovers()).toEqual([]);
    expect(databaseState(demo.db)).toEqual(before);
  });

  it('the same close on a disk with room records its reveal and its close, once', async () => {
    const before = databaseState(demo.db);
    const result = await run(createSeasonCloseCommand(clock), closeArgs(work.file('close-ok')));
    expect(result.code, result.io.stderr).toBe(0);
    expect(databaseState(demo.db).actions).toEqual([...before.actions, 'freeze.reveal', 'season.close']);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe.skipIf(skip)(title('freeze reveal --out'), () => {
  const revealInto = (out: string) =>
    run(createFreezeRevealCommand(clock), [
      ...['--season', String(demo.season), '--track', 'conformite', '--db', demo.db, '--out', out, '--json'],
    ]);

  it('a reveal document the full disk refuses answers WRITE_DISK_FULL, leaves no part of it and records no reveal', async () => {
    const before = databaseState(demo.db);
    disk = fullFilesystem();
    const result = await revealInto(join(disk.path, 'reveal.json'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_DISK_FULL' });
    expect(disk.leftovers()).toEqual([]);
    expect(databaseState(demo.db)).toEqual(before);
  });

  it('a reveal document into a read-only folder answers WRITE_READ_ONLY and records no reveal', async () => {
    const before = databaseState(demo.db);
    disk = readOnlyFilesystem();
    const result = await revealInto(join(disk.path, 'reveal.json'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_READ_ONLY' });
    expect(databaseState(demo.db)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** `proveit ...` through the runner, where a database fault becomes its DB_ code (main/cli/main.ts). */
async function proveit(args: string[]) {
  const io = captureIo();
  const code = await main(args, io);
  return { code, io, doc: args.includes('--json') && io.stdout ? (JSON.parse(io.stdout) as Json) : null };
}

/** Room for SQLite's -shm file (32 KiB) and one page: opening works, the write-ahead log of a write does not fit. */
const SHM_AND_A_PAGE = 36_864;

/** A database holding a recorded close (its files stay where recordedClose wrote them), copied into `dir`. */
function closeDatabaseIn(dir: string): string {
  const { db, dir: made } = recordedClose();
  afterAll(() => rmSync(made, { recursive: true, force: true }));
  db.pragma('wal_checkpoint(TRUNCATE)');
  const file = join(dir, 'console.sqlite');
  copyFileSync(db.name, file);
  db.close();
  return file;
}

/** A fresh operator database in `dir` (its migrations written), closed: -wal checkpointed away. */
function freshDatabaseIn(dir: string): string {
  const file = join(dir, 'console.sqlite');
  openDatabase(file).close();
  return file;
}

describe.skipIf(skip)(title('season publish'), () => {
  const publish = (db: string) =>
    proveit(['season', 'publish', '--season', '1', '--track', 'conformite', '--db', db, '--json']);

  it('a publication on a full disk answers DB_DISK_FULL in its --json shape; nothing is published, the database stays sound', async () => {
    let file = '';
    disk = fullFilesystem({ size: '1m', free: SHM_AND_A_PAGE, populate: (path) => (file = closeDatabaseIn(path)) });
    const before = databaseState(file);
    const result = await publish(file);
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'DB_DISK_FULL' });
    expect(databaseState(file)).toEqual(before);
  });

  it('a publication in a read-only folder answers DB_READ_ONLY; nothing is published', async () => {
    let file = '';
    disk = readOnlyFilesystem((path) => (file = closeDatabaseIn(path)));
    const result = await publish(file);
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'DB_READ_ONLY' });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe.skipIf(skip)(title('index export'), () => {
  const exportInto = (out: string) =>
    run(createIndexExportCommand(clock), [
      '--season',
      String(demo.season),
      '--version',
      '1',
      '--db',
      demo.db,
      '--out',
      out,
      '--json',
    ]);

  it('an export on a full disk answers WRITE_DISK_FULL naming the path, leaves no staging folder and appends no audit entry', async () => {
    const before = databaseState(demo.db);
    disk = fullFilesystem();
    const result = await exportInto(join(disk.path, 'index'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_DISK_FULL' });
    expect(result.doc!.message).toContain(disk.path);
    expect(result.doc!.message).toContain('the staged files were removed');
    expect(disk.leftovers()).toEqual([]);
    expect(databaseState(demo.db)).toEqual(before);
  });

  it('an export into a read-only folder answers WRITE_READ_ONLY and appends no audit entry', async () => {
    const before = databaseState(demo.db);
    disk = readOnlyFilesystem();
    const result = await exportInto(join(disk.path, 'index'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_READ_ONLY' });
    expect(databaseState(demo.db)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe.skipIf(skip)(title('backup create'), () => {
  const create = (db: string, out: string) =>
    run(backupCreateCommand, ['--db', db, '--out', out, '--passphrase-file', passFile, '--json']);

  it('a backup onto a full disk answers WRITE_DISK_FULL, leaves no partial file and records no backup.create', async () => {
    const before = databaseState(demo.db);
    disk = fullFilesystem();
    const result = await create(demo.db, join(disk.path, 'console.backup'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_DISK_FULL' });
    expect(result.doc!.message).toContain(disk.path);
    expect(disk.leftovers()).toEqual([]);
    expect(databaseState(demo.db)).toEqual(before);
  });

  it('a backup into a read-only folder answers WRITE_READ_ONLY and records no backup.create', async () => {
    const before = databaseState(demo.db);
    disk = readOnlyFilesystem();
    const result = await create(demo.db, join(disk.path, 'console.backup'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_READ_ONLY' });
    expect(databaseState(demo.db)).toEqual(before);
  });

  it('a database whose own disk has no room for the snapshot answers WRITE_DISK_FULL naming the snapshot, which is removed', async () => {
    let file = '';
    disk = fullFilesystem({ size: '1m', free: SHM_AND_A_PAGE, populate: (path) => (file = closeDatabaseIn(path)) });
    const before = databaseState(file);
    const result = await create(file, work.file('snapshot-case.backup'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_DISK_FULL' });
    expect(result.doc!.message).toContain('snapshot');
    expect(disk.leftovers().filter((name) => name.includes('snapshot'))).toEqual([]);
    expect(databaseState(file)).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe.skipIf(skip)(title('the automatic backup after an act (--backup-dir, --backup-keep)'), () => {
  const EARLIER = ['console-20261101T090000000Z.backup', 'console-20261102T090000000Z.backup'];
  const revealThenBackUp = (dir: string) =>
    run(withBackupAfter(createFreezeRevealCommand(clock), clock), [
      ...['--season', String(demo.season), '--track', 'conformite', '--db', demo.db],
      ...['--backup-dir', dir, '--backup-passphrase-file', passFile, '--backup-keep', '2'],
    ]);
  const earlierBackups = (dir: string) => {
    for (const name of EARLIER) writeFileSync(join(dir, name), `an earlier backup: ${name}\n`);
  };
  const contents = (dir: string) => EARLIER.map((name) => readFileSync(join(dir, name), 'utf8'));

  it('a backup folder on a full disk: BACKUP FAILED WRITE_DISK_FULL on stderr, the act stands, the earlier backups are left alone', async () => {
    disk = fullFilesystem({ populate: earlierBackups });
    const before = contents(disk.path);
    const result = await revealThenBackUp(disk.path);
    expect(result.code, result.io.stderr).toBe(0);
    expect(result.io.stderr).toContain('BACKUP FAILED: WRITE_DISK_FULL');
    expect(result.io.stderr).not.toMatch(/\n\s+at /);
    expect(disk.leftovers().sort()).toEqual(EARLIER);
    expect(contents(disk.path)).toEqual(before);
    expect(databaseState(demo.db).actions.slice(-2)).toEqual(['freeze.reveal', 'backup.failed']);
  });

  it('a read-only backup folder: BACKUP FAILED WRITE_READ_ONLY, the earlier backups are left alone', async () => {
    disk = readOnlyFilesystem(earlierBackups);
    const result = await revealThenBackUp(disk.path);
    expect(result.code, result.io.stderr).toBe(0);
    expect(result.io.stderr).toContain('BACKUP FAILED: WRITE_READ_ONLY');
    expect(disk.leftovers().sort()).toEqual(EARLIER);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe.skipIf(skip)(title('backup restore'), () => {
  const backup = work.file('demo.backup');
  const restore = (db: string) =>
    run(backupRestoreCommand, [backup, '--passphrase-file', passFile, '--db', db, '--json']);

  it('a restore onto a full disk answers WRITE_DISK_FULL and takes back the files it had written beside the database', async () => {
    expect(
      (await run(backupCreateCommand, ['--db', demo.db, '--out', backup, '--passphrase-file', passFile])).code,
    ).toBe(0);
    // Room for the files beside the database (the signing key, the freeze documents), not for the database.
    disk = fullFilesystem({ free: 16_384 });
    const result = await restore(join(disk.path, 'restored', 'console.sqlite'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_DISK_FULL' });
    expect(result.doc!.message).toContain('the files already written were removed');
    expect(disk.leftovers()).toEqual([]);
  });

  it('a restore into a read-only folder answers WRITE_READ_ONLY', async () => {
    disk = readOnlyFilesystem();
    const result = await restore(join(disk.path, 'restored', 'console.sqlite'));
    expectRefusal(result);
    expect(result.doc).toMatchObject({ ok: false, code: 'WRITE_READ_ONLY' });
  });
});

// ---------------------------------------------------------------------------------------------------------------

const idsFile = work.file('ids.txt');
writeFileSync(idsFile, 'prf_20261012_140500_aaaaaa\n');
const tokenFile = work.file('operator-token');
writeFileSync(tokenFile, 'operator-token-of-the-test\n');

const fetchArgs = (db: string) => [
  'proofs',
  'fetch',
  '--trust-layer',
  'http://127.0.0.1:9',
  '--ids',
  idsFile,
  '--db',
  db,
  '--json',
];
const followArgs = (db: string) => [
  ...['proofs', 'follow', '--season-url', 'http://127.0.0.1:9', '--operator-token-file', tokenFile],
  ...['--trust-layer', 'http://127.0.0.1:9', '--season', '1', '--service-key', 'ab'.repeat(32), '--cycles', '1'],
  ...['--db', db, '--json'],
];

/** The demo's database (it holds the season's freezes a follow needs) copied into `dir` as one file. */
function demoDatabaseIn(dir: string): string {
  const file = join(dir, 'console.sqlite');
  const db = openDatabase(demo.db);
  try {
    db.exec(`VACUUM INTO '${file.replace(/'/g, "''")}'`);
  } finally {
    db.close();
  }
  return file;
}

describe.skipIf(skip)(title('proofs fetch and proofs follow (they write the database only)'), () => {
  const commands = [
    ['proofs fetch', fetchArgs, freshDatabaseIn],
    // The demo's season has ended: the follow runs no cycle and records its run (proofs.follow), its one write.
    ['proofs follow', followArgs, demoDatabaseIn],
  ] as const;
  for (const [name, args, databaseIn] of commands) {
    it(`${name} with its database on a full disk answers DB_DISK_FULL; the database stays sound`, async () => {
      let file = '';
      disk = fullFilesystem({ size: '4m', free: SHM_AND_A_PAGE, populate: (path) => (file = databaseIn(path)) });
      const before = databaseState(file);
      const result = await proveit(args(file));
      expectRefusal(result);
      expect(result.doc).toMatchObject({ ok: false, code: 'DB_DISK_FULL' });
      expect(databaseState(file)).toEqual(before);
    });

    it(`${name} with its database in a read-only folder answers DB_READ_ONLY`, async () => {
      let file = '';
      disk = readOnlyFilesystem((path) => (file = databaseIn(path)));
      const result = await proveit(args(file));
      expectRefusal(result);
      expect(result.doc).toMatchObject({ ok: false, code: 'DB_READ_ONLY' });
    });
  }
});
