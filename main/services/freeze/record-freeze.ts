import { pyObjectFrom } from '../../core/json/value.ts';
import type { Result } from '../../core/result.ts';
import { appendAudit, type AuditAppend } from '../../db/audit-log.ts';
import { insertFreeze, type FreezeRow, type FreezeSeal } from '../../db/freezes.ts';
import type { Db } from '../../db/open-database.ts';
import { inTransaction, Refused } from '../refused.ts';

/**
 * The `freeze.create` or `freeze.replace` audit entry of a recorded freeze, from its row: the anchored, public
 * fields only, never the salt, the key or the API key.
 */
export function freezeAuditEntry(row: FreezeRow, actor: string): AuditAppend {
  const replacing = row.replaces !== null;
  return {
    atMs: row.createdAtMs,
    actor,
    action: replacing ? 'freeze.replace' : 'freeze.create',
    summary: replacing
      ? `season ${row.season} ${row.track}: freeze ${row.proofId} replaces ${row.replaces} (reason: ${row.reason})`
      : `season ${row.season} ${row.track}: freeze ${row.proofId} recorded`,
    details: pyObjectFrom([
      ['proof_id', row.proofId],
      ['season', BigInt(row.season)],
      ['track', row.track],
      ['rules_version', row.rulesVersion],
      ['rules_hash', row.rulesHash],
      ['manifest_hash', row.manifestHash],
      ['key_commitment', row.keyCommitment],
      ['replaces', row.replaces],
      ['reason', row.reason],
      ['opens_at', row.opensAt],
      ['closes_at', row.closesAt],
      ['trust_layer', row.trustLayer],
      ['operator_public_key', row.operator?.operatorPublicKey ?? null],
      // --opens-at and --closes-at are typed by the operator, not read from the clock.
      ['hand_entered_times', ['opens_at', 'closes_at']],
    ]),
  };
}

/**
 * Records an anchored freeze with its seal and its audit entry, in one transaction. Another freeze of the same
 * season and track recorded while this one was anchored takes the chain: nothing is recorded (FREEZE_ALREADY_EXISTS).
 */
export function recordFreeze(
  db: Db,
  row: FreezeRow,
  seal: FreezeSeal,
  actor: string,
): Result<null, 'FREEZE_ALREADY_EXISTS'> {
  return inTransaction(db, () => {
    if (!insertFreeze(db, row, seal).inserted) {
      throw new Refused({
        code: 'FREEZE_ALREADY_EXISTS',
        message: `another freeze of season ${row.season}, track ${row.track} was recorded while this one was anchored (proof ${row.proofId} is not recorded); run 'proveit freeze publish' to see the chain`,
        details: { proof_id: row.proofId },
      });
    }
    appendAudit(db, freezeAuditEntry(row, actor));
    return null;
  });
}
