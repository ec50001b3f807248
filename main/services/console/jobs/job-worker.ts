import { parentPort, workerData } from 'node:worker_threads';
import { databaseFaultOf } from '../../../db/database-fault.ts';
import { runCloseJob, type CloseJobArgs } from './close-job.ts';
import { runIndexExportJob } from './index-export-job.ts';
import { runProofsJob } from './proofs-job.ts';
import { runReplayJob, type ReplayJobArgs } from './replay-job.ts';
import { jobActor, type WorkerJob, type WorkerMessage } from './worker-messages.ts';

// A worker thread running one long job (a close, proof reads, a replay, an Index export), so the console's main thread stays free. It
// opens its own connection to the operator database (WAL: main keeps reading) and reports to main by messages.
const job = workerData as WorkerJob;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);

async function run(): Promise<void> {
  if (job.kind === 'close') {
    const done = await runCloseJob(
      job.dbFile,
      job.jobId,
      job.attempt,
      job.args as unknown as CloseJobArgs,
      (p) => post({ type: 'close.progress', progress: p }),
      job.settings,
    );
    post(
      done.ok
        ? { type: 'done', result: done.value }
        : { type: 'failed', code: done.error.code, message: done.error.message },
    );
    return;
  }
  if (job.kind === 'proofs') {
    const done = await runProofsJob(job.dbFile, (p) => post({ type: 'close.progress', progress: p }));
    post(
      done.ok
        ? { type: 'done', result: done.value }
        : { type: 'failed', code: done.error.code, message: done.error.message },
    );
    return;
  }
  if (job.kind === 'index_export') {
    const done = runIndexExportJob(job.dbFile, job.args['season'] as number, jobActor(job.args));
    post(
      done.ok
        ? { type: 'done', result: { ...done.value } }
        : { type: 'failed', code: done.error.code, message: done.error.message },
    );
    return;
  }
  const done = await runReplayJob(job.dbFile, job.jobId, job.attempt, job.args as unknown as ReplayJobArgs);
  post(
    done.ok
      ? { type: 'done', result: done.value }
      : { type: 'failed', code: done.error.code, message: done.error.message },
  );
}

// A database fault (disk full mid-close, a read-only or damaged file) fails the job with its DB_* code and sentence.
run().catch((error: unknown) =>
  post({
    type: 'failed',
    ...(databaseFaultOf(error) ?? {
      code: 'CONSOLE_JOB_FAILED',
      message: error instanceof Error ? error.message : String(error),
    }),
  }),
);
