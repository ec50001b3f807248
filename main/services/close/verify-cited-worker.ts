import { parentPort, workerData } from 'node:worker_threads';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import { BUNDLE, inBundle } from './bundle-layout.ts';
import { CitedVerifier, type CitedOutcome, type CitedWork } from './verify-cited.ts';

/** What the pool gives a worker at start (verify-cited-pool.ts). */
export interface CitedWorkerData {
  bundleDir: string;
  /** The digest of the trust bundle the main thread loaded: the worker loads the same folder and must agree. */
  trustDigest: string;
}

export type CitedWorkerRequest = { chunk: number; work: CitedWork[] };
export type CitedWorkerReply =
  { chunk: number; outcomes: CitedOutcome[] } | { chunk: number; error: string } | { ready: true } | { failed: string };

const port = parentPort;
if (port === null) throw new Error('verify-cited-worker.ts runs as a worker thread (verify-cited-pool.ts starts it)');
const data = workerData as CitedWorkerData;
const trust = await loadTrustBundle(inBundle(data.bundleDir, BUNDLE.trust));
if (!trust.ok || trust.value.digest !== data.trustDigest) {
  port.postMessage({
    failed: trust.ok
      ? `the trust bundle changed while the close ran (digest ${trust.value.digest}, expected ${data.trustDigest})`
      : `${trust.error.code}: ${trust.error.message}`,
  } satisfies CitedWorkerReply);
} else {
  const verifier = new CitedVerifier(data.bundleDir, trust.value);
  port.on('message', (request: CitedWorkerRequest) => {
    void (async () => {
      try {
        const outcomes: CitedOutcome[] = [];
        for (const work of request.work) outcomes.push(await verifier.verify(work));
        port.postMessage({ chunk: request.chunk, outcomes } satisfies CitedWorkerReply);
      } catch (error) {
        port.postMessage({
          chunk: request.chunk,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies CitedWorkerReply);
      }
    })();
  });
  port.postMessage({ ready: true } satisfies CitedWorkerReply);
}
