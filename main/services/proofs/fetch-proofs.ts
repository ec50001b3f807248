import type { Failure } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { reserveRead } from '../../db/read-ledger.ts';
import type { Clock } from '../clock.ts';
import { backoffDelay } from '../http/backoff.ts';
import type { HttpClient } from '../http/http-client.ts';
import { currentPlan } from './current-plan.ts';
import { progressOf, type FetchProgress } from './progress.ts';
import { DEFAULT_READ_SETTINGS, effectiveRule, type ReadSettings } from './read-settings.ts';
import { fetchMissingRekorEntries, type RekorFetchReport } from './rekor-cache.ts';
import { sendRead } from './send-read.ts';

export interface FetchInput {
  db: Db;
  http: HttpClient;
  clock: Clock;
  /** The Trust Layer's base URL, e.g. https://trust.arkforge.tech. */
  trustLayerUrl: string;
  /** The transparency log's base URL; without it no Rekor entry is fetched. */
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
  rekor: RekorFetchReport | null;
}

const ENDPOINT = 'POST /v1/proofs';
const MAX_SILENT_WAIT_MS = 30_000;

/**
 * Reads the views these proofs need (issue 6): plan from the store, wait for the window, record the read in the
 * ledger, send it, commit its views, plan again. Re-planning after every call is what makes a kill harmless: the next
 * run starts from what was committed, and a stored anchored view is never in a plan again.
 * Pending views not yet due are left for a later run (they are not waited for).
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
  const emit = (phase: FetchProgress['phase']) => {
    const now = clock.now();
    const all = currentPlan(db, input.ids, settings, now);
    const left = currentPlan(db, remaining(), settings, now);
    const progress = {
      ...progressOf(all, phase, now, readsThisRun),
      readsPlanned: left.reads.length,
      nextReadAt: left.earliestStart,
      eta: left.eta,
    };
    input.onProgress?.(progress);
    return progress;
  };

  for (;;) {
    if (signal?.aborted) break;
    const now = clock.now();
    const next = currentPlan(db, remaining(), settings, now).reads[0];
    if (!next) break;
    if (next.notBefore > now) {
      emit('waiting');
      // Long waits are cut in slices so progress keeps flowing and another process's reads are seen.
      await clock.sleep(Math.min(next.notBefore - now, MAX_SILENT_WAIT_MS), signal);
      continue;
    }
    const reservation = reserveRead(
      db,
      { endpoint: ENDPOINT, baseUrl: input.trustLayerUrl, proofIds: next.ids },
      rule,
      () => clock.now(),
    );
    // Another process took the slot between the plan and the reservation: wait for the next one.
    if (!reservation.granted) continue;
    readsThisRun++;
    emit('reading');
    const outcome = await sendRead({
      db,
      http: input.http,
      clock,
      baseUrl: input.trustLayerUrl,
      readId: reservation.readId,
      ids: next.ids,
      windowMs: settings.windowMs,
      signal,
    });
    if (outcome.kind === 'stored') {
      failures = 0;
      for (const id of next.ids) answered.add(id);
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
  if (input.rekorUrl && !signal?.aborted) {
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
