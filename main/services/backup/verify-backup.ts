import { sha256Hex } from '../../core/hash/sha256.ts';
import { openBackup, type BackupOpenCode } from '../../core/backup/backup-container.ts';
import {
  unpackBackupContents,
  type BackupContents,
  type BackupFile,
  type BackupKind,
} from '../../core/backup/backup-contents.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { integrityProblems, openDatabaseImage } from '../../db/backup-snapshot.ts';
import { backupSummary, type BackupSummary } from '../../db/backup-summary.ts';
import { sealOf } from '../../db/freezes.ts';
import { verifyAuditLog } from '../audit/verify-audit-log.ts';
import { readBoundedFile, type BoundedReadCode } from '../files/read-bounded.ts';

export type VerifyBackupCode =
  | BackupOpenCode
  | 'BACKUP_FILE_UNREADABLE'
  | 'BACKUP_DATABASE_DAMAGED'
  | 'BACKUP_AUDIT_LOG_BROKEN'
  | 'BACKUP_FREEZE_SEAL_MISSING'
  | 'BACKUP_WRONG_KIND'
  | Exclude<BoundedReadCode, 'FILE_UNREADABLE'>;

export interface VerifiedBackup {
  /** The backup file's SHA-256, as its `backup.create` audit entry names it. */
  sha256: string;
  createdAtMs: number;
  files: BackupFile[];
  /** The paths beside the database the backup took whole (format 2); null for a format 1 backup, which predates it. */
  carries: readonly string[] | null;
  summary: BackupSummary;
  /** `hashes`: every entry's hash, entry 1 first, for a restore to compare with the chains it stands beside. */
  audit: { entries: number; head: { seq: number; hash: string }; hashes: string[] };
}

/**
 * `proveit backup verify` and the first step of every restore (docs/operator-database.md "Backups"): decrypts in
 * memory, then checks the database image as a close would need it: SQLite's integrity_check, the audit chain
 * (docs/audit-log.md), and that every freeze not yet revealed still has its sealed salt and answer key (spec §8:
 * without them the commitment can never be opened). Nothing is written to disk; the report names freezes, closes and
 * publications, never a secret.
 */
export async function verifyBackup(
  file: string,
  passphrase: string,
): Promise<Result<VerifiedBackup, VerifyBackupCode>> {
  const opened = await openBackupFile(file, passphrase);
  if (!opened.ok) return opened;
  if (opened.value.contents.kind !== 'operator') return wrongKind(file, opened.value.contents.kind, 'operator');
  return verifyOperatorContents(file, opened.value);
}

export interface OpenedBackupFile {
  /** The backup file's bytes, as written (its SHA-256 is the one the audit entry names). */
  bytes: Buffer;
  contents: BackupContents;
}

/**
 * Reads a backup file and decrypts it in memory: its contents, of either kind (docs/operator-database.md "Backups",
 * docs/season-service.md "Backups"), not yet checked beyond the container and the manifest.
 */
export async function openBackupFile(
  file: string,
  passphrase: string,
): Promise<Result<OpenedBackupFile, VerifyBackupCode>> {
  // Bounded (main/services/files/read-bounded.ts): a backup holds the whole database, so its limit is the largest,
  // but a device such as /dev/zero is still refused unread.
  const read = await readBoundedFile(file, { what: 'the backup', kind: 'backup' });
  if (!read.ok) {
    const { code, message, details } = read.error;
    if (code !== 'FILE_UNREADABLE') return fail(code, message, details);
    return fail(
      'BACKUP_FILE_UNREADABLE',
      `cannot read the backup ${file} (${String(details?.['errno'] ?? 'error')}): give the backup file's path`,
      { file },
    );
  }
  const bytes = Buffer.from(read.value.buffer, read.value.byteOffset, read.value.byteLength);
  const opened = openBackup(bytes, passphrase);
  if (!opened.ok) return fail(opened.error.code, `${file}: ${opened.error.message}`, opened.error.details);
  const contents = unpackBackupContents(opened.value);
  if (!contents.ok) return fail(contents.error.code, `${file}: ${contents.error.message}`);
  return ok({ bytes, contents: contents.value });
}

/** A backup of the other kind than the command restores: BACKUP_WRONG_KIND, naming the command that takes it. */
export function wrongKind(file: string, kind: BackupKind, expected: BackupKind) {
  const restoredBy = kind === 'operator' ? 'proveit backup restore' : 'proveit season restore';
  const what = kind === 'operator' ? "the operator's database" : "the season service's state";
  return fail('BACKUP_WRONG_KIND', `${file} is a backup of ${what}: restore it with ${restoredBy}`, { kind, expected });
}

/** The operator's checks of an opened backup (integrity_check, the audit chain, the sealed freezes). */
export function verifyOperatorContents(
  file: string,
  { bytes, contents: { createdAtMs, files, carries } }: OpenedBackupFile,
): Result<VerifiedBackup, VerifyBackupCode> {
  let db;
  try {
    db = openDatabaseImage(Buffer.from(files[0]!.bytes));
  } catch (error) {
    return fail('BACKUP_DATABASE_DAMAGED', `${file}: the database image does not open: ${(error as Error).message}`);
  }
  try {
    const problems = integrityProblems(db);
    if (problems.length > 0) {
      return fail('BACKUP_DATABASE_DAMAGED', `${file}: integrity_check reports ${problems.slice(0, 3).join('; ')}`, {
        problems: problems.slice(0, 20),
      });
    }
    const audit = verifyAuditLog(db);
    if (!audit.ok) {
      return fail(
        'BACKUP_AUDIT_LOG_BROKEN',
        `${file}: the audit log it holds fails: ${audit.error.code}: ${audit.error.message}`,
        {
          audit_code: audit.error.code,
        },
      );
    }
    const summary = backupSummary(db);
    for (const freeze of summary.freezes) {
      if (freeze.revealedAtMs === null && sealOf(db, freeze.proofId) === null) {
        return fail(
          'BACKUP_FREEZE_SEAL_MISSING',
          `${file}: freeze ${freeze.proofId} (season ${freeze.season}, ${freeze.track}) is not revealed and its sealed material is missing`,
          { proof_id: freeze.proofId },
        );
      }
    }
    return ok({
      sha256: sha256Hex(bytes),
      createdAtMs,
      files,
      carries,
      summary,
      audit: { entries: audit.value.entries, head: audit.value.head, hashes: audit.value.hashes },
    });
  } finally {
    db.close();
  }
}
