import { mkdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { openDatabase } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';
import { indexExportsAgreement, type IndexExportAgreement } from './index-exports-agree.ts';
import { restoreBackup, type RestoreBackupCode, type RestoredBackup } from './restore-backup.ts';
import { removeLeftoversBeside } from './leftovers.ts';
import { readReplacedChain, restoredChainWarnings } from './restored-chain-checks.ts';

export interface RestoreCheck {
  restored: Omit<RestoredBackup, 'files' | 'dbFile' | 'written'> & { files: number };
  /** Each season's latest Index version as the restored database records it, against the folder restored beside it. */
  indexExports: IndexExportAgreement[];
  /**
   * What a restore of this backup in place of `dbFile` would say (`proveit backup restore --replaces`): the acts it
   * no longer records (BACKUP_RESTORE_BEHIND_REPLACED, BACKUP_RESTORE_FORKED_FROM_REPLACED) and the Index exports it
   * would not agree with (BACKUP_RESTORE_INDEX_EXPORT_MISSING, _DIFFERS).
   */
  warnings: Failure[];
}

const MARK = '.restore-check-';

/**
 * The console's restore check (docs/operator-database.md "Backups"): the backup restored for real, as `proveit backup
 * restore` restores it (decrypted, integrity_check, the audit chain, every unrevealed freeze's seal, then every file
 * written), into a private folder beside the running database (mode 0700, `.console.sqlite.restore-check-PID-…`: the
 * folder that already holds the database in clear), opened as a console opens it (migrated), its Index exports
 * compared with what it records, its audit chain compared with the running database's; then the folder is removed.
 * The running database is never replaced: a console cannot replace the database it holds open.
 */
export async function checkRestore(input: {
  file: string;
  passphrase: string;
  /** The running database: the restore is made beside it and compared with it. */
  dbFile: string;
  clock: Clock;
}): Promise<Result<RestoreCheck, RestoreBackupCode | 'BACKUP_RESTORE_DOES_NOT_OPEN'>> {
  removeLeftoversBeside(input.dbFile, MARK);
  const folder = join(
    dirname(input.dbFile),
    `.${basename(input.dbFile)}${MARK}${process.pid}-${input.clock.now().toString(36)}`,
  );
  mkdirSync(folder, { mode: 0o700 });
  try {
    const restoredFile = join(folder, basename(input.dbFile));
    const restored = await restoreBackup({ file: input.file, passphrase: input.passphrase, dbFile: restoredFile });
    if (!restored.ok) return restored;
    let agreement: ReturnType<typeof indexExportsAgreement>;
    try {
      const db = openDatabase(restoredFile);
      try {
        agreement = indexExportsAgreement(db, restoredFile, restored.value.carries === null);
      } finally {
        db.close();
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return fail(
        'BACKUP_RESTORE_DOES_NOT_OPEN',
        `the restored database does not open as a console opens it (${typeof code === 'string' ? code : 'error'}: ${(error as Error).message}): use another backup`,
        { cause: typeof code === 'string' ? code : null },
      );
    }
    const v = restored.value;
    const warnings = [
      ...restoredChainWarnings(
        { hashes: v.audit.hashes, backupSha256: v.sha256 },
        { published: [], replaced: readReplacedChain(input.dbFile) },
      ),
      ...agreement.findings,
    ];
    const summary = {
      sha256: v.sha256,
      createdAtMs: v.createdAtMs,
      carries: v.carries,
      summary: v.summary,
      audit: v.audit,
      files: v.files.length,
    };
    return ok({ restored: summary, indexExports: agreement.seasons, warnings });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
