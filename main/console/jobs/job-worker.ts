import { parentPort, workerData } from 'node:worker_threads';
import { offsetClock } from '../../services/clock.ts';
import type { RecordedJobKind } from '../../core/console/job-args.ts';
import { runCloseJob } from './close-job.ts';
import { runIndexExportJob } from './index-export-job.ts';
import { runProofsJob } from './proofs-job.ts';
import { runReplayJob } from './replay-job.ts';
import { failureOf, jobActor, type WorkerJob, type WorkerMessage } from './worker-messages.ts';

// A worker thread running one long job (a close, proof reads, a replay, an Index export), so the console's main thread stays free. It
// opens its own connection to the operator database (WAL: main keeps reading) and reports to main by messages.
const job = workerData as WorkerJob;
const post = (message: WorkerMessage) => parentPort?.postMessage(message);
// The console's clock, which main cannot post: the system's moved as main's was when it started the job.
const clock = offsetClock(job.clockOffsetMs);

type Outcome = { ok: true; value: object } | { ok: false; error: { code: string; message: string } };

/**
 * Each job kind's run, given the job with the arguments of its kind (JobArgs); a kind not listed is a fault of the
 * caller (JobRunner.start), never a replay by default.
 */
const RUNS: { [K in RecordedJobKind]: (job: WorkerJob<K>) => Promise<Outcome> | Outcome } = {
  close: (job) =>
    runCloseJob(
      job.dbFile,
      job.jobId,
      job.attempt,
      job.args,
      clock,
      (p) => post({ type: 'close.progress', progress: p }),
      job.settings,
    ),
  proofs: (job) => runProofsJob(job.dbFile, clock, (p) => post({ type: 'close.progress', progress: p })),
  index_export: (job) => runIndexExportJob(job.dbFile, job.args.season, jobActor(job.args), clock),
  replay: (job) => runReplayJob(job.dbFile, job.jobId, job.attempt, job.args),
};

/** The run of the job's own kind, handed that job. */
function runOf<K extends RecordedJobKind>(job: WorkerJob<K>): (() => Promise<Outcome> | Outcome) | undefined {
  if (!Object.hasOwn(RUNS, job.kind)) return undefined;
  const run: (job: WorkerJob<K>) => Promise<Outcome> | Outcome = RUNS[job.kind];
  return () => run(job);
}

async function run(): Promise<void> {
  const start = runOf(job);
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
run().catch((error: unknown) => post(failureOf(error)));
