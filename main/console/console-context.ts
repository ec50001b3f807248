import { join } from 'node:path';
import type { ConsoleActor, ConsoleOverview, JobView, LiveSeason, SeasonActivity, TrackName } from '../ipc/contract.ts';
import { HandlerRefusal } from '../ipc/refusal.ts';
import type { Db } from '../db/open-database.ts';
import type { Clock } from '../services/clock.ts';
import type { ConsoleEvents } from './console-events.ts';
import type { ConsoleServices } from './console-services.ts';
import type { JobRunner } from './jobs/job-runner.ts';

/** What `season.live` asks of the console's follower (console-follower.ts): the season it follows and its state. */
export interface LiveFollower {
  readonly season: number | null;
  view(db: Db): LiveSeason['follow'];
  /** Resolves when the loop under way (if any) has ended. */
  idle(): Promise<void>;
  stop(): Promise<void>;
  /** "Run a cycle now" (`follow.run_now`). */
  runNow(): { started: true } | { started: false; reason: string };
  /** The time between cycle starts (`follow.cadence`), recorded under `actor`. */
  setCadence(everySeconds: number, actor: string): void;
}

/** What `season.activity` asks of the console's watch of the season service's activity feed (season-activity.ts). */
export interface ActivityWatch {
  view(): SeasonActivity;
  stop(): Promise<void>;
}

/** What the console's handlers work on: one operator database, the corpus root, the clock, events and jobs. */
export interface ConsoleContext {
  mode: ConsoleOverview['mode'];
  /** The corpus root holding season-N/<track> folders. */
  corpusDir: string;
  db: Db | null;
  dbFile: string | null;
  clock: Clock;
  events: ConsoleEvents;
  jobs: JobRunner | null;
  /** The demo season played at first start, while it plays or once played (null: the database existed). */
  firstStart?: { jobs(): JobView[] } | null;
  /** The Trust Layer and season service given at start (absent: none; freezes and first closes are refused). */
  services?: ConsoleServices;
  /** The background follower of a season while it runs (absent: a context without one, season.live says so). */
  follower?: LiveFollower | null;
  /** The season as it arrives, every few seconds (absent: a context without one, season.activity says so). */
  activity?: ActivityWatch | null;
  /** The folder a backup is written to after each act (`--backup-dir`; absent or null: none). */
  backupDir?: string | null;
  /** The person every act is recorded as (session-actor.ts): --actor at start, else named once by the screens. */
  actor?: ConsoleActor | null;
}

/** The database, or the refusal a screen shows when the console was started without one. */
export function dbOf(ctx: ConsoleContext): Db {
  if (ctx.db === null && ctx.firstStart?.jobs().some((j) => j.state === 'running' || j.state === 'queued'))
    throw new HandlerRefusal(
      'CONSOLE_DEMO_PLAYING',
      'the demo season is still being played into a new operator database: its progress is shown; try again when it is done',
    );
  if (ctx.db === null)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'this console runs without an operator database: start it with proveit console --db FILE',
    );
  return ctx.db;
}

export function jobsOf(ctx: ConsoleContext): JobRunner {
  if (ctx.jobs === null)
    throw new HandlerRefusal(
      'CONSOLE_NO_DATABASE',
      'background work is recorded in the operator database: start the console with proveit console --db FILE',
    );
  return ctx.jobs;
}

/** A track's corpus folder under the corpus root (season-N/<track>). */
export function trackCorpusDir(ctx: ConsoleContext, season: number, track: TrackName): string {
  return join(ctx.corpusDir, `season-${season}`, track);
}
