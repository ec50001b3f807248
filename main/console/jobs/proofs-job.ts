import { fail, ok, type Result } from '../../core/result.ts';
import { latestFreezeTrustLayer } from '../../db/freezes.ts';
import { openDatabase } from '../../db/open-database.ts';
import type { Clock } from '../../services/clock.ts';
import { createHttpClient } from '../../services/http/http-client.ts';
import { fetchProofs } from '../../services/proofs/fetch-proofs.ts';
import type { FetchProgress } from '../../core/proofs-plan/progress.ts';

/**
 * The console's `proofs.fetch`: the proofs the read cache holds as pending (or refused) are read again under the
 * 100-per-hour limit, from the Trust Layer the latest freeze was made through, with the same ledger, claims and
 * quota as `proveit proofs fetch` (docs/operator-database.md). Anchored views are never read again.
 */
export async function runProofsJob(
  dbFile: string,
  clock: Clock,
  onProgress: (p: FetchProgress) => void,
): Promise<Result<{ ids: number; anchored: number; unsettled: number; reads: number }>> {
  const db = openDatabase(dbFile);
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const ids = db
      .prepare("SELECT proof_id FROM proof_views WHERE status IN ('pending', 'refused') ORDER BY proof_id")
      .pluck()
      .all() as string[];
    if (ids.length === 0) return ok({ ids: 0, anchored: 0, unsettled: 0, reads: 0 });
    const trustLayer = latestFreezeTrustLayer(db);
    if (!trustLayer)
      return fail('FREEZE_NOT_FOUND', 'no freeze in this database: the Trust Layer to read from is the freeze’s');
    const report = await fetchProofs({ db, http, clock, trustLayerUrl: trustLayer, ids, onProgress });
    if (report.outcome === 'error' && report.failure) return fail(report.failure.code, report.failure.message);
    return ok({
      ids: ids.length,
      anchored: report.progress.anchored,
      unsettled: report.progress.unsettled,
      reads: report.progress.readsThisRun,
    });
  } finally {
    await http.close();
    db.close();
  }
}
