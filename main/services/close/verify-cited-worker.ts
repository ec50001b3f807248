import { parentPort, workerData } from 'node:worker_threads';
import { loadTrustBundle } from '../trust/load-bundle.ts';
import { BUNDLE, inBundle } from './bundle-layout.ts';
import { encodeCitedRun } from './cited-wire.ts';
import { CitedVerifier, type CitedWork, type PreparedCited } from './verify-cited.ts';

/** What the pool gives a worker at start (verify-cited-pool.ts). */
export interface CitedWorkerData {
  bundleDir: string;
  /** The digest of the trust bundle the main thread loaded: the worker loads the same folder and must agree. */
  trustDigest: string;
}

/** A proof to prepare: its id and its status in bundle.json. */
export type PrepareItem = Pick<CitedWork, 'proofId' | 'status'>;
/** A prepared proof's disclosures, one report each. */
export type FinishItem = Pick<CitedWork, 'proofId' | 'disclosures'>;

export type CitedWorkerRequest = { chunk: number; prepare: PrepareItem[] } | { chunk: number; finish: FinishItem[] };
export type CitedWorkerReply =
  | { prepared: number }
  /** The chunk's outcomes as cited-wire.ts encodes them. */
  | { finished: number; outcomes: string }
  | { chunk: number; error: string }
  | { ready: true }
  | { failed: string };

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
  // Each chunk's prepared proofs until their reports are asked for: a finish request always follows its chunk's
  // prepare request, and waits for it.
  const prepared = new Map<number, Promise<Map<string, PreparedCited>>>();
  const prepareChunk = async (items: PrepareItem[]) => {
    const proofs = new Map<string, PreparedCited>();
    for (const { proofId, status } of items) proofs.set(proofId, await verifier.prepare(proofId, status));
    return proofs;
  };
  port.on('message', (request: CitedWorkerRequest) => {
    void (async () => {
      try {
        if ('prepare' in request) {
          const proofs = prepareChunk(request.prepare);
          prepared.set(request.chunk, proofs);
          await proofs;
          port.postMessage({ prepared: request.chunk } satisfies CitedWorkerReply);
        } else {
          const proofs = await prepared.get(request.chunk)!;
          prepared.delete(request.chunk);
          const outcomes = request.finish.map(({ proofId, disclosures }) =>
            verifier.finish(proofs.get(proofId)!, disclosures),
          );
          port.postMessage({ finished: request.chunk, outcomes: encodeCitedRun(outcomes) } satisfies CitedWorkerReply);
        }
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
