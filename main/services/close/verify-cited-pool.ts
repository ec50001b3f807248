import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { TrustBundle } from '../../core/trust/bundle.ts';
import { siblingWorkerUrl, startBundledWorker } from '../workers/module-worker.ts';
import { CitedVerifier, type CitedOutcome, type CitedWork } from './verify-cited.ts';
import type { CitedWorkerData, CitedWorkerReply, CitedWorkerRequest } from './verify-cited-worker.ts';

export interface CitedPoolOptions {
  /**
   * Worker threads to verify with; 0 verifies in the calling thread. Default: one per core up to four, and none
   * below SMALL_RUN proofs, where starting a worker (loading the verifier's modules) costs more than it saves.
   */
  threads?: number;
}

const SMALL_RUN = 400;
/** Proof ids per request: runs long enough that a batch's proofs meet one memo, short enough to balance the load. */
const CHUNK = 250;

function defaultThreads(count: number): number {
  return count < SMALL_RUN ? 0 : Math.max(1, Math.min(availableParallelism(), 4));
}

/**
 * Verifies the cited proofs of one bundle (verify-cited.ts), in worker threads when there are many: a season's
 * close spends most of its time in Ed25519, ECDSA and RFC 3161 checks, which spread over the cores. The workers
 * start loading the verifier as soon as the pool exists, while the caller verifies the freeze and reads the corpus.
 * Outcomes come back in the order of the work given, identical whichever thread made them. Close it when done.
 */
export class CitedPool {
  /** Each worker once it has started; rejected when it could not be started. */
  private readonly launched: Promise<Worker>[] = [];
  /** Each worker once it has loaded the verifier and the trust bundle (it says so). */
  private readonly ready: Promise<Worker>[] = [];
  private readonly replies = new Map<Worker, (reply: { chunk: number; outcomes: CitedOutcome[] }) => void>();
  private failure: Error | null = null;
  private closing = false;
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
    const url = siblingWorkerUrl(import.meta.url, 'verify-cited-worker');
    for (let i = 0; i < threads; i++) {
      const launched = startBundledWorker(url, data);
      launched.catch((error: unknown) =>
        this.fail(
          new Error(`a verifying worker could not start: ${error instanceof Error ? error.message : String(error)}`),
        ),
      );
      this.launched.push(launched);
      const ready = launched.then((worker) => this.listen(worker));
      // Awaited by verify(); a pool closed before it verifies must not leave the rejection unhandled.
      ready.catch(() => undefined);
      this.ready.push(ready);
    }
  }

  private listen(worker: Worker): Promise<Worker> {
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`a verifying worker stopped (exit code ${code})`));
    });
    return new Promise<Worker>((resolve) => {
      worker.on('message', (reply: CitedWorkerReply) => {
        if ('ready' in reply) resolve(worker);
        else if ('failed' in reply) this.fail(new Error(`a verifying worker could not start: ${reply.failed}`));
        else if ('error' in reply) this.fail(new Error(`a verifying worker failed: ${reply.error}`));
        else this.replies.get(worker)?.(reply);
      });
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.onFailure?.(this.failure);
  }

  async verify(work: readonly CitedWork[]): Promise<CitedOutcome[]> {
    if (this.launched.length === 0) {
      const verifier = new CitedVerifier(this.bundleDir, this.bundle);
      const outcomes: CitedOutcome[] = [];
      for (const item of work) outcomes.push(await verifier.verify(item));
      return outcomes;
    }
    const chunks: CitedWork[][] = [];
    for (let start = 0; start < work.length; start += CHUNK) chunks.push(work.slice(start, start + CHUNK));
    const results = new Array<CitedOutcome[]>(chunks.length);
    await new Promise<void>((resolve, reject) => {
      this.onFailure = reject;
      if (this.failure) reject(this.failure);
      if (chunks.length === 0) resolve();
      let next = 0;
      let done = 0;
      const give = (worker: Worker) => {
        if (next >= chunks.length) return;
        const chunk = next++;
        worker.postMessage({ chunk, work: chunks[chunk]! } satisfies CitedWorkerRequest);
      };
      for (const ready of this.ready) {
        void ready.then((worker) => {
          this.replies.set(worker, (reply) => {
            results[reply.chunk] = reply.outcomes;
            if (++done === chunks.length) resolve();
            else give(worker);
          });
          // Two runs in flight: the next one is already there when a worker replies, whatever this thread is doing.
          give(worker);
          give(worker);
        }, reject);
      }
    });
    return results.flat();
  }

  /** Stops the workers; the pool cannot verify afterwards. */
  async close(): Promise<void> {
    this.closing = true;
    this.replies.clear();
    await Promise.all(
      this.launched.map((launched) =>
        launched.then(
          (w) => w.terminate(),
          () => undefined,
        ),
      ),
    );
  }
}
