import type { Worker } from 'node:worker_threads';
import { jobRequest, type JobArgs } from '../../core/console/job-args.ts';
import { isoUtc } from '../../core/time/iso-utc.ts';
import type { JobView } from '../../ipc/contract.ts';
import {
  insertJob,
  jobById,
  listJobs,
  liveJobLike,
  markJobDone,
  markJobFailed,
  markJobStarted,
  recordJobProgress,
  unfinishedJobs,
  type JobKindStored,
  type StoredJob,
} from '../../db/console-jobs.ts';
import { databaseFaultOf } from '../../db/database-fault.ts';
import type { Db } from '../../db/open-database.ts';
import { systemClock, type Clock } from '../../services/clock.ts';
import type { FetchProgress } from '../../core/proofs-plan/progress.ts';
import { siblingWorkerUrl, startModuleWorker } from '../../services/workers/module-worker.ts';
import type { ConsoleEvents } from '../console-events.ts';
import type { JobSettings, WorkerJob, WorkerMessage } from './worker-messages.ts';

export function jobView(job: StoredJob): JobView {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    args: job.args,
    created_at: isoUtc(job.createdAtMs),
    started_at: isoUtc(job.startedAtMs),
    finished_at: isoUtc(job.finishedAtMs),
    attempts: job.attempts,
    progress: job.progress as JobView['progress'],
    result: job.result,
    error: job.error,
  };
}

/**
 * Runs a write recording a job's progress or outcome. A database fault there (a full disk, a file turned read-only)
 * must not end the console from inside a worker's event (docs/operator-database.md "Database faults"): the job stays
 * unfinished in the store, so it runs again at the next start, and the fault is said on stderr with its code.
 */
function recorded(jobId: number, write: () => void): void {
  try {
    write();
  } catch (error) {
    const fault = databaseFaultOf(error);
    if (!fault) throw error;
    process.stderr.write(`proveit console: job ${jobId} could not be recorded: ${fault.code}: ${fault.message}\n`);
  }
}

/** Starts a job's worker; tests may run a job in-thread with their own starter. */
export type WorkerStarter = (job: WorkerJob) => Pick<Worker, 'on' | 'terminate'>;

export const threadStarter: WorkerStarter = (job) =>
  startModuleWorker(siblingWorkerUrl(import.meta.url, 'job-worker'), job);

/**
 * Runs the console's long work (a close) in worker threads, one job row per request (migration 9): recorded before
 * it starts, its progress and outcome written as they come and pushed as events. A window reload loses nothing (the
 * job lives in main and in the database); a job found queued or running when the console starts was interrupted by a
 * stop and is started again (`resumeUnfinished`), its attempt counted.
 */
export class JobRunner {
  private readonly running = new Map<number, Promise<void>>();
  private readonly workers = new Set<Pick<Worker, 'terminate'>>();
  private stopping = false;
  /** The last read progress of each running job (the proofs screen's bar: done/total, reads left, next read, ETA). */
  private readonly readProgress = new Map<number, FetchProgress>();

  constructor(
    private readonly db: Db,
    private readonly dbFile: string,
    private readonly clock: Clock,
    private readonly events: ConsoleEvents,
    private readonly startWorker: WorkerStarter = threadStarter,
    private readonly settings?: () => JobSettings,
  ) {}

  /** Records and starts a job with the arguments of its kind; the same request while one runs joins it. */
  start<K extends JobKindStored>(kind: K, args: JobArgs[K]): JobView {
    const live = liveJobLike(this.db, kind, args);
    if (live) return jobView(live);
    const job = insertJob(this.db, kind, args, this.clock.now());
    this.launch(job);
    return jobView(jobById(this.db, job.id) as StoredJob);
  }

  /** At start: every job left queued or running by the previous process runs again. */
  resumeUnfinished(): number {
    const jobs = unfinishedJobs(this.db);
    for (const job of jobs) this.launch(job);
    return jobs.length;
  }

  /** The read progress of a job still running, if it reported one. */
  currentReadProgress(): FetchProgress | null {
    const ids = [...this.readProgress.keys()];
    return ids.length === 0 ? null : (this.readProgress.get(ids[ids.length - 1] as number) ?? null);
  }

  list(): JobView[] {
    return listJobs(this.db).map(jobView);
  }

  /** Resolves once every job started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  /** Stops the workers without marking their jobs: they are unfinished and resume at the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.workers].map((w) => w.terminate()));
  }

  private publish(id: number): void {
    const job = jobById(this.db, id);
    if (job) this.events.publish({ type: 'job', job: jobView(job) });
  }

  private launch(job: StoredJob): void {
    markJobStarted(this.db, job.id, this.clock.now());
    const attempt = job.attempts + 1;
    this.publish(job.id);
    const work: WorkerJob = {
      ...jobRequest(job.kind, job.args),
      jobId: job.id,
      attempt,
      dbFile: this.dbFile,
      clockOffsetMs: this.clock.now() - systemClock.now(),
      ...(this.settings ? { settings: this.settings() } : {}),
    };
    const worker = this.startWorker(work);
    this.workers.add(worker);
    const finished = new Promise<void>((resolve) => {
      let settled = false;
      const settle = (outcome: { result: Record<string, unknown> } | { code: string; message: string }) => {
        if (settled) return;
        settled = true;
        recorded(job.id, () => {
          if ('result' in outcome) markJobDone(this.db, job.id, this.clock.now(), outcome.result);
          else markJobFailed(this.db, job.id, this.clock.now(), outcome);
          this.publish(job.id);
        });
      };
      worker.on('message', (message: WorkerMessage) =>
        recorded(job.id, () => {
          if (message.type === 'close.progress') {
            const p = message.progress;
            this.readProgress.set(job.id, p);
            recordJobProgress(this.db, job.id, {
              step: p.phase,
              message: `proof reads: ${p.phase}`,
              done: p.done,
              total: p.total,
            });
            if (work.kind === 'close') {
              this.events.publish({ type: 'close.progress', job_id: job.id, track: work.args.track, progress: p });
            } else this.events.publish({ type: 'read.progress', job_id: job.id, progress: p });
          } else if (message.type === 'done') settle({ result: message.result });
          else if (message.type === 'failed') settle({ code: message.code, message: message.message });
        }),
      );
      worker.on('error', (error: Error) => {
        if (!this.stopping) settle({ code: 'CONSOLE_JOB_FAILED', message: error.message });
      });
      worker.on('exit', () => {
        this.workers.delete(worker);
        if (!settled && !this.stopping)
          settle({ code: 'CONSOLE_JOB_FAILED', message: 'the job stopped without an outcome: start it again' });
        this.running.delete(job.id);
        this.readProgress.delete(job.id);
        resolve();
      });
    });
    this.running.set(job.id, finished);
  }
}
