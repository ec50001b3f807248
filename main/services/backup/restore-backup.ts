import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DATABASE_ENTRY } from '../../core/backup/backup-contents.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { writeFaultOf, type WriteFaultCode } from '../write-fault.ts';
import { createFileExclusively } from './new-file.ts';
import { verifyBackup, type VerifiedBackup, type VerifyBackupCode } from './verify-backup.ts';

export type RestoreBackupCode = VerifyBackupCode | 'BACKUP_RESTORE_EXISTS' | WriteFaultCode;

export interface RestoredBackup extends VerifiedBackup {
  dbFile: string;
  written: string[];
}

/** Where each file of a backup goes: the image at the new database's path, the others beside it. */
function targetOf(dbFile: string, path: string): string {
  return path === DATABASE_ENTRY ? dbFile : join(dirname(dbFile), ...path.split('/'));
}

/**
 * `proveit backup restore` (docs/operator-database.md "Backups"): verifies the backup in full first (nothing is written
 * for a backup that fails), refuses when the new database or any file it would put beside it exists
 * (BACKUP_RESTORE_EXISTS: a restore never overwrites), then writes each file through a temporary file linked into
 * place, the database last, so a database present at the path is always complete.
 */
export async function restoreBackup(input: {
  file: string;
  passphrase: string;
  dbFile: string;
}): Promise<Result<RestoredBackup, RestoreBackupCode>> {
  const verified = await verifyBackup(input.file, input.passphrase);
  if (!verified.ok) return verified;
  const dbFile = resolve(input.dbFile);
  const targets = verified.value.files.map((f) => ({ target: targetOf(dbFile, f.path), bytes: f.bytes }));
  const present = [...targets.map((t) => t.target), `${dbFile}-wal`, `${dbFile}-shm`].filter((t) => existsSync(t));
  if (present.length > 0) {
    return fail(
      'BACKUP_RESTORE_EXISTS',
      `${present[0]} exists: a restore never overwrites; give --db a new path in a folder without these files`,
      { existing: present },
    );
  }
  const ordered = [...targets.slice(1), targets[0]!];
  const written: string[] = [];
  const folders: string[] = [];
  try {
    for (const { target, bytes } of ordered) {
      const made = mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      if (made !== undefined) folders.push(made);
      if (!createFileExclusively(target, bytes)) {
        return fail('BACKUP_RESTORE_EXISTS', `${target} appeared during the restore: it was left as it is`, {
          existing: [target],
          written,
        });
      }
      written.push(target);
    }
  } catch (error) {
    // docs/operator-database.md "File write faults": a restore the disk refused takes back what it wrote, so the
    // next restore into the same path is not refused BACKUP_RESTORE_EXISTS by its own half.
    const removed = takeBack(written, folders);
    const fault = writeFaultOf(error, {
      target: dbFile,
      writing: `the restore into ${dbFile}`,
      left: removed
        ? 'no database was restored and the files already written were removed'
        : `no database was restored, but of the files already written some could not be removed: ${written.join(', ')}`,
      elsewhere: 'give --db a new path on another disk',
    });
    if (fault === undefined) throw error;
    return { ok: false, error: fault };
  }
  return ok({ ...verified.value, dbFile, written });
}

/** Removes the files a failed restore wrote, then the folders it made (the deepest first); false if any stays. */
export function takeBack(written: readonly string[], folders: readonly string[]): boolean {
  let all = true;
  for (const path of [...written].reverse()) {
    try {
      rmSync(path, { force: true });
    } catch {
      all = false;
    }
  }
  for (const folder of [...folders].reverse()) {
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch {
      all = false;
    }
  }
  return all;
}
