import { planReads, type ReadPlan } from '../../core/proofs-plan/plan-reads.ts';
import type { Db } from '../../db/open-database.ts';
import { cachedViews } from '../../db/proof-views.ts';
import { ledgerState } from '../../db/read-ledger.ts';
import { effectiveRule, type ReadSettings } from './read-settings.ts';

/** The plan for these ids given what the store holds now. Reads the database only. */
export function currentPlan(db: Db, ids: readonly string[], settings: ReadSettings, now: number): ReadPlan {
  const rule = effectiveRule(settings);
  return planReads({
    needed: ids,
    cached: cachedViews(db, ids),
    ledger: ledgerState(db, now, rule),
    rule,
    pendingRecheckMs: settings.pendingRecheckMs,
    now,
    batchSize: settings.batchSize,
    ...(settings.absentRecheckUntilMs === null ? {} : { absentRecheckUntil: settings.absentRecheckUntilMs }),
  });
}
