import { checkPublishedHeads, type PublishedIndex } from '../../core/audit/published-heads.ts';
import { compareRestoredChain, type ChainEntry } from '../../core/backup/restored-chain.ts';
import { fail, ok, type Failure, type Result } from '../../core/result.ts';
import { auditRows } from '../../db/audit-log.ts';
import { openDatabase } from '../../db/open-database.ts';

/** details.sha256 of a backup.create entry (canonical JSON text), or null when it cannot be read. */
function backupSha256Of(details: string): string | null {
  try {
    const value = JSON.parse(details) as { sha256?: unknown };
    return typeof value.sha256 === 'string' ? value.sha256 : null;
  } catch {
    return null;
  }
}

/** The chain of the database a restore stands in for, or why it cannot be read (it may be the damaged one). */
export type ReplacedChain = Result<ChainEntry[]>;

/**
 * Reads the audit chain of the database `backup restore --replaces FILE` stands in for, read-only (docs/operator-database.md
 * "Restoring an older backup"). A database that no longer opens (damaged, another schema) is a problem to report, not
 * a reason to refuse the restore: a damaged database is what a restore is for.
 */
export function readReplacedChain(file: string): ReplacedChain {
  let db;
  try {
    db = openDatabase(file, { readOnly: true });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return fail(typeof code === 'string' ? code : 'DB_UNREADABLE', (error as Error).message);
  }
  try {
    return ok(
      auditRows(db).map((r) => ({
        seq: Number(r.seq),
        hash: String(r.entryHash),
        atMs: Number(r.atMs),
        action: String(r.action),
        summary: String(r.summary),
        backupSha256: r.action === 'backup.create' ? backupSha256Of(r.details) : null,
      })),
    );
  } catch (error) {
    return fail('AUDIT_LOG_UNREADABLE', `its audit log cannot be read: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

/**
 * After a restore: the restored chain (`hashes`, entry 1 first, verified with the backup before anything was written)
 * against the heads the given Indexes published (AUDIT_BEHIND_PUBLISHED_HEAD, AUDIT_FORKED_FROM_PUBLISHED_HEAD) and
 * against the chain of the database it replaces (BACKUP_RESTORE_BEHIND_REPLACED, BACKUP_RESTORE_FORKED_FROM_REPLACED).
 * Warnings: the restore is done and stands; they say which acts the restored database no longer records.
 */
export function restoredChainWarnings(
  restored: { hashes: readonly string[]; backupSha256: string },
  o: { published: readonly PublishedIndex[]; replaced: ReplacedChain | null },
): Failure[] {
  const { hashes } = restored;
  const warnings: Failure[] = [];
  const published = checkPublishedHeads(hashes, o.published);
  if (!published.ok) warnings.push(published.error);
  if (o.replaced?.ok) {
    const compared = compareRestoredChain(
      hashes.map((hash, i) => ({ seq: i + 1, hash })),
      o.replaced.value,
      restored.backupSha256,
    );
    if (!compared.ok) warnings.push(compared.error);
  }
  return warnings;
}
