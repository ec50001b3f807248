import { readFile } from 'node:fs/promises';
import { fail, ok, type Result } from '../../core/result.ts';

/** Below this a passphrase is refused at create: the backup holds the season's sealed material (spec §8). */
export const BACKUP_PASSPHRASE_MIN_LENGTH = 12;

export type PassphraseFileCode =
  'BACKUP_PASSPHRASE_FILE_MISSING' | 'BACKUP_PASSPHRASE_FILE_EMPTY' | 'BACKUP_PASSPHRASE_FILE_TOO_SHORT';

/**
 * Reads the passphrase from its file (never an argument: other users of the machine read the process list). The
 * whole file is the passphrase, spaces included, less its final line break. `forCreate` applies the minimum length:
 * an existing backup is opened with whatever passphrase it was made with. No message ever quotes the passphrase.
 */
export async function readBackupPassphrase(
  path: string,
  options: { forCreate: boolean },
): Promise<Result<string, PassphraseFileCode>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return fail(
      'BACKUP_PASSPHRASE_FILE_MISSING',
      `cannot read the passphrase file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}): give --passphrase-file FILE holding the passphrase`,
      { file: path },
    );
  }
  const passphrase = text.replace(/\r?\n$/, '');
  if (passphrase.trim() === '')
    return fail('BACKUP_PASSPHRASE_FILE_EMPTY', `the passphrase file ${path} is empty: write the passphrase in it`, {
      file: path,
    });
  if (options.forCreate && [...passphrase].length < BACKUP_PASSPHRASE_MIN_LENGTH) {
    return fail(
      'BACKUP_PASSPHRASE_FILE_TOO_SHORT',
      `the passphrase in ${path} is ${[...passphrase].length} characters; a backup needs at least ${BACKUP_PASSPHRASE_MIN_LENGTH}`,
      { file: path, length: [...passphrase].length, minimum: BACKUP_PASSPHRASE_MIN_LENGTH },
    );
  }
  return ok(passphrase);
}
