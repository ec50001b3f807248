import { resolve } from 'node:path';
import type { Failure } from '../core/result.ts';
import { readBackupPassphrase } from '../services/backup/passphrase-file.ts';
// A type only: the service and SQLite stay out of every other command's start-up (season-serve-command.ts).
import type { SeasonBackupPolicy } from '../../season-service/season-backups.ts';

/** `season serve --backup-keep`'s default: a day of hourly backups (docs/season-service.md "Backups"). */
export const DEFAULT_SEASON_BACKUP_KEEP = 24;
/** `season serve --backup-every`'s default, in seconds. */
export const DEFAULT_SEASON_BACKUP_EVERY_SECONDS = 3600;

type BackupFlags = Partial<Record<'backup-dir' | 'backup-passphrase-file' | 'backup-every' | 'backup-keep', string>>;

/** A whole number at least 1, or null. */
function count(text: string): number | null {
  const n = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/**
 * `season serve`'s backup flags (docs/season-service.md "Backups"): none, a policy (the passphrase read once, now, with
 * the operator's rules: at least 12 characters), a usage problem (exit 2), or the passphrase file's refusal with its
 * code (exit 1). Nothing here ever quotes the passphrase.
 */
export async function seasonBackupPolicyOf(
  values: BackupFlags,
): Promise<{ policy: SeasonBackupPolicy | null } | { usage: string } | { refused: Failure }> {
  const dir = values['backup-dir'];
  if (dir === undefined) {
    const stray = (['backup-passphrase-file', 'backup-every', 'backup-keep'] as const).find(
      (f) => values[f] !== undefined,
    );
    if (stray !== undefined) return { usage: `--${stray} is for backups: give --backup-dir DIR with it` };
    return { policy: null };
  }
  const passphraseFile = values['backup-passphrase-file'];
  if (passphraseFile === undefined)
    return { usage: '--backup-dir needs --backup-passphrase-file FILE (the passphrase, alone in a file)' };
  const every = count(values['backup-every'] ?? String(DEFAULT_SEASON_BACKUP_EVERY_SECONDS));
  if (every === null)
    return { usage: `--backup-every '${values['backup-every']}' must be a whole number of seconds, at least 1` };
  const keep = count(values['backup-keep'] ?? String(DEFAULT_SEASON_BACKUP_KEEP));
  if (keep === null) return { usage: `--backup-keep '${values['backup-keep']}' must be a whole number, at least 1` };
  const passphrase = await readBackupPassphrase(passphraseFile, {
    forCreate: true,
    option: '--backup-passphrase-file',
  });
  if (!passphrase.ok) return { refused: passphrase.error };
  return { policy: { dir: resolve(dir), passphrase: passphrase.value, everyMs: every * 1000, keep } };
}
