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
  const given: ReadSettings = { ...DEFAULT_READ_SETTINGS, ...request.settings };
  // One attempt: the button says "uses 1 read", and each retry after a network error or a 5xx is a new counted read
  // (ReadSettings.backoff), made while the operator waits; the refusal says to re-check later instead.
  const asked: ReadSettings = { ...given, pendingRecheckMs: 0, backoff: { ...given.backoff, attempts: 1 } };
  const now = ports.clock.now();
  const refused = noReadLeft(ports.db, request.proofId, asked, now);
  if (refused !== null) return refused;
  // A 429 is the Trust Layer saying no read is left: the fetcher would wait for its Retry-After (up to the hour) while
  // the operator waits; the re-check stops instead and names the next read, which the ledger's embargo now holds.
  const rateLimited = new AbortController();
  const report = await fetchProofs({
    db: ports.db,
    http: ports.http,
    clock: ports.clock,
    trustLayerUrl: request.trustLayerUrl,
    ids: [request.proofId],
    settings: asked,
    signal: rateLimited.signal,
    onProgress: (progress) => {
      if (progress.phase === 'rate-limited') rateLimited.abort();
    },
  });
  if (report.outcome === 'error' && report.failure)
    return fail(report.failure.code, report.failure.message, report.failure.details);
  if (rateLimited.signal.aborted)
    return (
      noReadLeft(
        ports.db,
        request.proofId,
        asked,
        ports.clock.now(),
        'the Trust Layer answered 429 (its hourly limit)',
      ) ?? fail<ReadOneViewCode>('READ_NO_READ_LEFT', 'the Trust Layer answered 429: no read is left now', {})
    );
  return ok(storedViews(ports.db, [request.proofId])[0]);
}

/** READ_NO_READ_LEFT naming the next possible read when the ledger (the window, a 429's embargo) allows none now. */
function noReadLeft(
  db: Db,
  proofId: string,
  settings: ReadSettings,
  now: number,
  reason = `the ${settings.limit} reads of the hour are used`,
) {
  const next = currentPlan(db, [proofId], settings, now).reads[0];
  if (next === undefined || next.notBefore <= now) return null;
  const at = new Date(next.notBefore).toISOString();
  return fail<ReadOneViewCode>('READ_NO_READ_LEFT', `${reason}: the next read is possible at ${at}`, {
    next_read_at: at,
  });
}
