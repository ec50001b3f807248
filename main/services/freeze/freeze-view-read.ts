import { fail, ok, type Result } from '../../core/result.ts';
import type { FreezeRow } from '../../db/freezes.ts';
import { storedViews } from '../../db/proof-views.ts';
import { currentPlan } from '../proofs/current-plan.ts';
import { fetchProofs } from '../proofs/fetch-proofs.ts';
import { DEFAULT_READ_SETTINGS, type ReadSettings } from '../proofs/read-settings.ts';
import type { FreezeAnchoringPorts } from './freeze-anchoring.ts';

/**
 * "Re-check now (uses 1 read)": the freeze proof's view read as `proveit proofs fetch` reads a view (POST /v1/proofs
 * with that one id, in the read ledger, under the 100-per-hour limit and the claims), so the read cache, the Proofs
 * screen and the close see the state the anchor check saw (docs/freeze.md "Timeline (the anchor deadline)"). Asked by
 * the operator, it does not wait for the pending recheck interval; it never waits for the hourly window either: with no
 * read left now it says when.
 */
export async function readFreezeViewThroughQuota(
  freeze: FreezeRow,
  ports: FreezeAnchoringPorts,
  settings: Partial<ReadSettings> = {},
): Promise<Result<Uint8Array>> {
  const asked: ReadSettings = { ...DEFAULT_READ_SETTINGS, ...settings, pendingRecheckMs: 0 };
  const now = ports.clock.now();
  const next = currentPlan(ports.db, [freeze.proofId], asked, now).reads[0];
  if (next !== undefined && next.notBefore > now)
    return fail(
      'FREEZE_RECHECK_NO_READ_LEFT',
      `the ${asked.limit} reads of the hour are used: the next read is possible at ${new Date(next.notBefore).toISOString()}; re-check the anchor then`,
      { next_read_at: new Date(next.notBefore).toISOString() },
    );
  const report = await fetchProofs({
    db: ports.db,
    http: ports.http,
    clock: ports.clock,
    trustLayerUrl: freeze.trustLayer,
    ids: [freeze.proofId],
    settings: asked,
  });
  if (report.outcome === 'error' && report.failure) return fail(report.failure.code, report.failure.message);
  const stored = storedViews(ports.db, [freeze.proofId])[0];
  if (stored?.raw == null || (stored.status !== 'anchored' && stored.status !== 'pending'))
    return fail(
      'FREEZE_PROOF_UNREADABLE',
      `the Trust Layer ${freeze.trustLayer} served no view of the freeze proof ${freeze.proofId} (${stored?.status ?? 'nothing stored'}): check the Trust Layer the console was given (--trust-layer URL)`,
    );
  return ok(stored.raw);
}
