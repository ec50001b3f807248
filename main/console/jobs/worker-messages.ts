import type { JobRequest, RecordedJobKind } from '../../core/console/job-args.ts';
import type { DemoProgress } from '../../core/demo/demo-progress.ts';
import type { FetchProgress } from '../../core/proofs-plan/progress.ts';
import { databaseFaultOf } from '../../db/database-fault.ts';
import type { ConsoleServices } from '../console-services.ts';

/**
 * What a job needs beyond its recorded arguments, handed to its worker in memory only: never stored with the job
 * (jobs.list shows the arguments), since the services hold the API key and the operator token.
 */
export interface JobSettings {
  corpusDir: string;
  services: ConsoleServices;
}

/**
 * Who a job acts for: the session's actor recorded in its arguments when it was asked for (docs/console-backend.md "Who
 * acts"). A job recorded by a console older than that has none, and resumes under the name those consoles recorded.
 */
export function jobActor(args: { actor?: unknown }): string {
  return typeof args.actor === 'string' ? args.actor : 'console';
}

/** What main gives a job worker: a job's kind with the arguments of that kind, and which attempt of which job it is. */
export type WorkerJob<K extends RecordedJobKind = RecordedJobKind> = JobRequest<K> & {
  jobId: number;
  attempt: number;
  dbFile: string;
  /**
   * The console's clock less the system's when main started the job (0 on the system clock): the worker runs on the
   * system clock moved by it (offsetClock), so a job judges and dates its acts on the console's clock as main does, the
   * close's reveal at or after `closes_at` first (docs/console-backend.md "Background work (migrations 9, 10 and 12)").
   */
  clockOffsetMs: number;
  settings?: JobSettings;
};

/** What a job worker (or the first start's demo worker, main/demo/demo-worker.ts) tells main. */
export type WorkerMessage =
  | { type: 'close.progress'; progress: FetchProgress }
  | { type: 'demo.progress'; progress: DemoProgress }
  | { type: 'done'; result: Record<string, unknown> }
  | { type: 'failed'; code: string; message: string };

/**
 * A worker's uncaught error as its failure (a job's or the demo's): a database fault (a full disk, a read-only or
 * damaged file) with its DB_* code and sentence, anything else CONSOLE_JOB_FAILED with the error's message.
 */
export function failureOf(error: unknown): WorkerMessage {
  return {
    type: 'failed',
    ...(databaseFaultOf(error) ?? {
      code: 'CONSOLE_JOB_FAILED',
      message: error instanceof Error ? error.message : String(error),
    }),
  };
}
