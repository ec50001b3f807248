import type { DemoProgress } from '../../demo/demo-progress.ts';
import type { FetchProgress } from '../../proofs/progress.ts';

/** What main gives a job worker. */
export interface WorkerJob {
  kind: 'close' | 'proofs' | 'demo';
  jobId: number;
  attempt: number;
  dbFile: string;
  args: Record<string, unknown>;
}

/** What a job worker tells main. */
export type WorkerMessage =
  | { type: 'close.progress'; progress: FetchProgress }
  | { type: 'demo.progress'; progress: DemoProgress }
  | { type: 'done'; result: Record<string, unknown> }
  | { type: 'failed'; code: string; message: string };
