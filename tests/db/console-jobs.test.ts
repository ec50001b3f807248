import { describe, expect, it } from 'vitest';
import {
  insertJob,
  jobById,
  liveJobLike,
  markJobDone,
  markJobFailed,
  markJobStarted,
  unfinishedJobs,
} from '../../main/db/console-jobs.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { migrations } from '../../main/db/migrations/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('migration 9: console jobs', () => {
  it('a job goes queued → running (attempt counted) → done with its outcome; finished jobs are not resumed', () => {
    const db = openDatabase(':memory:');
    const job = insertJob(db, 'close', { season: 1, track: 'conformite' }, 1000);
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
    expect(unfinishedJobs(db).map((j) => j.id)).toEqual([job.id]);
    markJobStarted(db, job.id, 2000);
    expect(liveJobLike(db, 'close', { season: 1, track: 'conformite' })?.id).toBe(job.id);
    markJobDone(db, job.id, 3000, { close_id: 4 });
    expect(jobById(db, job.id)).toMatchObject({ state: 'done', attempts: 1, result: { close_id: 4 }, error: null });
    expect(unfinishedJobs(db)).toEqual([]);
    expect(liveJobLike(db, 'close', { season: 1, track: 'conformite' })).toBeNull();
    db.close();
  });

  it('a failed job carries its code; a failed state without one, or an unknown kind, is refused by the schema', () => {
    const db = openDatabase(':memory:');
    const job = insertJob(db, 'close', { season: 1, track: 'generique' }, 1000);
    markJobFailed(db, job.id, 2000, { code: 'CLOSE_READS_FAILED', message: 'x' });
    expect(jobById(db, job.id)?.error).toEqual({ code: 'CLOSE_READS_FAILED', message: 'x' });
    expect(() => db.prepare('UPDATE console_jobs SET error_code = NULL WHERE id = ?').run(job.id)).toThrow(/CHECK/);
    expect(() =>
      db
        .prepare("INSERT INTO console_jobs (kind, args_json, state, created_at_ms) VALUES ('shell', '{}', 'queued', 0)")
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });

  it('migration 10: proof-read jobs are accepted; a job written under migration 9 keeps its row and id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-jobs-'));
    const file = join(dir, 'console.sqlite');
    const before = openDatabase(file, { migrations: migrations.filter((m) => m.version <= 9) });
    const old = insertJob(before, 'close', { season: 1, track: 'conformite' }, 1000);
    before.close();
    const after = openDatabase(file);
    expect(jobById(after, old.id)).toMatchObject({ kind: 'close', state: 'queued', args: { season: 1 } });
    const reads = insertJob(after, 'proofs', {}, 2000);
    expect(reads).toMatchObject({ kind: 'proofs', state: 'queued' });
    expect(unfinishedJobs(after).map((j) => j.id)).toEqual([old.id, reads.id]);
    after.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
