// Long work run off the main thread (main/ipc/contract.ts `jobs.list`, and the channels that start a job).

import type { RecordedJobKind } from '../../core/console/job-args.ts';

/** The first start's demo, and the kinds the job worker runs (main/core/console/job-args.ts). */
export type JobKind = 'demo' | RecordedJobKind;

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** Long work run off the main thread, recorded in the database so it survives a reload and resumes after a restart. */
export interface JobView {
  id: number;
  kind: JobKind;
  state: JobState;
  /** The job's arguments as given (never a secret). */
  args: Record<string, unknown>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** How many times it was started (more than 1: resumed after a restart). */
  attempts: number;
  progress: { step: string; message: string; done: number; total: number } | null;
  result: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
}
