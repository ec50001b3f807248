import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backupAfterAct, backupsIn } from '../../../main/services/backup/backup-after-act.ts';
import { createBackup } from '../../../main/services/backup/create-backup.ts';
import type { Clock } from '../../../main/services/clock.ts';
import { databaseOfManyPages, overwriteAPage } from '../../db/support/damaged-database.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

// docs/operator-database.md "Backups": a backup is made of a sound database only. Pages overwritten on disk leave a
// file SQLite still opens and copies; integrity_check on the snapshot finds them, and nothing is written, so the
// automatic backups' rotation never removes a good backup to keep a damaged one.
const folder = tempFolder('proveit-damaged-backup-');
const PASSPHRASE = 'a passphrase long enough to be used';
let n = 0;

afterAll(() => folder.remove());

/** A clock at 2 December 2026 10:00 UTC that moves one second per reading, so each backup has its own name. */
function clockFrom(start = Date.parse('2026-12-02T10:00:00.000Z')): Clock {
  let t = start;
  return { now: () => (t += 1000), sleep: async () => {} };
}

/** A database of many pages in a folder of its own (databaseOfManyPages). */
function databaseWithPages(): string {
  const file = folder.file(`case-${++n}/console.sqlite`);
  databaseOfManyPages(file);
  return file;
}

const input = (dbFile: string, outFile: string, clock: Clock) => ({
  dbFile,
  outFile,
  passphrase: PASSPHRASE,
  clock,
  actor: 'ann',
  randomBytes: (k: number) => new Uint8Array(k).fill(7),
});

describe('a backup of a damaged database', () => {
  it('pages overwritten on disk: backup create refuses BACKUP_SOURCE_DAMAGED with what integrity_check found, and writes nothing', async () => {
    const clock = clockFrom();
    const dbFile = databaseWithPages();
    overwriteAPage(dbFile);
    const out = folder.file(`case-${n}/out.backup`);
    const created = await createBackup(input(dbFile, out, clock));
    expect(created.ok).toBe(false);
    if (created.ok) return;
    expect(created.error.code).toBe('BACKUP_SOURCE_DAMAGED');
    expect(created.error.message).toContain(`the database ${dbFile} fails integrity_check`);
    expect(created.error.message).toContain('earlier backups are left');
    expect((created.error.details as { problems: string[] }).problems.length).toBeGreaterThan(0);
    expect(existsSync(out)).toBe(false);
    // Nothing beside the database either: the snapshot in clear is removed.
    expect(readdirSync(join(dbFile, '..')).filter((f) => f.includes('.backup-snapshot-'))).toEqual([]);
  });

  it('the same database before the damage backs up (the refusal is the damage, not the data)', async () => {
    const clock = clockFrom();
    const dbFile = databaseWithPages();
    const created = await createBackup(input(dbFile, folder.file(`case-${n}/sound.backup`), clock));
    expect(created.ok).toBe(true);
  });

  it('an automatic backup after an act on a damaged database keeps every earlier backup (no rotation) and says why', async () => {
    const clock = clockFrom();
    const dbFile = databaseWithPages();
    const dir = folder.file(`case-${n}/backups`);
    const policy = { dir, passphrase: PASSPHRASE, keep: 1 };
    const first = await backupAfterAct({ dbFile, policy, clock, actor: 'ann', act: 'season publish' });
    expect(first.ok).toBe(true);
    const good = backupsIn(dir, dbFile);
    expect(good).toHaveLength(1);
    const goodBytes = readFileSync(join(dir, good[0]!));

    overwriteAPage(dbFile);
    const after = await backupAfterAct({ dbFile, policy, clock, actor: 'ann', act: 'season publish' });
    expect(after.ok).toBe(false);
    if (after.ok) return;
    expect(after.error.code).toBe('BACKUP_SOURCE_DAMAGED');
    expect(backupsIn(dir, dbFile)).toEqual(good);
    expect(readFileSync(join(dir, good[0]!)).equals(goodBytes)).toBe(true);
  });
});
