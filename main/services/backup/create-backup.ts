import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { sealBackup } from '../../core/backup/backup-container.ts';
import { DATABASE_ENTRY, packBackupContents } from '../../core/backup/backup-contents.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { pyObjectFrom } from '../../core/json/value.ts';
import { integrityProblems, openDatabaseImage, snapshotDatabase } from '../../db/backup-snapshot.ts';
import { openDatabase } from '../../db/open-database.ts';
import { recordAction } from '../audit/record-action.ts';
import type { Clock } from '../clock.ts';
import { BACKUP_CARRIES, besideFilesOf } from './beside-files.ts';
import { replaceFileAtomically } from './new-file.ts';
import { removeLeftoversBeside } from './leftovers.ts';
import { writeFaultOf, type WriteFaultCode } from '../write-fault.ts';

export type CreateBackupCode =
  'BACKUP_DB_MISSING' | 'BACKUP_OUT_IS_DATABASE' | 'BACKUP_SOURCE_DAMAGED' | WriteFaultCode;

/** What a backup the disk refused leaves (docs/operator-database.md "File write faults"). */
const NOTHING_WRITTEN =
  'no backup was written, its partial files were removed and the earlier backups are left as they are';

export interface CreateBackupInput {
  dbFile: string;
  outFile: string;
  passphrase: string;
  clock: Clock;
  /** Who the audit log records for the backup.create entry. */
  actor: string;
  /** Fresh random bytes (node:crypto randomBytes in production): the scrypt salt and the GCM nonce. */
  randomBytes: (n: number) => Uint8Array;
}

export interface CreatedBackup {
  file: string;
  bytes: number;
  sha256: string;
  createdAtMs: number;
  /** Each file the backup holds, with its size: the database image first. */
  files: { path: string; bytes: number }[];
}

const SNAPSHOT_MARK = '.backup-snapshot-';

/** The refusal of a damaged source (docs/operator-database.md "Backups"): nothing written, earlier backups kept. */
function damaged(dbFile: string, problems: string[]) {
  return fail(
    'BACKUP_SOURCE_DAMAGED',
    `the database ${dbFile} fails integrity_check (${problems.slice(0, 3).join('; ')}): no backup is written and the ` +
      'earlier backups are left as they are; restore the latest sound one (proveit backup verify, then backup restore)',
    { db: dbFile, problems: problems.slice(0, 20) },
  );
}

/**
 * What `integrity_check` finds wrong in a snapshot's image (docs/operator-database.md "Backups"): a backup of a
 * damaged database would look sound until restored, and the automatic backups' rotation would then remove the good
 * ones. An image SQLite cannot even open is damaged too.
 */
export function damageOf(image: Buffer): string[] {
  let db;
  try {
    db = openDatabaseImage(image);
  } catch (error) {
    return [`the snapshot does not open: ${(error as Error).message}`];
  }
  try {
    return integrityProblems(db);
  } finally {
    db.close();
  }
}

/**
 * `proveit backup create` (docs/operator-database.md "Backups"): an online snapshot of the database
 * (consistent while the console writes), the files beside it, packed and encrypted under the passphrase, written to
 * OUT through a temporary file renamed over it. The snapshot is in clear for a moment, so it stays in the database's
 * own folder (mode 0600), which already holds the database in clear, and is removed before returning. A snapshot
 * that fails integrity_check is refused (BACKUP_SOURCE_DAMAGED) before anything is written. The backup is then
 * recorded in the audit log (backup.create).
 */
export async function createBackup(input: CreateBackupInput): Promise<Result<CreatedBackup, CreateBackupCode>> {
  const dbFile = resolve(input.dbFile);
  const outFile = resolve(input.outFile);
  if (!existsSync(dbFile) || !statSync(dbFile).isFile())
    return fail('BACKUP_DB_MISSING', `no operator database at ${dbFile}: give --db FILE, the console's database`, {
      db: dbFile,
    });
  if ([dbFile, `${dbFile}-wal`, `${dbFile}-shm`, `${dbFile}-journal`].includes(outFile))
    return fail('BACKUP_OUT_IS_DATABASE', `--out ${outFile} is the database itself: write the backup to another file`, {
      out: outFile,
    });
  removeLeftoversBeside(dbFile, SNAPSHOT_MARK);
  const createdAtMs = input.clock.now();
  const snapshot = join(
    dirname(dbFile),
    `.${basename(dbFile)}${SNAPSHOT_MARK}${process.pid}-${createdAtMs.toString(36)}`,
  );
  let image: Buffer;
  try {
    closeSync(openSync(snapshot, 'wx', 0o600));
    await snapshotDatabase(dbFile, snapshot);
    image = readFileSync(snapshot);
  } catch (error) {
    // SQLite writes the snapshot: its FULL or write I/O error is this file's, not the database's.
    const fault = writeFaultOf(error, {
      target: snapshot,
      sqlite: true,
      writing: "the database's snapshot, which is made in the database's own folder",
      left: NOTHING_WRITTEN,
      elsewhere: 'free room for one more copy of the database beside it',
    });
    if (fault !== undefined) return { ok: false, error: fault };
    // A page SQLite cannot read while opening or copying the database is its damage, found before integrity_check.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (code === 'DB_CORRUPT' || code.startsWith('SQLITE_CORRUPT')))
      return damaged(dbFile, [(error as Error).message]);
    throw error;
  } finally {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${snapshot}${suffix}`, { force: true });
  }
  const damage = damageOf(image);
  if (damage.length > 0) return damaged(dbFile, damage);
  const files = [{ path: DATABASE_ENTRY, bytes: image }, ...besideFilesOf(dbFile)];
  const sealed = sealBackup({
    contents: packBackupContents({ createdAtMs, files, carries: BACKUP_CARRIES }),
    passphrase: input.passphrase,
    salt: input.randomBytes(16),
    nonce: input.randomBytes(12),
  });
  try {
    mkdirSync(dirname(outFile), { recursive: true });
    replaceFileAtomically(outFile, sealed);
  } catch (error) {
    const fault = writeFaultOf(error, {
      target: outFile,
      writing: `the backup ${outFile}`,
      left: NOTHING_WRITTEN,
      elsewhere: 'write the backup to a folder on another disk',
    });
    if (fault === undefined) throw error;
    return { ok: false, error: fault };
  }
  const sha256 = sha256Hex(sealed);
  // After the snapshot, so the backup's own entry is not in it; the Season screen reads the last one.
  const db = openDatabase(dbFile);
  try {
    recordAction(db, input.clock, {
      actor: input.actor,
      action: 'backup.create',
      summary: `backup written to ${outFile}`,
      details: pyObjectFrom([
        ['file', outFile],
        ['bytes', BigInt(sealed.length)],
        ['sha256', sha256],
        ['files', BigInt(files.length)],
      ]),
    });
  } finally {
    db.close();
  }
  return ok({
    file: outFile,
    bytes: sealed.length,
    sha256,
    createdAtMs,
    files: files.map((f) => ({ path: f.path, bytes: f.bytes.length })),
  });
}
