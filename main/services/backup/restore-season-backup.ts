import { mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fail, ok, type Result } from '../../core/result.ts';
import { writeFaultOf, type WriteFaultCode } from '../write-fault.ts';
import { createFileExclusively } from './new-file.ts';
import { takeBack } from './restore-backup.ts';
import { verifySeasonBackup, type VerifiedSeasonBackup, type VerifySeasonBackupCode } from './verify-season-backup.ts';

export type RestoreSeasonBackupCode = VerifySeasonBackupCode | 'SEASON_RESTORE_NOT_EMPTY' | WriteFaultCode;

export interface RestoredSeasonBackup extends VerifiedSeasonBackup {
  stateDir: string;
  written: string[];
}

/** The folder's entries, or null when there is no folder yet. */
function entriesOf(dir: string): string[] | null {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * `proveit season restore` (docs/season-service.md "Backups"): checks the backup in full first (nothing is written for
 * one that fails, or for an operator's backup), refuses a state folder that holds anything
 * (SEASON_RESTORE_NOT_EMPTY: a restore never mixes with another state), then writes the receipt key and the database
 * (0600, in a folder made 0700) each through a temporary file linked into place, the database last, so a service
 * started on the folder finds either nothing or the whole state. A disk that refuses takes back what was written.
 */
export async function restoreSeasonBackup(input: {
  file: string;
  passphrase: string;
  stateDir: string;
}): Promise<Result<RestoredSeasonBackup, RestoreSeasonBackupCode>> {
  const verified = await verifySeasonBackup(input.file, input.passphrase);
  if (!verified.ok) return verified;
  const stateDir = resolve(input.stateDir);
  const present = entriesOf(stateDir);
  if (present !== null && present.length > 0)
    return fail(
      'SEASON_RESTORE_NOT_EMPTY',
      `the state folder ${stateDir} is not empty (${present.slice(0, 3).join(', ')}${present.length > 3 ? ', ...' : ''}): a restore never overwrites; give --state a new or empty folder`,
      { state: stateDir, entries: present.length },
    );
  const [image, ...beside] = verified.value.files;
  const written: string[] = [];
  const folders: string[] = [];
  try {
    const made = mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    if (made !== undefined) folders.push(made);
    for (const { path, bytes } of [...beside, image!]) {
      const target = join(stateDir, path);
      if (!createFileExclusively(target, bytes))
        return fail('SEASON_RESTORE_NOT_EMPTY', `${target} appeared during the restore: it was left as it is`, {
          state: stateDir,
          written,
        });
      written.push(target);
    }
  } catch (error) {
    const removed = takeBack(written, folders);
    const fault = writeFaultOf(error, {
      target: stateDir,
      writing: `the restore into ${stateDir}`,
      left: removed
        ? 'no state was restored and the files already written were removed'
        : `no state was restored, but of the files already written some could not be removed: ${written.join(', ')}`,
      elsewhere: 'give --state a new folder on another disk',
    });
    if (fault === undefined) throw error;
    return { ok: false, error: fault };
  }
  return ok({ ...verified.value, stateDir, written });
}
