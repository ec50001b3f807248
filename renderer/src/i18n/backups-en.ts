// The Backups screen's text in English (screens/BackupsScreen.svelte). backups-fr.ts has the same shape (typed by
// this one). Spec vocabulary only (docs/conventions.md "Words").
import { pluralOf } from './plural.ts';

const plural = pluralOf('en');

export const backupsEn = {
  intro:
    'Encrypted backups of the operator database and the files beside it (the operator key, freezes/, the Index exports), in the backup folder the console was started with. Until the reveal a freeze’s salt and answer key exist only in the database: back up after every act that changes the season (the console does it by itself after each).',
  notConfigured:
    'This console was started without a backup folder, so nothing can be backed up from here. Start it with `--backup-dir DIR` (the passphrase in DIR/passphrase, or `--backup-passphrase-file FILE`), or back up with `proveit backup create --db FILE --out FILE --passphrase-file FILE`.',
  folder: (dir: string, keep: number): string => `Folder ${dir}; the newest ${keep} backups of this database are kept.`,
  backUpNow: 'Back up now',
  backingUp: 'Backing up…',
  made: (name: string): string => `Backup ${name} written.`,
  caption: 'Backups of this database, newest first',
  none: 'No backup of this database in the folder yet.',
  name: 'Backup',
  made_at: 'Made',
  size: 'Size',
  checked: 'Checked',
  actions: 'Checks',
  bytes: (n: number, locale: string): string =>
    n >= 1024 * 1024
      ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n / (1024 * 1024))} MiB`
      : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n / 1024)} KiB`,
  notChecked: 'not checked since the console started',
  verify: 'Verify',
  verifyLabel: (name: string): string => `Verify ${name}`,
  restoreCheck: 'Restore check',
  restoreCheckLabel: (name: string): string => `Restore check of ${name}`,
  checking: 'Checking…',
  verified: (at: string): string => `Verified ${at}`,
  restoreChecked: (at: string): string => `Restores (checked ${at})`,
  failed: (at: string): string => `Does not verify (checked ${at})`,
  what: (files: number, entries: number): string =>
    `decrypted; integrity_check ok; audit log intact (${plural(entries, { one: '{n} entry', other: '{n} entries' })}); every unrevealed freeze’s seal present; ${plural(files, { one: '{n} file', other: '{n} files' })}`,
  olderFormat:
    'Made before backups carried the Index exports (format 1): a database restored from it may record an Index export no folder holds.',
  exportsAgree: (season: number, version: number, folder: string): string =>
    `Season ${season}: Index version ${version} recorded, and ${folder} restored with it holds it.`,
  exportsDisagree: (season: number, version: number): string =>
    `Season ${season}: Index version ${version} recorded, but no folder restored with it holds it.`,
  warnings: 'What restoring it would say:',
  docs: (code: string): string => `${code}: docs/operator-database.md, “Backups”, says what it means and what to do.`,
  restoreTitle: 'Restoring a backup',
  restoreHelp:
    'The console cannot replace the database it has open. A restore check restores the backup for real into a private folder beside the database (decrypted, integrity_check, audit chain, seals, the Index exports), opens it as the console would and removes it; nothing running changes. To restore: stop the console, run the command shown into a new folder, then start the console on the restored database (`proveit console --db NEW_FOLDER/…`).',
  restoreCommand: (name: string): string => `Command that restores ${name}`,
};
