import { verifyAuditChain, type AuditVerified, type AuditVerifyCode } from '../../core/audit/verify-chain.ts';
import { fail, type Result } from '../../core/result.ts';
import { quotedAuditHeads, rawAuditRows } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';

/**
 * `proveit audit verify`: reads the log as stored and every head quoted elsewhere, then checks the chain in the core
 * (main/core/audit/verify-chain.ts). A table that cannot be read at all is AUDIT_LOG_UNREADABLE.
 */
export function verifyAuditLog(db: Db): Result<AuditVerified, AuditVerifyCode> {
  let rows;
  let quoted;
  try {
    rows = rawAuditRows(db);
    quoted = quotedAuditHeads(db);
  } catch (error) {
    return fail('AUDIT_LOG_UNREADABLE', `the audit log cannot be read: ${(error as Error).message}`);
  }
  return verifyAuditChain(rows, quoted);
}
