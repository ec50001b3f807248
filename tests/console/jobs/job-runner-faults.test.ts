import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobById } from '../../../main/db/console-jobs.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { ConsoleEvents } from '../../../main/console/console-events.ts';
import { JobRunner, type WorkerStarter } from '../../../main/console/jobs/job-runner.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

/**
 * docs/operator-database.md "Database faults": a database fault while the console records a job never ends the console
 * process.
 */

let folder: ReturnType<typeof tempFolder>;
let db: Db;

beforeEach(() => {
  folder = tempFolder('console-job-fault-');
  db = openDatabase(folder.file('console.sqlite'));
});
afterEach(() => {
  db.close();
  folder.remove();
});

describe('the console recording a job on a full disk', () => {
  it('a progress that cannot be stored (DB_DISK_FULL) is said on stderr, and the job still finishes', async () => {
    // The job runs in-thread: the starter hands back an emitter the test speaks for, as a worker's messages.
    const worker = Object.assign(new EventEmitter(), { terminate: async () => 0 });
    // `on` answers the emitter, not a Worker: only `on` and `terminate` are used by the runner.
    const starter = (() => worker) as unknown as WorkerStarter;
    const runner = new JobRunner(
      db,
      folder.file('console.sqlite'),
      { now: () => 1_790_000_000_000, sleep: async () => {} },
      new ConsoleEvents(),
      starter,
    );
    const job = runner.start('proofs', {});
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const said = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const progress = { phase: 'x'.repeat(200_000), now: 0, total: 1, done: 0, anchored: 0, absent: 0, unsettled: 1 };
      expect(() => worker.emit('message', { type: 'close.progress', progress })).not.toThrow();
      expect(said.mock.calls.map((c) => String(c[0])).join('')).toMatch(
        new RegExp(`^proveit console: job ${job.id} could not be recorded: DB_DISK_FULL: `),
      );
    } finally {
      said.mockRestore();
    }
    expect(jobById(db, job.id)?.progress).toBeNull();
    db.pragma('max_page_count = 1073741823');
    worker.emit('message', { type: 'done', result: { fetched: 1 } });
    worker.emit('exit', 0);
    await runner.idle();
    expect(jobById(db, job.id)).toMatchObject({ state: 'done', result: { fetched: 1 } });
  });
});
