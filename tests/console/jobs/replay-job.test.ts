import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { JobView } from '../../../main/ipc/contract.ts';
import { createDispatcher } from '../../../main/ipc/dispatcher.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { latestSeasonClose } from '../../../main/db/publications.ts';
import { createConsoleHandlers } from '../../../main/console/console-handlers.ts';
import { runReplayJob } from '../../../main/console/jobs/replay-job.ts';
import { openConsole } from '../../../main/console/open-console.ts';
import { playDemo } from '../../../main/demo/play-demo.ts';

// The console's replay job on the demo season (its closes written by proveit demo's own code): the latest close's
// bundle recomputed into a fresh folder beside the database answers identical; as a job of the console it runs in a
// worker and, left running by a stopped console, runs again at the next start; a report edited in the bundle answers
// the first difference (file and JSON pointer).
const defaultCorpusDir = resolve(import.meta.dirname, '../../../corpus');
const conformite = { season: 1, track: 'conformite' } as const;
let dir: string;
let dbFile: string;

// A demo of its own, not the run's shared one (tests/support/played-demo.ts): the last case edits a report in the close's
// folder, which a copy's database still names in the shared folder (season_closes.out_dir).
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-replay-job-'));
  const played = await playDemo({ outDir: join(dir, 'demo'), startedAt: Date.parse('2026-11-01T12:00:00.000Z') });
  if (!played.ok) throw new Error(`${played.error.code} ${played.error.message}`);
  dbFile = played.value.db;
}, 180_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the console replay job', () => {
  it('the demo close replayed from its bundle is identical, written into replays/ beside the database', async () => {
    const replayed = await runReplayJob(dbFile, 7, 1, conformite);
    expect(replayed).toMatchObject({ ok: true, value: { identical: true } });
    if (!replayed.ok || !replayed.value.identical) return;
    expect(replayed.value.out).toBe(join(dirname(dbFile), 'replays', 'season-1', 'conformite-replay-7-1'));
    expect(existsSync(join(replayed.value.out, 'scores.json'))).toBe(true);
    expect(replayed.value.files).toBe(1 + readdirSync(join(replayed.value.out, 'reports')).length);
  }, 60_000);

  it('replay.run is a job; one left running by a stopped console runs again at the next start, attempt counted', async () => {
    const first = openConsole({ mode: 'headless', dbFile, defaultCorpusDir });
    await first.ready;
    const dispatch = createDispatcher(createConsoleHandlers(first.ctx));
    const answer = await dispatch('replay.run', conformite);
    expect(answer).toMatchObject({ ok: true, value: { kind: 'replay', args: conformite } });
    await first.ctx.jobs!.idle();
    const done = first.ctx.jobs!.list().find((j) => j.id === (answer.ok ? (answer.value as JobView).id : -1));
    expect(done, JSON.stringify(done?.error)).toMatchObject({ state: 'done', result: { identical: true } });
    await first.close();

    const db = openDatabase(dbFile);
    const id = Number(
      db
        .prepare(
          "INSERT INTO console_jobs (kind, args_json, state, created_at_ms, started_at_ms, attempts) VALUES ('replay', ?, 'running', 0, 0, 1)",
        )
        .run(JSON.stringify(conformite)).lastInsertRowid,
    );
    db.close();
    const second = openConsole({ mode: 'headless', dbFile, defaultCorpusDir });
    try {
      await second.ready;
      expect(second.resumed()).toBe(1);
      await second.ctx.jobs!.idle();
      const resumed = second.ctx.jobs!.list().find((j) => j.id === id);
      expect(resumed, JSON.stringify(resumed?.error)).toMatchObject({
        state: 'done',
        attempts: 2,
        result: { identical: true, out: join(dirname(dbFile), 'replays', 'season-1', `conformite-replay-${id}-2`) },
      });
    } finally {
      await second.close();
    }
  }, 120_000);

  it('a report edited in the bundle answers the first difference: REPLAY_OUTPUT_DIFFERS, its file and pointer', async () => {
    const db = openDatabase(dbFile);
    const close = latestSeasonClose(db, 1, 'conformite');
    db.close();
    const reports = join(close?.outDir ?? '', 'bundle', 'expected', 'reports');
    const name = readdirSync(reports)[0] as string;
    const text = readFileSync(join(reports, name), 'utf8');
    const edited = text.replace(/"tasks_submitted": ?(\d+)/, (_m, n: string) => `"tasks_submitted": ${Number(n) + 1}`);
    expect(edited).not.toBe(text);
    writeFileSync(join(reports, name), edited);
    const replayed = await runReplayJob(dbFile, 9, 1, conformite);
    expect(replayed).toMatchObject({
      ok: true,
      value: { identical: false, code: 'REPLAY_OUTPUT_DIFFERS', file: `reports/${name}`, pointer: '/tasks_submitted' },
    });
  }, 60_000);

  it('a track never closed is refused CONSOLE_REPLAY_NO_CLOSE', async () => {
    expect(await runReplayJob(dbFile, 10, 1, { season: 2, track: 'conformite' })).toMatchObject({
      ok: false,
      error: { code: 'CONSOLE_REPLAY_NO_CLOSE' },
    });
  });
});
