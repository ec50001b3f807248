import { checkPublishedHeads, type PublishedHeadCode, type PublishedIndex } from '../../core/audit/published-heads.ts';
import { verifyAuditChain, type AuditVerified, type AuditVerifyCode } from '../../core/audit/verify-chain.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { quotedAuditHeads, rawAuditRows } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';

export interface AuditLogVerified extends AuditVerified {
  /** The heads of the published Indexes given, each found in the chain with its hash. */
  publishedHeads: number;
  /** Every entry's hash, entry 1 first (the chain verified): what a restore compares with the chain it replaces. */
  hashes: string[];
}

/**
 * `proveit audit verify`: reads the log as stored and every head quoted elsewhere, then checks the chain in the core
 * (main/core/audit/verify-chain.ts); then, given published Indexes, that each head they publish is an entry of this
 * chain (docs/audit-log.md "Against the published Index": a database restored from a backup older than the Index is
 * behind it). A table that cannot be read at all is AUDIT_LOG_UNREADABLE.
 */
export function verifyAuditLog(
  db: Db,
  published: readonly PublishedIndex[] = [],
): Result<AuditLogVerified, AuditVerifyCode | PublishedHeadCode> {
  let rows;
  let quoted;
  try {
    rows = rawAuditRows(db);
    quoted = quotedAuditHeads(db);
  } catch (error) {
    return fail('AUDIT_LOG_UNREADABLE', `the audit log cannot be read: ${(error as Error).message}`);
  }
  const chain = verifyAuditChain(rows, quoted);
  if (!chain.ok) return chain;
  // The chain verified: rows are entries 1..n in order, each entry_hash a string.
  const hashes = rows.map((r) => r.entry_hash as string);
  const heads = checkPublishedHeads(hashes, published);
  if (!heads.ok) return heads;
  return ok({ ...chain.value, publishedHeads: heads.value.publishedHeads, hashes });
}
