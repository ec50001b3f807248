import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openDatabase } from '../db/open-database.ts';
import { disputeListing } from '../services/disputes/list-disputes.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import type { ConsoleContext } from './console-context.ts';
import { ConsoleEvents } from './console-events.ts';
import { ConsoleFollower, type ConsoleFollowerSettings } from './console-follower.ts';
import { NO_SERVICES, type ConsoleServices } from './console-services.ts';
import { FirstStartDemo, type DemoPlayer } from './first-start-demo.ts';
import { SeasonActivityWatch } from './season-activity.ts';
import { announceJobEnds } from './state-changes.ts';
import { JobRunner, threadStarter, type WorkerStarter } from './jobs/job-runner.ts';

export interface OpenConsoleOptions {
  mode: ConsoleContext['mode'];
  dbFile: string;
  /** The corpus root (season-N/<track>) given with --corpus; default: the database folder's corpus/ when the demo
   * wrote one there, else `defaultCorpusDir`. */
  corpusDir?: string;
  defaultCorpusDir: string;
  clock?: Clock;
  startWorker?: WorkerStarter;
  /** The Trust Layer and season service (`proveit console --trust-layer ... --season-url ...`); default: none. */
  services?: ConsoleServices;
  /**
   * A missing database: a demo player (main/demo/demo-thread.ts, given by the face) plays the demo season into it (the
   * default database's first start, or `--demo`); null or absent creates an empty operations database (`--db FILE` of
   * a new file never holds demo data, docs/console-backend.md "First start and the demo season").
   */
  demo?: DemoPlayer | null;
  /** `--backup-dir DIR`: the folder backups go to after each act, shown and tested on the Connections screen. */
  backupDir?: string | null;
  /** The background follower's cadence (tests shorten it); it follows whenever the services allow (console-follower.ts). */
  follow?: ConsoleFollowerSettings;
  /** `--actor NAME` (or $PROVEIT_ACTOR): who every act is recorded as; absent, the screens ask once (session-actor.ts). */
  actor?: string;
}

export interface OpenedConsole {
  ctx: ConsoleContext;
  /** Resolves once the database is open (at once, or when the first-start demo has played). */
  ready: Promise<boolean>;
  /** Jobs resumed from the previous run. */
  resumed(): number;
  close(): Promise<void>;
}

/**
 * Opens the console on an operator database: an existing one is opened and its unfinished jobs resume; a missing one
 * is created empty, or with `demo` by playing the demo season first (docs/console-backend.md "First start and the demo
 * season"), in a worker thread, while the screens already answer.
 */
export function openConsole(options: OpenConsoleOptions): OpenedConsole {
  const events = new ConsoleEvents();
  // A job's end changed what it worked on: every open window reads it again (`state.changed`).
  announceJobEnds(events);
  const clock = options.clock ?? systemClock;
  const startWorker = options.startWorker ?? threadStarter;
  const demoCorpus = join(dirname(options.dbFile), 'corpus');
  const ctx: ConsoleContext = {
    mode: options.mode,
    corpusDir: options.corpusDir ?? (existsSync(demoCorpus) ? demoCorpus : options.defaultCorpusDir),
    db: null,
    dbFile: options.dbFile,
    clock,
    events,
    jobs: null,
    firstStart: null,
    services: options.services ?? NO_SERVICES,
    backupDir: options.backupDir ?? null,
    actor: options.actor === undefined ? null : { name: options.actor, from: 'option' },
  };
  let resumed = 0;
  let closed = false;
  const attach = () => {
    ctx.db = openDatabase(options.dbFile);
    // The worker's settings are read when a job starts: the corpus root may move once the demo has written one.
    ctx.jobs = new JobRunner(ctx.db, options.dbFile, clock, events, startWorker, () => ({
      corpusDir: ctx.corpusDir,
      services: ctx.services ?? NO_SERVICES,
    }));
    resumed = ctx.jobs.resumeUnfinished();
    // A season that runs is followed again from what the database holds (docs/season-follow.md "The console").
    const follower = new ConsoleFollower(ctx, options.follow);
    ctx.follower = follower;
    follower.start();
    // The season as it arrives, in seconds: enrollments, submissions and refusals (docs/season-follow.md "Activity").
    const activity = new SeasonActivityWatch(ctx, options.follow?.activityEveryMs);
    ctx.activity = activity;
    activity.start();
    return true;
  };
  let ready: Promise<boolean>;
  let demo: FirstStartDemo | null = null;
  if (existsSync(options.dbFile) || !options.demo) ready = Promise.resolve(attach());
  else {
    demo = new FirstStartDemo(options.dbFile, events, options.demo, clock.now);
    ctx.firstStart = demo;
    ready = demo.run().then((played) => {
      if (!played || closed) return false;
      if (options.corpusDir === undefined && existsSync(demoCorpus)) ctx.corpusDir = demoCorpus;
      return attach();
    });
  }
  // Deadlines: a dispute whose decision turns at risk or overdue is pushed as a `deadline` event (checked each minute).
  const seen = new Map<string, string>();
  const tick = () => {
    if (ctx.db === null) return;
    for (const d of disputeListing(ctx.db, clock.now())) {
      if (seen.get(d.dispute_id) === d.deadline_status) continue;
      seen.set(d.dispute_id, d.deadline_status);
      if (d.deadline_status === 'at_risk' || d.deadline_status === 'overdue')
        events.publish({
          type: 'deadline',
          dispute_id: d.dispute_id,
          deadline_status: d.deadline_status,
          decision_due: d.decision_due,
        });
    }
  };
  const ticker = setInterval(tick, 60_000);
  ticker.unref();
  void ready.then(tick);
  return {
    ctx,
    ready,
    resumed: () => resumed,
    async close() {
      closed = true;
      clearInterval(ticker);
      await ctx.follower?.stop();
      await ctx.activity?.stop();
      await demo?.stop();
      await ctx.jobs?.stop();
      ctx.db?.close();
      ctx.db = null;
    },
  };
}
