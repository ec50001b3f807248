import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobArgs } from '../../../main/core/console/job-args.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { offsetClock } from '../../../main/services/clock.ts';
import { ConsoleEvents } from '../../../main/console/console-events.ts';
import { JobRunner, type WorkerStarter } from '../../../main/console/jobs/job-runner.ts';
import type { WorkerJob } from '../../../main/console/jobs/worker-messages.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

/**
 * docs/console-backend.md "Background work (migrations 9, 10 and 12)": each kind of job takes its own arguments
 * (JobArgs, main/core/console/job-args.ts), recorded as given and handed to its worker's run as given.
 */

let folder: ReturnType<typeof tempFolder>;
let db: Db;

beforeEach(() => {
  folder = tempFolder('console-job-args-');
  db = openDatabase(folder.file('console.sqlite'));
});
afterEach(() => {
  db.close();
  folder.remove();
});

/** The console's clock in these tests: a fixed instant, not the system's. */
const CONSOLE_NOW = 1_790_000_000_000;

/** A runner whose workers are emitters that never finish: the test sees what each worker was given. */
function recordingRunner() {
  const given: WorkerJob[] = [];
  const starter: WorkerStarter = (job) => {
    given.push(job);
    // The runner uses only `on` and `terminate`: an emitter answers them, as in job-runner-faults.test.ts.
    return Object.assign(new EventEmitter(), { terminate: async () => 0 }) as unknown as ReturnType<WorkerStarter>;
  };
  const clock = { now: () => CONSOLE_NOW, sleep: async () => {} };
  const runner = new JobRunner(db, folder.file('console.sqlite'), clock, new ConsoleEvents(), starter);
  return { runner, given };
}

// Type-level guards (npm run typecheck compiles tests/): never called, each line fails the typecheck if a kind stops
// refusing arguments of another kind.
const _wrongArguments = (runner: JobRunner) => {
  // @ts-expect-error a replay names its track
  runner.start('replay', { season: 1 });
  // @ts-expect-error an Index export is of a season, not a track
  runner.start('index_export', { season: 1, track: 'conformite' });
  // @ts-expect-error a track is one of TRACK_NAMES
  runner.start('close', { season: 1, track: 'compliance' });
  // @ts-expect-error proof reads take no arguments
  runner.start('proofs', { season: 1 });
  // @ts-expect-error a worker's job pairs its kind with that kind's arguments: a close names its track
  const _closeWithExportArgs: WorkerJob = {
    kind: 'close',
    args: { season: 1 },
    jobId: 1,
    attempt: 1,
    dbFile: '',
    clockOffsetMs: 0,
  };
};

describe('job arguments by kind', () => {
  it("each kind's arguments reach its worker as given, and jobs.list shows them as given", () => {
    const { runner, given } = recordingRunner();
    const asked: { [K in keyof JobArgs]: JobArgs[K] } = {
      close: { season: 1, track: 'conformite', actor: 'Ada' },
      proofs: {},
      replay: { season: 1, track: 'generique' },
      index_export: { season: 1, actor: 'Ada' },
    };
    const started = [
      runner.start('close', asked.close),
      runner.start('proofs', asked.proofs),
      runner.start('replay', asked.replay),
      runner.start('index_export', asked.index_export),
    ];
    expect(given.map(({ kind, args, jobId, attempt }) => ({ kind, args, jobId, attempt }))).toEqual(
      started.map((job) => ({ kind: job.kind, args: asked[job.kind as keyof JobArgs], jobId: job.id, attempt: 1 })),
    );
    expect(runner.list().map((job) => [job.kind, job.args])).toEqual([
      ['index_export', asked.index_export],
      ['replay', asked.replay],
      ['proofs', asked.proofs],
      ['close', asked.close],
    ]);
  });

  it('the same kind and arguments while one runs joins it, whoever asked', () => {
    const { runner, given } = recordingRunner();
    const first = runner.start('close', { season: 1, track: 'conformite', actor: 'Ada' });
    const again = runner.start('close', { season: 1, track: 'conformite', actor: 'Grace' });
    const other = runner.start('replay', { season: 1, track: 'conformite' });
    expect(again.id).toBe(first.id);
    expect(other.id).not.toBe(first.id);
    expect(given.map((job) => job.kind)).toEqual(['close', 'replay']);
  });
});

describe('the clock a job\'s worker runs on (docs/console-backend.md "Background work (migrations 9, 10 and 12)")', () => {
  it("a job's worker is given the console's clock, as its offset from the system's (a clock cannot be posted)", () => {
    const { runner, given } = recordingRunner();
    const before = Date.now();
    runner.start('close', { season: 1, track: 'conformite', actor: 'Ada' });
    const after = Date.now();
    const offset = given[0]?.clockOffsetMs as number;
    expect(offset).toBeGreaterThanOrEqual(CONSOLE_NOW - after);
    expect(offset).toBeLessThanOrEqual(CONSOLE_NOW - before);
    // The worker's clock (offsetClock in job-worker.ts) reads the console's instant, run on by the time passed since.
    const workerNow = offsetClock(offset).now();
    expect(workerNow).toBeGreaterThanOrEqual(CONSOLE_NOW);
    expect(workerNow).toBeLessThanOrEqual(CONSOLE_NOW + (Date.now() - before));
  });
});
