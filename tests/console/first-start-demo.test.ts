import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleEvent } from '../../main/ipc/contract.ts';
import { createDispatcher } from '../../main/ipc/dispatcher.ts';
import { createConsoleHandlers } from '../../main/console/console-handlers.ts';
import { openConsole, type OpenedConsole } from '../../main/console/open-console.ts';
import { systemClock } from '../../main/services/clock.ts';
import { firstStartOf } from '../../main/cli/console-first-start.ts';
import { demoThread } from '../../main/demo/demo-thread.ts';

let dir: string;
let opened: OpenedConsole;
const events: ConsoleEvent[] = [];
let answerWhilePlaying: unknown;
let played: boolean;
/** The console's clock on first start: any day (not the day the test runs), to show the calendar follows it. */
const startedAt = Date.parse('2027-03-15T14:30:00.000Z');
const DAY = 86_400_000;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'first-start-'));
  // What an interrupted first start leaves: the marker, a partial database, a half-written close folder.
  writeFileSync(join(dir, 'demo-playing.marker'), 'x');
  writeFileSync(join(dir, 'console.sqlite.partial'), 'not a database');
  mkdirSync(join(dir, 'conformite'));
  writeFileSync(join(dir, 'conformite', 'scores.json'), '{}');
  // `proveit console --db FILE --demo` on a file that does not exist (the default database's first start decides the same).
  const dbFile = join(dir, 'console.sqlite');
  const start = firstStartOf({ db: dbFile, demo: true, dbFile, exists: existsSync(dbFile) });
  if (typeof start === 'string') throw new Error(start);
  opened = openConsole({
    mode: 'headless',
    dbFile,
    defaultCorpusDir: resolve(import.meta.dirname, '../../corpus'),
    clock: { ...systemClock, now: () => startedAt },
    demo: start.demo ? demoThread : null,
  });
  opened.ctx.events.subscribe((e) => events.push(e));
  const dispatch = createDispatcher(createConsoleHandlers(opened.ctx));
  answerWhilePlaying = await dispatch('season.status', {});
  played = await opened.ready;
}, 180_000);

afterAll(async () => {
  await opened?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('--demo (or the default database on first start): the demo season is played into a new database', () => {
  it('while it plays, the screens get CONSOLE_DEMO_PLAYING rather than an error of their own', () => {
    expect(answerWhilePlaying).toMatchObject({ ok: false, error: { code: 'CONSOLE_DEMO_PLAYING' } });
  });

  it('the database is opened once played; what the interrupted run left was cleared first', () => {
    expect(played).toBe(true);
    expect(opened.ctx.db).not.toBeNull();
    const files = readdirSync(dir);
    expect(files).toContain('console.sqlite');
    expect(files).not.toContain('console.sqlite.partial');
    expect(files).not.toContain('demo-playing.marker');
    expect(readdirSync(join(dir, 'conformite')).sort()).toEqual(['bundle', 'reports', 'scores.json']);
    expect(opened.ctx.corpusDir).toBe(join(dir, 'corpus'));
  });

  it('its progress was pushed as demo.progress events, step by step, and the job ends done', async () => {
    const steps = [...new Set(events.flatMap((e) => (e.type === 'demo.progress' ? [e.step] : [])))];
    expect(steps).toEqual([
      'devnet',
      'freeze',
      'enroll',
      'read',
      'submit',
      'close',
      'publish',
      'export',
      'dispute',
      'done',
    ]);
    const dispatch = createDispatcher(createConsoleHandlers(opened.ctx));
    const jobs = (await dispatch('jobs.list', {})) as { ok: true; value: { jobs: { kind: string; state: string }[] } };
    expect(jobs.value.jobs[0]).toMatchObject({ kind: 'demo', state: 'done' });
    const status = (await dispatch('season.status', {})) as { ok: boolean };
    expect(status.ok).toBe(true);
  });

  it("the season is dated from the console's clock: closed and published three days before, the dispute window open, the dispute on time", async () => {
    const dispatch = createDispatcher(createConsoleHandlers(opened.ctx));
    const status = (await dispatch('season.status', {})) as { ok: true; value: { tracks: Record<string, unknown>[] } };
    expect(status.value.tracks[0]).toMatchObject({
      track: 'conformite',
      state: 'published',
      opens_at: '2027-02-13T08:00:00.000Z',
      closes_at: '2027-03-12T08:00:00.000Z',
      published_at: '2027-03-12T09:00:00.000Z',
      dispute_window_ends_at: '2027-03-26T09:00:00.000Z',
      disputes_open: 1,
      disputes_at_risk: 0,
      disputes_overdue: 0,
      next_step_code: 'DECIDE_DISPUTES',
      // The demo keeps no backup: its frozen tracks ask for one first, above the calendar's step
      // (docs/operator-database.md "Backups").
      backup_due: true,
      last_backup_at: null,
    });
    const queue = (await dispatch('dispute.list', {})) as { ok: true; value: { disputes: Record<string, unknown>[] } };
    expect(queue.value.disputes).toMatchObject([
      { received_at: '2027-03-14T10:00:00.000Z', decision_due: '2027-04-13T10:00:00.000Z', deadline_status: 'on_time' },
    ]);
    expect(events.filter((e) => e.type === 'deadline')).toEqual([]);
  });

  it('a second start opens the database as it is, playing nothing even when asked; 25 days on, the dispute is pushed as at risk', async () => {
    const later = { ...systemClock, now: () => startedAt + 25 * DAY };
    const again = openConsole({
      mode: 'headless',
      dbFile: join(dir, 'console.sqlite'),
      defaultCorpusDir: dir,
      clock: later,
      demo: demoThread,
    });
    const pushed: ConsoleEvent[] = [];
    again.ctx.events.subscribe((e) => pushed.push(e));
    expect(await again.ready).toBe(true);
    expect(again.ctx.firstStart).toBeNull();
    expect(existsSync(join(dir, 'demo-playing.marker'))).toBe(false);
    // The first deadline check runs once the database is open, before this test goes on.
    expect(pushed.filter((e) => e.type === 'deadline')).toEqual([
      {
        type: 'deadline',
        dispute_id: 'dsp-1-conformite-0001',
        deadline_status: 'at_risk',
        decision_due: '2027-04-13T10:00:00.000Z',
      },
    ]);
    await again.close();
  });
});
