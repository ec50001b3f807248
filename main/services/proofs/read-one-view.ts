import { fail, ok, type Result } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { storedViews, type StoredView } from '../../db/proof-views.ts';
import type { Clock } from '../clock.ts';
import type { HttpClient } from '../http/http-client.ts';
import { currentPlan } from './current-plan.ts';
import { fetchProofs } from './fetch-proofs.ts';
import { DEFAULT_READ_SETTINGS, type ReadSettings } from './read-settings.ts';

export type ReadOneViewCode = 'READ_NO_READ_LEFT';

/**
 * "Re-check now (uses 1 read)": one proof's view read as `proveit proofs fetch` reads a view (POST /v1/proofs with
 * that one id, in the read ledger, under the 100-per-hour limit and the claims, docs/operator-database.md "The read
 * quota"), so the read cache, the Proofs screen and the close all see the state this read saw. Asked by the operator,
 * it does not wait for the pending recheck interval; it never waits for the hourly window either: with no read left
 * now it says when the next one is possible (READ_NO_READ_LEFT, `next_read_at`). An anchored view is never read again
 * (fetchProofs plans none): its stored view is the answer.
 */
export async function readOneView(
  ports: { db: Db; http: HttpClient; clock: Clock },
  request: { proofId: string; trustLayerUrl: string; settings?: Partial<ReadSettings> },
): Promise<Result<StoredView | undefined, string>> {
  const asked: ReadSettings = { ...DEFAULT_READ_SETTINGS, ...request.settings, pendingRecheckMs: 0 };
  const now = ports.clock.now();
  const next = currentPlan(ports.db, [request.proofId], asked, now).reads[0];
  if (next !== undefined && next.notBefore > now) {
    const at = new Date(next.notBefore).toISOString();
    return fail<ReadOneViewCode>(
      'READ_NO_READ_LEFT',
      `the ${asked.limit} reads of the hour are used: the next read is possible at ${at}`,
      { next_read_at: at },
    );
  }
  const report = await fetchProofs({
    db: ports.db,
    http: ports.http,
    clock: ports.clock,
    trustLayerUrl: request.trustLayerUrl,
    ids: [request.proofId],
    settings: asked,
  });
  if (report.outcome === 'error' && report.failure) return fail(report.failure.code, report.failure.message);
  return ok(storedViews(ports.db, [request.proofId])[0]);
}
