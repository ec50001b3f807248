import type { Failure } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { claimNextRead, liveClaims } from '../../db/read-ledger.ts';
import type { Clock } from '../clock.ts';
import { backoffDelay } from '../http/backoff.ts';
import type { HttpClient } from '../http/http-client.ts';
import { currentPlan } from './current-plan.ts';
import { progressOf, type FetchProgress } from '../../core/proofs-plan/progress.ts';
import { DEFAULT_READ_SETTINGS, effectiveRule, type ReadSettings } from './read-settings.ts';
import { fetchMissingRekorEntries, type RekorFetchReport } from './rekor-cache.ts';
import { sendRead } from './send-read.ts';

export interface FetchInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  /** The Trust Layer's base URL, e.g. https://trust.arkforge.tech. */
  trustLayerUrl: string;
  /**
   * The transparency log's base URL for every Rekor entry; without it each entry is fetched from the log its proofs
   * name (`transparency_log.log_url`: the public-good log for production proofs).
   */
  rekorUrl?: string;
  /** Validated proof ids, across participants. */
  ids: readonly string[];
  settings?: Partial<ReadSettings>;
  onProgress?: (progress: FetchProgress) => void;
  signal?: AbortSignal;
}

export interface FetchReport {
  /** done: nothing is due now (some may still be pending); error: reads stopped on a failure; aborted: signal. */
  outcome: 'done' | 'error' | 'aborted';
  failure: Failure | null;
  progress: FetchProgress;
  /** 429 answers received during this run. */
  rateLimited: number;
  /** The Rekor entries (one per batch) fetched after the reads; null when the run was aborted before. */
  rekor: RekorFetchReport | null;
}

const ENDPOINT = 'POST /v1/proofs';
const MAX_SILENT_WAIT_MS = 30_000;
/** How often a process waiting on ids another process is reading looks for that read's answer. */
const CLAIM_POLL_MS = 250;

/**
 * Reads the views these proofs need (docs/operator-database.md "The read quota"): plan from the store, wait for the
 * window, record the read in the ledger, send it, commit its views, plan again. Re-planning after every call is what
 * makes a kill harmless: the next run starts from what was committed, and a stored anchored view is never in a plan
 * again. Pending views not yet due are left for a later run (they are not waited for).
 *
 * Claims (docs/operator-database.md "Read claims"): the ids of a read are claimed in the ledger in the transaction that
 * reserves it, and the read is chosen inside that transaction, so two processes given the same ids never both read one.
 * Ids another process's read holds are left to it: this run waits for that read's answer (then they are stored, or free
 * again after a failure), or for its claim to expire (two request timeouts: its process died, or its answer can no
 * longer come).
 */
export async function fetchProofs(input: FetchInput): Promise<FetchReport> {
  const settings: ReadSettings = { ...DEFAULT_READ_SETTINGS, ...input.settings };
  const rule = effectiveRule(settings);
  const { db, clock, signal } = input;
  let readsThisRun = 0;
  let rateLimited = 0;
  let failures = 0;
  let failure: Failure | null = null;
  // Each id is answered at most once per run: a pending view read now is due again on a later run, never in a loop,
  // even with a recheck interval of zero.
  const answered = new Set<string>();
  const remaining = () => input.ids.filter((id) => !answered.has(id));
  // Ids held by another read in flight (another process, or a run that died), not by this run's own read.
  let ownReadId: number | null = null;
  const heldElsewhere = (now: number, ids: readonly string[]) => {
    const claims = liveClaims(db, now);
    for (const [id, claim] of claims) if (claim.readId === ownReadId) claims.delete(id);
    return { claims, held: ids.filter((id) => claims.has(id)) };
  };
  const emit = (phase: FetchProgress['phase']) => {
    const now = clock.now();
    const all = currentPlan(db, input.ids, settings, now);
    const { claims, held } = heldElsewhere(now, remaining());
    const left = currentPlan(
      db,
      remaining().filter((id) => !claims.has(id)),
      settings,
      now,
    );
    const progress = {
      ...progressOf(all, phase, now, readsThisRun),
      readsPlanned: left.reads.length,
      nextReadAt: left.earliestStart,
      eta: left.eta,
      claimedElsewhere: held.length,
    };
    input.onProgress?.(progress);
    return progress;
  };
  const claimMs = 2 * settings.requestTimeoutMs;

  for (;;) {
    if (signal?.aborted) break;
    const now = clock.now();
    ownReadId = null;
    const { claims, held } = heldElsewhere(now, remaining());
    const next = currentPlan(
      db,
      remaining().filter((id) => !claims.has(id)),
      settings,
      now,
    ).reads[0];
    if (!next) {
      if (held.length === 0) break;
      // Everything left is being read by another process: wait for its answer, or for its claim to expire.
      emit('waiting');
      const until = Math.min(...held.map((id) => claims.get(id)!.until));
      await clock.sleep(Math.min(until - now, CLAIM_POLL_MS), signal);
      continue;
    }
    if (next.notBefore > now) {
      emit('waiting');
      // Long waits are cut in slices so progress keeps flowing and another process's reads are seen.
      await clock.sleep(Math.min(next.notBefore - now, MAX_SILENT_WAIT_MS), signal);
      continue;
    }
    // The read is chosen again with the write lock held, among the ids no read in flight claims.
    const reservation = claimNextRead(
      db,
      { endpoint: ENDPOINT, baseUrl: input.trustLayerUrl, claimMs },
      rule,
      () => clock.now(),
      (at, live) =>
        currentPlan(
          db,
          remaining().filter((id) => !live.has(id)),
          settings,
          at,
        ).reads[0] ?? null,
    );
    // Another process took the slot or the ids between the plan and the reservation: plan again.
    if (!reservation.granted) continue;
    ownReadId = reservation.readId;
    readsThisRun++;
    emit('reading');
    const outcome = await sendRead({
      db,
      http: input.http,
      clock,
      baseUrl: input.trustLayerUrl,
      readId: reservation.readId,
      ids: reservation.proofIds,
      windowMs: settings.windowMs,
      deadline: reservation.claimedUntil,
      signal,
    });
    ownReadId = null;
    if (outcome.kind === 'stored') {
      failures = 0;
      for (const id of reservation.proofIds) answered.add(id);
    } else if (outcome.kind === 'rate-limited') {
      rateLimited++;
      emit('rate-limited');
    } else if (outcome.kind === 'fatal') {
      failure = outcome.failure;
      break;
    } else {
      failures++;
      if (failures >= settings.backoff.attempts) {
        failure = outcome.failure;
        break;
      }
      await clock.sleep(backoffDelay(failures, settings.backoff), signal);
    }
  }

  let rekor: RekorFetchReport | null = null;
  if (!signal?.aborted) {
    emit('rekor');
    rekor = await fetchMissingRekorEntries({
      db,
      http: input.http,
      clock,
      rekorUrl: input.rekorUrl,
      ids: input.ids,
      backoff: settings.backoff,
      signal,
    });
  }
  const outcome = failure ? 'error' : signal?.aborted ? 'aborted' : 'done';
  return { outcome, failure, progress: emit('finished'), rateLimited, rekor };
}
