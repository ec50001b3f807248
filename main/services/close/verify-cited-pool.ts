import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { readableWorkerStack } from '../workers/bundled-worker.ts';
import { siblingWorkerUrl, startBundledWorker } from '../workers/module-worker.ts';
import { decodeCitedRun } from './cited-wire.ts';
import { CitedVerifier, type CitedOutcome, type CitedWork } from './verify-cited.ts';
import type {
  CitedWorkerData,
  CitedWorkerReply,
  CitedWorkerRequest,
  FinishItem,
  PrepareItem,
} from './verify-cited-worker.ts';

export interface CitedPoolOptions {
  /**
   * Worker threads to verify with; 0 verifies in the calling thread. Default: one per core up to four, and none
   * below SMALL_RUN proofs, where starting a worker (loading the verifier's modules) costs more than it saves.
   */
  threads?: number;
  /**
   * The module the workers start from (default: verify-cited-worker beside this module, its source or its build).
   * The replay kit, one file, gives itself: started as a worker, it serves as verify-cited-worker.ts does.
   */
  workerUrl?: URL;
}

const SMALL_RUN = 400;
/** Proof ids per request: runs long enough that a batch's proofs meet one memo, short enough to balance the load. */
const CHUNK = 250;
/** Runs queued at each worker: two once the close is under way, eight (about a second of work) at the start. */
const IN_FLIGHT = 2;
const FIRST_IN_FLIGHT = 8;

function defaultThreads(count: number): number {
  return count < SMALL_RUN ? 0 : Math.max(1, Math.min(availableParallelism(), 4));
}

/** A run of proof ids prepared by one worker, which keeps them until the close asks for their reports. */
interface Chunk {
  items: PrepareItem[];
  owner: Worker | null;
}

/** The reports being finished: for each chunk with cited proofs, what to finish, and the outcomes so far. */
interface Finishing {
  pending: Map<number, FinishItem[]>;
  outcomes: Map<string, CitedOutcome>;
  remaining: number;
  resolve: () => void;
}

/**
 * Verifies the cited proofs of one bundle (verify-cited.ts), in worker threads when there are many: a season's
 * close spends most of its time in Ed25519, ECDSA and RFC 3161 checks, which spread over the cores. In two steps:
 * prepare() gives the workers runs of proof ids as soon as they are known (bundle.json lists them), and they verify
 * all a disclosure does not change while the caller still reads the submissions; finish() then sends each worker
 * the disclosures of the proofs it holds and gets their reports. The workers start loading as soon as the pool
 * exists. Outcomes come back in the order of the work given, identical whichever thread made them. Close it when done.
 */
export class CitedPool {
  private readonly workers: Worker[] = [];
  private readonly chunks: Chunk[] = [];
  private readonly chunkOf = new Map<string, number>();
  /** Chunks not given to a worker yet, in id order. */
  private readonly queue: number[] = [];
  private readonly inFlight = new Map<Worker, number>();
  private finishing: Finishing | null = null;
  private verified = false;
  private failure: Error | null = null;
  private closing = false;
  private closed: Promise<void> | null = null;
  private onFailure: ((error: Error) => void) | null = null;

  /** `expected`: about how many proofs will be verified, which decides the default number of threads. */
  constructor(
    private readonly bundleDir: string,
    private readonly bundle: TrustBundle,
    expected: number,
    options: CitedPoolOptions = {},
  ) {
    const threads = Math.min(options.threads ?? defaultThreads(expected), Math.ceil(expected / CHUNK));
    const data: CitedWorkerData = { bundleDir, trustDigest: bundle.digest };
    const url = options.workerUrl ?? siblingWorkerUrl(import.meta.url, 'verify-cited-worker');
    for (let i = 0; i < threads; i++) {
      try {
        const worker = startBundledWorker(url, data);
        this.workers.push(worker);
        this.inFlight.set(worker, 0);
        this.listen(worker);
      } catch (error) {
        this.fail(
          new Error(`a verifying worker could not start: ${error instanceof Error ? error.message : String(error)}`),
        );
        break;
      }
    }
  }

  private listen(worker: Worker): void {
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`a verifying worker stopped (exit code ${code})`));
    });
    worker.on('message', (reply: CitedWorkerReply) => {
      // Work is posted as soon as it is known and waits in the worker's queue: 'ready' only says it has loaded.
      if ('ready' in reply) return;
      if ('failed' in reply) this.fail(new Error(`a verifying worker could not start: ${reply.failed}`));
      else if ('error' in reply) this.fail(new Error(`a verifying worker failed: ${readableWorkerStack(reply.error)}`));
      else if ('prepared' in reply) {
        this.inFlight.set(worker, (this.inFlight.get(worker) ?? 1) - 1);
        this.pump(worker);
      } else this.finished(decodeCitedRun(reply.outcomes));
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.onFailure?.(this.failure);
  }

  /**
   * Gives a worker chunks to prepare, two in flight so the next is there when it replies, whatever the calling
   * thread is doing. Once the disclosures are known, a chunk no submission cites is not prepared at all.
   */
  private pump(worker: Worker, inFlight = IN_FLIGHT): void {
    while ((this.inFlight.get(worker) ?? 0) < inFlight && this.queue.length > 0) {
      const index = this.queue.shift()!;
      const chunk = this.chunks[index]!;
      const finish = this.finishing?.pending.get(index);
      if (this.finishing !== null && finish === undefined) continue;
      chunk.owner = worker;
      this.inFlight.set(worker, (this.inFlight.get(worker) ?? 0) + 1);
      worker.postMessage({ chunk: index, prepare: chunk.items } satisfies CitedWorkerRequest);
      if (finish !== undefined) this.sendFinish(index, finish);
    }
  }

  private sendFinish(index: number, items: FinishItem[]): void {
    this.finishing?.pending.delete(index);
    this.chunks[index]!.owner!.postMessage({ chunk: index, finish: items } satisfies CitedWorkerRequest);
  }

  private finished(outcomes: CitedOutcome[]): void {
    const finishing = this.finishing;
    if (finishing === null) return;
    for (const outcome of outcomes) finishing.outcomes.set(outcome.proofId, outcome);
    if (--finishing.remaining === 0) finishing.resolve();
  }

  /** Starts preparing these proofs (ids in order, each once), before their disclosures are known. */
  prepare(items: readonly PrepareItem[]): void {
    if (this.workers.length === 0) return;
    for (let start = 0; start < items.length; start += CHUNK) {
      const chunkItems = items.slice(start, start + CHUNK).filter((item) => !this.chunkOf.has(item.proofId));
      if (chunkItems.length === 0) continue;
      const index = this.chunks.length;
      this.chunks.push({ items: chunkItems, owner: null });
      for (const item of chunkItems) this.chunkOf.set(item.proofId, index);
      this.queue.push(index);
    }
    // The first runs are queued deep enough to keep each worker busy while this thread reads the submissions, which
    // it does without yielding; afterwards two stay in flight, so the last runs still spread over the workers.
    for (const worker of this.workers) this.pump(worker, this.chunks.length > 0 ? FIRST_IN_FLIGHT : IN_FLIGHT);
  }

  /** The outcome of each work item, in order: proofs not prepared yet are prepared first. */
  async verify(work: readonly CitedWork[]): Promise<CitedOutcome[]> {
    // A worker that could not even be started leaves none to verify with: that is reported, not done in this thread.
    if (this.failure) throw this.failure;
    if (this.workers.length === 0) {
      const verifier = new CitedVerifier(this.bundleDir, this.bundle);
      const outcomes: CitedOutcome[] = [];
      for (const item of work) outcomes.push(await verifier.verify(item));
      return outcomes;
    }
    if (this.verified) throw new Error('a CitedPool verifies once: its workers let go of each proof they finish');
    this.verified = true;
    this.prepare(work.filter((item) => !this.chunkOf.has(item.proofId)));
    const byChunk = new Map<number, FinishItem[]>();
    for (const { proofId, disclosures } of work) {
      const index = this.chunkOf.get(proofId)!;
      const items = byChunk.get(index) ?? [];
      items.push({ proofId, disclosures });
      byChunk.set(index, items);
    }
    const outcomes = new Map<string, CitedOutcome>();
    await new Promise<void>((resolve, reject) => {
      this.onFailure = reject;
      if (this.failure) reject(this.failure);
      if (byChunk.size === 0) resolve();
      this.finishing = { pending: new Map(), outcomes, remaining: byChunk.size, resolve };
      for (const [index, items] of byChunk) {
        this.finishing.pending.set(index, items);
        if (this.chunks[index]!.owner !== null) this.sendFinish(index, items);
      }
    });
    this.finishing = null;
    return work.map((item) => outcomes.get(item.proofId)!);
  }

  /** Stops the workers; the pool cannot verify afterwards. Once is enough: a second call waits for the first. */
  close(): Promise<void> {
    this.closing = true;
    this.closed ??= Promise.all(this.workers.map((worker) => worker.terminate())).then(() => undefined);
    return this.closed;
  }
}
