import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pyObjectFrom } from '../../core/json/value.ts';
import type { Failure } from '../../core/result.ts';
import { openDatabase } from '../../db/open-database.ts';
import { recordAction } from '../audit/record-action.ts';
import type { Clock } from '../clock.ts';
import { backupFolderFault } from './backup-folder-fault.ts';
import { createBackup, type CreatedBackup } from './create-backup.ts';

/** How a season-changing act is followed by a backup (docs/operator-database.md "Backups"). */
export interface BackupPolicy {
  dir: string;
  /** The passphrase, read once from --backup-passphrase-file (default DIR/passphrase) before the act. */
  passphrase: string;
  /** Where the passphrase was read from: a restore names that file (the path only, never its contents). */
  passphraseFile?: string;
  /** How many of this database's timestamped backups DIR keeps (the oldest are removed). */
  keep: number;
}

export const DEFAULT_BACKUP_KEEP = 10;

/** The stem of a database's backups in DIR: its file name without extension ("console" for console.sqlite). */
function stemOf(dbFile: string): string {
  return basename(dbFile, extname(dbFile));
}

/** A name that sorts by time: console-20261202T010600123Z.backup (UTC, to the millisecond). */
export function backupFileName(dbFile: string, atMs: number): string {
  return `${stemOf(dbFile)}-${new Date(atMs).toISOString().replace(/[-:.]/g, '')}.backup`;
}

/** This database's backups in DIR, oldest first. */
export function backupsIn(dir: string, dbFile: string): string[] {
  const pattern = new RegExp(`^${stemOf(dbFile).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{8}T\\d{9}Z\\.backup$`);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.filter((n) => pattern.test(n)).sort();
}

export type AfterActOutcome = { ok: true; backup: CreatedBackup; removed: string[] } | { ok: false; error: Failure };

/**
 * After an act that changed the season (a freeze, a reveal, a close, a publication, a decision, an export): a
 * timestamped backup into DIR, then the oldest beyond `keep` removed. A failure never undoes the act: it is returned
 * for the caller to say loudly, and recorded in the audit log (backup.failed) when the database takes the entry.
 */
export async function backupAfterAct(input: {
  dbFile: string;
  policy: BackupPolicy;
  clock: Clock;
  actor: string;
  act: string;
}): Promise<AfterActOutcome> {
  const { dbFile, policy, clock } = input;
  let error: Failure;
  try {
    mkdirSync(policy.dir, { recursive: true, mode: 0o700 });
    const created = await createBackup({
      dbFile,
      outFile: join(policy.dir, backupFileName(dbFile, clock.now())),
      passphrase: policy.passphrase,
      clock,
      actor: input.actor,
      randomBytes: (n) => new Uint8Array(randomBytes(n)),
    });
    if (created.ok) {
      const all = backupsIn(policy.dir, dbFile);
      const removed = all.slice(0, Math.max(0, all.length - policy.keep));
      for (const name of removed) rmSync(join(policy.dir, name), { force: true });
      return { ok: true, backup: created.value, removed };
    }
    error = created.error;
  } catch (thrown) {
    error = backupFolderFault(thrown, policy.dir, 'give --backup-dir a folder on another disk', 'BACKUP_FAILED');
  }
  try {
    const db = openDatabase(dbFile);
    try {
      recordAction(db, clock, {
        actor: input.actor,
        action: 'backup.failed',
        summary: `the backup after ${input.act} failed: ${error.code}`,
        details: pyObjectFrom([
          ['act', input.act],
          ['dir', policy.dir],
          ['code', error.code],
        ]),
      });
    } finally {
      db.close();
    }
  } catch {
    // The database itself may be what failed; the caller still says it on stderr.
  }
  return { ok: false, error };
}
