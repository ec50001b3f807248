import type { Failure } from '../../core/result.ts';
import type { Db } from '../../db/open-database.ts';
import { claimNextRead, liveClaims } from '../../db/read-ledger.ts';
import type { Clock } from '../clock.ts';
import { backoffDelay } from '../http/backoff.ts';
import type { HttpClient } from '../http/http-client.ts';
import { currentPlan } from './current-plan.ts';
import { progressOf, type FetchProgress } from '../../core/proofs-plan/progress.ts';
import type { ReadLimit } from '../../core/proofs-plan/read-window.ts';
import { DEFAULT_READ_SETTINGS, effectiveRule, type ReadSettings } from './read-settings.ts';
import { fetchMissingRekorEntries, type RekorFetchReport } from './rekor-cache.ts';
import { sendRead, type ReadOutcome } from './send-read.ts';

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
  const run = startRun(input);
  const { db, clock, signal } = input;
  for (;;) {
    if (signal?.aborted || !(await readStep(run))) break;
  }

  let rekor: RekorFetchReport | null = null;
  if (!signal?.aborted) {
    emit(run, 'rekor');
    rekor = await fetchMissingRekorEntries({
      db,
      http: input.http,
      clock,
      rekorUrl: input.rekorUrl,
      ids: input.ids,
      backoff: run.settings.backoff,
      signal,
    });
  }
  const outcome = run.failure ? 'error' : signal?.aborted ? 'aborted' : 'done';
  return { outcome, failure: run.failure, progress: emit(run, 'finished'), rateLimited: run.rateLimited, rekor };
}

/** One run's state across its reads. */
interface FetchRun {
  input: FetchInput;
  settings: ReadSettings;
  rule: ReadLimit;
  readsThisRun: number;
  rateLimited: number;
  /** Failures in a row, for the backoff. */
  failures: number;
  failure: Failure | null;
  /**
   * Each id is answered at most once per run: a pending view read now is due again on a later run, never in a loop,
   * even with a recheck interval of zero.
   */
  answered: Set<string>;
  /** This run's own read in flight, whose claims are not another process's. */
  ownReadId: number | null;
}

function startRun(input: FetchInput): FetchRun {
  const settings: ReadSettings = { ...DEFAULT_READ_SETTINGS, ...input.settings };
  return {
    input,
    settings,
    rule: effectiveRule(settings),
    readsThisRun: 0,
    rateLimited: 0,
    failures: 0,
    failure: null,
    answered: new Set<string>(),
    ownReadId: null,
  };
}

const remaining = (run: FetchRun) => run.input.ids.filter((id) => !run.answered.has(id));

/** Ids held by another read in flight (another process, or a run that died), not by this run's own read. */
function heldElsewhere(run: FetchRun, now: number, ids: readonly string[]) {
  const claims = liveClaims(run.input.db, now);
  for (const [id, claim] of claims) if (claim.readId === run.ownReadId) claims.delete(id);
  return { claims, held: ids.filter((id) => claims.has(id)) };
}

function emit(run: FetchRun, phase: FetchProgress['phase']): FetchProgress {
  const { db, clock, ids } = run.input;
  const now = clock.now();
  const all = currentPlan(db, ids, run.settings, now);
  const { claims, held } = heldElsewhere(run, now, remaining(run));
  const left = currentPlan(
    db,
    remaining(run).filter((id) => !claims.has(id)),
    run.settings,
    now,
  );
  const progress = {
    ...progressOf(all, phase, now, run.readsThisRun),
    readsPlanned: left.reads.length,
    nextReadAt: left.earliestStart,
    eta: left.eta,
    claimedElsewhere: held.length,
  };
  run.input.onProgress?.(progress);
  return progress;
}

/** Plans, waits or reads once; false when the run stops (nothing left to read, or a failure). */
async function readStep(run: FetchRun): Promise<boolean> {
  const { db, clock, signal, trustLayerUrl } = run.input;
  const settings = run.settings;
  const now = clock.now();
  run.ownReadId = null;
  const { claims, held } = heldElsewhere(run, now, remaining(run));
  const next = currentPlan(
    db,
    remaining(run).filter((id) => !claims.has(id)),
    settings,
    now,
  ).reads[0];
  if (!next) {
    if (held.length === 0) return false;
    // Everything left is being read by another process: wait for its answer, or for its claim to expire.
    emit(run, 'waiting');
    const until = Math.min(...held.map((id) => claims.get(id)!.until));
    await clock.sleep(Math.min(until - now, CLAIM_POLL_MS), signal);
    return true;
  }
  if (next.notBefore > now) {
    emit(run, 'waiting');
    // Long waits are cut in slices so progress keeps flowing and another process's reads are seen.
    await clock.sleep(Math.min(next.notBefore - now, MAX_SILENT_WAIT_MS), signal);
    return true;
  }
  // The read is chosen again with the write lock held, among the ids no read in flight claims.
  const reservation = claimNextRead(
    db,
    { endpoint: ENDPOINT, baseUrl: trustLayerUrl, claimMs: 2 * settings.requestTimeoutMs },
    run.rule,
    () => clock.now(),
    (at, live) =>
      currentPlan(
        db,
        remaining(run).filter((id) => !live.has(id)),
        settings,
        at,
      ).reads[0] ?? null,
  );
  // Another process took the slot or the ids between the plan and the reservation: plan again.
  if (!reservation.granted) return true;
  run.ownReadId = reservation.readId;
  run.readsThisRun++;
  emit(run, 'reading');
  const outcome = await sendRead({
    db,
    http: run.input.http,
    clock,
    baseUrl: trustLayerUrl,
    readId: reservation.readId,
    ids: reservation.proofIds,
    windowMs: settings.windowMs,
    deadline: reservation.claimedUntil,
    signal,
  });
  run.ownReadId = null;
  return afterRead(run, reservation.proofIds, outcome);
}

/** Counts a read's outcome; false when the run stops on it. */
async function afterRead(run: FetchRun, proofIds: readonly string[], outcome: ReadOutcome): Promise<boolean> {
  if (outcome.kind === 'stored') {
    run.failures = 0;
    for (const id of proofIds) run.answered.add(id);
  } else if (outcome.kind === 'rate-limited') {
    run.rateLimited++;
    emit(run, 'rate-limited');
  } else if (outcome.kind === 'fatal') {
    run.failure = outcome.failure;
    return false;
  } else {
    run.failures++;
    if (run.failures >= run.settings.backoff.attempts) {
      run.failure = outcome.failure;
      return false;
    }
    await run.input.clock.sleep(backoffDelay(run.failures, run.settings.backoff), run.input.signal);
  }
  return true;
}
