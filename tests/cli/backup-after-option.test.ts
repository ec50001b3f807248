import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { splitBackupFlags, withBackupAfter } from '../../main/cli/backup-after-option.ts';
import { createFreezeRevealCommand } from '../../main/cli/freeze-reveal.ts';
import { answerKeyBytes, keyCommitment } from '../../main/core/freeze/key-commitment.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { auditRows } from '../../main/db/audit-log.ts';
import { insertFreeze, revealedAtOf } from '../../main/db/freezes.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import type { Clock } from '../../main/services/clock.ts';
import { captureIo } from '../support/capture-io.ts';
import { freezeRow } from '../db/support/freeze-row.ts';
import { tempFolder } from '../db/support/temp-db.ts';

const folder = tempFolder('proveit-backup-after-');
const key = pyObjectFrom([['tasks', []]]);
const salt = '33'.repeat(32);
let n = 0;
let dbFile: string;
let dir: string;

/** A database holding one freeze whose window closed on 1 November: `freeze reveal` is a real act on it. */
function frozenDatabase(): string {
  const file = folder.file(`case-${++n}/console.sqlite`);
  const db = openDatabase(file);
  insertFreeze(
    db,
    freezeRow('prf_20260914_181440_541795', null, 1, {
      keyCommitment: keyCommitment(key, Uint8Array.from(Buffer.from(salt, 'hex'))),
    }),
    { saltHex: salt, answerKey: new TextDecoder().decode(answerKeyBytes(key)) },
  );
  db.close();
  return file;
}

/** A clock at 2 December 2026 10:00 UTC that moves one second per reading, so each backup has its own name. */
function clockFrom(start = Date.parse('2026-12-02T10:00:00.000Z')): Clock {
  let t = start;
  return { now: () => (t += 1000), sleep: async () => {} };
}

async function reveal(clock: Clock, extra: string[]) {
  const io = captureIo();
  const command = withBackupAfter(createFreezeRevealCommand(clock), clock);
  const code = await command.run(['--season', '1', '--track', 'conformite', '--db', dbFile, ...extra], io);
  return { code, io };
}

beforeEach(() => {
  dbFile = frozenDatabase();
  dir = folder.file(`case-${n}/backups`);
  mkdirSync(dir);
  writeFileSync(`${dir}/passphrase`, 'the backup folder passphrase\n');
});

afterAll(() => folder.remove());

describe('--backup-dir on the commands that change the season', () => {
  it('a reveal is followed by a timestamped backup in DIR, with the passphrase of DIR/passphrase', async () => {
    const { code, io } = await reveal(clockFrom(), ['--backup-dir', dir]);
    expect(code, io.stderr).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.backup'))).toEqual([
      expect.stringMatching(/^console-20261202T1000\d{5}Z\.backup$/),
    ]);
    expect(io.stderr).toContain('backup written to');
  });

  it('keeps the last --backup-keep backups of this database and removes the older ones', async () => {
    const clock = clockFrom();
    const seen = new Set<string>();
    const consoleBackups = () => readdirSync(dir).filter((f) => f.startsWith('console-') && f.endsWith('.backup'));
    writeFileSync(`${dir}/other-20260101T000000000Z.backup`, 'another database');
    // A reveal is idempotent on the record (the first reveal is kept), so it can be run again as a new act.
    for (let i = 0; i < 4; i++) {
      expect((await reveal(clock, ['--backup-dir', dir, '--backup-keep', '2'])).code).toBe(0);
      for (const name of consoleBackups()) seen.add(name);
    }
    expect(seen.size).toBe(4);
    expect(consoleBackups().sort()).toEqual([...seen].sort().slice(-2));
    expect(existsSync(`${dir}/other-20260101T000000000Z.backup`)).toBe(true);
  });

  it('a passphrase that cannot be used refuses before the act: nothing is revealed', async () => {
    writeFileSync(`${dir}/passphrase`, 'short\n');
    const { code, io } = await reveal(clockFrom(), ['--backup-dir', dir]);
    expect(code).toBe(1);
    expect(io.stderr).toContain('BACKUP_PASSPHRASE_FILE_TOO_SHORT');
    expect(io.stderr).not.toContain('short\n');
    const db = openDatabase(dbFile, { readOnly: true });
    expect(revealedAtOf(db, ['prf_20260914_181440_541795'])).toBeNull();
    db.close();
  });

  it.skipIf(process.getuid?.() === 0)(
    'a backup that fails is said on stderr and in the audit log, and the act stands with its exit code',
    async () => {
      chmodSync(dir, 0o500);
      try {
        const { code, io } = await reveal(clockFrom(), ['--backup-dir', dir]);
        expect(code).toBe(0);
        expect(io.stderr).toMatch(/BACKUP FAILED: \w+/);
        expect(io.stderr).toContain('itself is done and stands');
      } finally {
        chmodSync(dir, 0o700);
      }
      const db = openDatabase(dbFile, { readOnly: true });
      expect(revealedAtOf(db, ['prf_20260914_181440_541795'])).not.toBeNull();
      expect(auditRows(db).map((r) => r.action)).toEqual(['freeze.reveal', 'backup.failed']);
      db.close();
    },
  );

  it('a backup folder that is a file fails the backup, never the act (root or not)', async () => {
    const file = folder.file(`case-${n}/not-a-folder`);
    writeFileSync(file, 'x');
    const { code, io } = await reveal(clockFrom(), [
      '--backup-dir',
      file,
      '--backup-passphrase-file',
      `${dir}/passphrase`,
    ]);
    expect(code).toBe(0);
    expect(io.stderr).toMatch(/BACKUP FAILED: /);
    const db = openDatabase(dbFile, { readOnly: true });
    expect(auditRows(db).map((r) => r.action)).toEqual(['freeze.reveal', 'backup.failed']);
    db.close();
    expect(existsSync(`${file}/passphrase`)).toBe(false);
  });

  it('without --backup-dir (nor $PROVEIT_BACKUP_DIR) the command runs as before, no backup', async () => {
    const saved = process.env['PROVEIT_BACKUP_DIR'];
    delete process.env['PROVEIT_BACKUP_DIR'];
    try {
      const { code, io } = await reveal(clockFrom(), []);
      expect(code).toBe(0);
      expect(io.stderr).toBe('');
    } finally {
      if (saved !== undefined) process.env['PROVEIT_BACKUP_DIR'] = saved;
    }
  });

  it('$PROVEIT_BACKUP_DIR stands for --backup-dir: set once, every act is backed up', async () => {
    const saved = process.env['PROVEIT_BACKUP_DIR'];
    process.env['PROVEIT_BACKUP_DIR'] = dir;
    try {
      const { code, io } = await reveal(clockFrom(), []);
      expect(code, io.stderr).toBe(0);
      expect(readdirSync(dir).filter((f) => f.startsWith('console-') && f.endsWith('.backup'))).toHaveLength(1);
    } finally {
      if (saved === undefined) delete process.env['PROVEIT_BACKUP_DIR'];
      else process.env['PROVEIT_BACKUP_DIR'] = saved;
    }
  });

  it('the backup flags are taken out of the command arguments in both spellings', () => {
    expect(splitBackupFlags(['--db', 'x', '--backup-dir=/b', '--backup-keep', '3', '--json'])).toEqual({
      rest: ['--db', 'x', '--json'],
      flags: { 'backup-dir': '/b', 'backup-keep': '3' },
      missing: null,
    });
    expect(splitBackupFlags(['--backup-dir']).missing).toBe('backup-dir');
  });
});
