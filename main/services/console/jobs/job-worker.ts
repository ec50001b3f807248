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

type Outcome = { ok: true; value: object } | { ok: false; error: { code: string; message: string } };

/** Each job kind's run; a kind not listed is a fault of the caller (JobRunner.start), never a replay by default. */
const RUNS: Record<WorkerJob['kind'], () => Promise<Outcome> | Outcome> = {
  close: () =>
    runCloseJob(
      job.dbFile,
      job.jobId,
      job.attempt,
      job.args as unknown as CloseJobArgs,
      (p) => post({ type: 'close.progress', progress: p }),
      job.settings,
    ),
  proofs: () => runProofsJob(job.dbFile, (p) => post({ type: 'close.progress', progress: p })),
  index_export: () => runIndexExportJob(job.dbFile, job.args['season'] as number, jobActor(job.args)),
  replay: () => runReplayJob(job.dbFile, job.jobId, job.attempt, job.args as unknown as ReplayJobArgs),
};

async function run(): Promise<void> {
  const start = Object.hasOwn(RUNS, job.kind) ? RUNS[job.kind] : undefined;
  if (start === undefined) {
    post({ type: 'failed', code: 'CONSOLE_JOB_FAILED', message: `no job of kind '${String(job.kind)}' exists` });
    return;
  }
  const done = await start();
  post(
    done.ok
      ? { type: 'done', result: { ...done.value } }
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
