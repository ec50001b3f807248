import { parentPort, workerData } from 'node:worker_threads';
import type { DemoPlay } from '../console/first-start-demo.ts';
import { failureOf, type WorkerMessage } from '../console/jobs/worker-messages.ts';
import { playDemo } from './play-demo.ts';

// The worker thread the console's first start plays the demo season in (docs/console-backend.md "First start and the
// demo season"), so its main thread keeps answering the screens. A face, as the demo is: the console starts it through
// the port it is given (demo-thread.ts) and never imports it.
const play = workerData as DemoPlay;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

async function run(): Promise<void> {
  const played = await playDemo({
    outDir: play.outDir,
    dbFile: play.dbFile,
    startedAt: play.startedAt,
    onProgress: (p) => post({ type: 'demo.progress', progress: p }),
  });
  post(
    played.ok
      ? { type: 'done', result: { db: played.value.db, season: played.value.season } }
      : { type: 'failed', code: played.error.code, message: played.error.message },
  );
}

// A database fault (a full disk, a read-only folder) fails the play with its DB_* code and sentence.
run().catch((error: unknown) => post(failureOf(error)));
