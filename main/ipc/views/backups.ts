// The console's backups (main/ipc/contract.ts `backup.*`; docs/operator-database.md "Backups"): never the passphrase,
// a salt or a key.

/**
 * The last check of a backup file since the console started (`backup.verify`, `backup.restore_check`): what was
 * checked, or the code of what failed. Never the passphrase, a salt or a key.
 */
export interface BackupCheck {
  name: string;
  kind: 'verify' | 'restore_check';
  at: string;
  ok: boolean;
  error: { code: string; message: string } | null;
  /** The backup file's SHA-256 (as its backup.create audit entry names it), once it opens. */
  sha256: string | null;
  /** When the backup says it was made. */
  created_at: string | null;
  files: number | null;
  audit_entries: number | null;
  /** Whether it carries the Index exports (format 2); false: a format 1 backup, made before they were carried. */
  carries_index_exports: boolean | null;
}

/** A restore check: the backup restored beside the running database for real, compared, then removed. */
export interface BackupRestoreCheck extends BackupCheck {
  /** Each season's latest Index version as the restored database records it, against the folder restored with it. */
  index_exports: { season: number; version: number; folder: string | null; agrees: boolean }[];
  /** What the restore would say (acts it no longer records, Index exports that disagree), code and message. */
  warnings: { code: string; message: string }[];
}

/** One backup of this database in the console's backup folder. */
export interface BackupListing {
  name: string;
  /** When it was made, from its name (UTC). */
  created_at: string;
  bytes: number;
  /** The last verification or restore check since the console started; null: not checked yet. */
  check: BackupCheck | null;
  /** The command that restores it into a new database (the console cannot replace the database it holds open). */
  restore_command: string;
}

/** The console's backup folder (`--backup-dir`) and this database's backups in it, newest first. */
export interface BackupsView {
  /** null: started without --backup-dir (nothing can be backed up from the screens). */
  dir: string | null;
  keep: number | null;
  backups: BackupListing[];
}
