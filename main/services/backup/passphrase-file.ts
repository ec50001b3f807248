import { fail, ok, type Result } from '../../core/result.ts';
import { readBoundedText, type BoundedReadCode } from '../files/read-bounded.ts';

/** Below this a passphrase is refused at create: the backup holds the season's sealed material (spec §8). */
export const BACKUP_PASSPHRASE_MIN_LENGTH = 12;

export type PassphraseFileCode =
  | 'BACKUP_PASSPHRASE_FILE_MISSING'
  | 'BACKUP_PASSPHRASE_FILE_EMPTY'
  | 'BACKUP_PASSPHRASE_FILE_TOO_SHORT'
  | Exclude<BoundedReadCode, 'FILE_UNREADABLE'>;

/**
 * Reads the passphrase from its file (never an argument: other users of the machine read the process list). The
 * whole file is the passphrase, spaces included, less its final line break. `forCreate` applies the minimum length:
 * an existing backup is opened with whatever passphrase it was made with. No message ever quotes the passphrase.
 */
export async function readBackupPassphrase(
  path: string,
  options: {
    forCreate: boolean;
    /** The option that names the file where this was called: `--backup-passphrase-file` for the console and acts. */
    option?: string;
  },
): Promise<Result<string, PassphraseFileCode>> {
  // Bounded (main/services/files/read-bounded.ts): a device such as /dev/zero is refused unread, with its code.
  const read = await readBoundedText(path, { what: 'the passphrase file', kind: 'secret' });
  if (!read.ok) {
    const { code, message, details } = read.error;
    if (code !== 'FILE_UNREADABLE') return fail(code, message, details);
    return fail(
      'BACKUP_PASSPHRASE_FILE_MISSING',
      `cannot read the passphrase file ${path} (${String(details?.['errno'] ?? 'error')}): give ${options.option ?? '--passphrase-file'} FILE holding the passphrase`,
      { file: path },
    );
  }
  const passphrase = read.value.replace(/\r?\n$/, '');
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
