import type { PyObject } from '../../core/json/value.ts';
import { appendAudit, type AuditAction, type AuditHead } from '../../db/audit-log.ts';
import type { Db } from '../../db/open-database.ts';
import type { Clock } from '../clock.ts';

/**
 * Appends an operator action that has no write of its own to commit with (an export, a proofs fetch's run), at the
 * clock's time. Actions that write rows append in their own transaction instead (docs/audit-log.md).
 */
export function recordAction(
  db: Db,
  clock: Clock,
  entry: { actor: string; action: AuditAction; summary: string; details?: PyObject },
): AuditHead {
  return appendAudit(db, { atMs: clock.now(), ...entry });
}
