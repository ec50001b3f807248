import { createPrivateKey, createPublicKey } from 'node:crypto';
import { SEASON_RECEIPT_KEY_ENTRY, type BackupFile } from '../../core/backup/backup-contents.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { integrityProblems, openDatabaseImage } from '../../db/backup-snapshot.ts';
import { seasonBackupSummary, type SeasonBackupSummary } from '../../db/season-backup-summary.ts';
import { openBackupFile, wrongKind, type OpenedBackupFile, type VerifyBackupCode } from './verify-backup.ts';

export type VerifySeasonBackupCode = VerifyBackupCode | 'BACKUP_RECEIPT_KEY_MISSING' | 'BACKUP_RECEIPT_KEY_INVALID';

export interface VerifiedSeasonBackup {
  sha256: string;
  createdAtMs: number;
  files: BackupFile[];
  summary: SeasonBackupSummary;
  /** The receipt key's public half (raw 32 bytes, hex), as the restored service announces it: never the private key. */
  receiptPublicKey: string;
}

/** The receipt key's public half, or why the file is not the receipt key. */
function receiptPublicKeyOf(pem: Uint8Array): string | null {
  try {
    const key = createPrivateKey(Buffer.from(pem));
    if (key.asymmetricKeyType !== 'ed25519') return null;
    const jwk = createPublicKey(key).export({ format: 'jwk' });
    return Buffer.from(jwk.x as string, 'base64url').toString('hex');
  } catch {
    return null;
  }
}

/**
 * The checks of a season service backup (docs/season-service.md "Backups"), in memory: the database image passes
 * integrity_check and holds the service's tables, and the receipt key is there and is an Ed25519 private key (without
 * it no receipt issued before verifies against the restored service). The report holds counts and the receipt key's
 * public half, never a token hash, a DID, a submission or the private key.
 */
export function verifySeasonContents(
  file: string,
  { bytes, contents }: OpenedBackupFile,
): Result<VerifiedSeasonBackup, VerifySeasonBackupCode> {
  if (contents.kind !== 'season-service') return wrongKind(file, contents.kind, 'season-service');
  let db;
  try {
    db = openDatabaseImage(Buffer.from(contents.files[0]!.bytes));
  } catch (error) {
    return fail('BACKUP_DATABASE_DAMAGED', `${file}: the database image does not open: ${(error as Error).message}`);
  }
  let summary: SeasonBackupSummary;
  try {
    const problems = integrityProblems(db);
    if (problems.length > 0)
      return fail('BACKUP_DATABASE_DAMAGED', `${file}: integrity_check reports ${problems.slice(0, 3).join('; ')}`, {
        problems: problems.slice(0, 20),
      });
    try {
      summary = seasonBackupSummary(db);
    } catch (error) {
      return fail(
        'BACKUP_DATABASE_DAMAGED',
        `${file}: the database image is not a season service's database: ${(error as Error).message}`,
      );
    }
  } finally {
    db.close();
  }
  const key = contents.files.find((f) => f.path === SEASON_RECEIPT_KEY_ENTRY);
  if (key === undefined)
    return fail(
      'BACKUP_RECEIPT_KEY_MISSING',
      `${file} holds no ${SEASON_RECEIPT_KEY_ENTRY}: a service restored from it could not sign with the season's receipt key; restore an earlier backup`,
    );
  const receiptPublicKey = receiptPublicKeyOf(key.bytes);
  if (receiptPublicKey === null)
    return fail(
      'BACKUP_RECEIPT_KEY_INVALID',
      `${file}: its ${SEASON_RECEIPT_KEY_ENTRY} is not an Ed25519 private key in PEM; restore an earlier backup`,
    );
  return ok({
    sha256: sha256Hex(bytes),
    createdAtMs: contents.createdAtMs,
    files: contents.files,
    summary,
    receiptPublicKey,
  });
}

/** Opens and checks a season service backup: what `season restore` does first, before anything is written. */
export async function verifySeasonBackup(
  file: string,
  passphrase: string,
): Promise<Result<VerifiedSeasonBackup, VerifySeasonBackupCode>> {
  const opened = await openBackupFile(file, passphrase);
  if (!opened.ok) return opened;
  return verifySeasonContents(file, opened.value);
}
