import { existsSync } from 'node:fs';
import type { FollowCycleLine, LiveSeason } from '../core/follow/model.ts';
import type { Failure, Result } from '../core/result.ts';
import { isoUtc } from '../core/time/iso-utc.ts';
import { latestFollowCycle } from '../db/follow-cycles.ts';
import type { Db } from '../db/open-database.ts';
import { AREAS_OF_CYCLE } from '../core/console/state-areas.ts';
import { appendAudit } from '../db/audit-log.ts';
import { newPyObject } from '../core/json/value.ts';
import { defaultFollowUntilMs, followableSeason, followSeason } from '../services/follow/follow-season.ts';
import { DEFAULT_FOLLOW_EVERY_MS, type FollowEnd } from '../services/follow/follow-input.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import type { ReadSettings } from '../services/proofs/read-settings.ts';
import { announcedReceiptKey } from '../services/receipts/announced-receipt-key.ts';
import { readSeasonExport } from '../services/season-export/read-export.ts';
import { trackCorpusDir, type ConsoleContext } from './console-context.ts';
import { NO_SERVICES } from './console-services.ts';

/**
 * The actor of the incidents and audit entries the cycles write when no person was named at start (`--actor`): the
 * follower starts by itself, before anyone is asked a name, so it acts as the console, as jobs recorded without one do.
 */
const FOLLOW_ACTOR = 'console';
/**
 * While not following, the console looks again this often for a season to follow: a track frozen from the Freeze
 * screen after the start, or a receipt key the season service could not give at the last look.
 */
const DEFAULT_LOOK_EVERY_MS = 60_000;
/** The cadence staff may set (`follow.cadence`): a minute to an hour between cycle starts. */
export const CADENCE_MIN_SECONDS = 60;
export const CADENCE_MAX_SECONDS = 3600;

/** The cadence last set by staff, from the audit log (`proofs.follow_cadence`), or null: the default. */
function recordedCadenceMs(db: Db): number | null {
  const details = db
    .prepare("SELECT details FROM audit_log WHERE action = 'proofs.follow_cadence' ORDER BY seq DESC LIMIT 1")
    .pluck()
    .get() as string | undefined;
  const seconds =
    details === undefined ? undefined : (JSON.parse(details) as { every_seconds?: unknown }).every_seconds;
  return typeof seconds === 'number' ? seconds * 1000 : null;
}

/** What "Run a cycle now" did: started one, or why not. */
export type RunNowOutcome = { started: true } | { started: false; reason: string };

/** What tests shorten; the console runs on the defaults (docs/season-follow.md). */
export interface ConsoleFollowerSettings {
  /** Between cycle starts; default DEFAULT_FOLLOW_EVERY_MS. */
  everyMs?: number;
  lookEveryMs?: number;
  readSettings?: Partial<ReadSettings>;
  /** Between two asks of the season service's activity feed; default DEFAULT_ACTIVITY_EVERY_MS (season-activity.ts). */
  activityEveryMs?: number;
}

type Stopped = { reason: string; failure: Failure | null };

/**
 * The console's background follower (docs/season-follow.md "The console"): while a season of the database is followable
 * (a freeze in force open, or closed less than two batch ages ago) and the console has the season service and the Trust
 * Layer, it runs `followSeason` in main, the loop `proveit proofs follow` runs, on the console's database. Stopping
 * aborts it between reads; everything it did is in the database, so the next start resumes by starting again. Its state
 * is what `season.live` answers as `follow`; each cycle is pushed as a `follow.cycle` event. Reading never scores (spec
 * §7.4): nothing it shows is a score.
 */
export class ConsoleFollower {
  #season: number | null = null;
  #running: Promise<void> | null = null;
  #controller: AbortController | null = null;
  #stopped: Stopped | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;
  #closing = false;
  #everyMs: number | null = null;
  /** Ends the wait between two cycles (set while the loop waits). */
  #wake: (() => void) | null = null;

  constructor(
    private readonly ctx: ConsoleContext,
    private readonly settings: ConsoleFollowerSettings = {},
  ) {}

  /** Looks for a season to follow now, then every lookEveryMs while not following. */
  start(): void {
    if (this.#timer !== null || this.#closing) return;
    this.#timer = setInterval(() => this.#look(), this.settings.lookEveryMs ?? DEFAULT_LOOK_EVERY_MS);
    this.#timer.unref();
    this.#look();
  }

  /** Aborts the loop between reads and waits for it to end; the follower does not look again. */
  async stop(): Promise<void> {
    this.#closing = true;
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    this.#controller?.abort();
    await this.#running;
  }

  /** Resolves when the loop under way (if any) has ended. */
  idle(): Promise<void> {
    return this.#running ?? Promise.resolve();
  }

  /** The season followed, or last followed (null: none yet). */
  get season(): number | null {
    return this.#season;
  }

  /** What `season.live` shows of the follower: its state, its last cycle as recorded, and why it is not following. */
  view(db: Db): LiveSeason['follow'] {
    const why = this.#running === null ? this.#why(db) : null;
    const last = this.#season === null ? null : latestFollowCycle(db, this.#season);
    return {
      state: why?.state ?? 'following',
      reason: why?.reason ?? null,
      cycle: last?.cycle ?? null,
      last_cycle_at: isoUtc(last?.startedAtMs ?? null),
      next_cycle_at: why === null && this.#wake !== null ? isoUtc(last?.nextCycleAtMs ?? null) : null,
      last_failure: this.#stopped?.failure ?? last?.failure ?? null,
      cycle_running: this.#running !== null && this.#wake === null,
      every_seconds: this.#cadenceMs(db) / 1000,
      until: this.#season === null ? null : isoUtc(defaultFollowUntilMs(db, this.#season)),
    };
  }

  /**
   * "Run a cycle now": ends the wait between two cycles, so one starts at once; a follower not running is looked for
   * again (it starts with a cycle). Refused, with why, while a cycle runs or when nothing can be followed.
   */
  runNow(): RunNowOutcome {
    const db = this.ctx.db;
    if (db === null) return { started: false, reason: 'the console has no operator database' };
    if (this.#wake !== null) {
      this.#wake();
      return { started: true };
    }
    if (this.#running !== null)
      return { started: false, reason: 'a cycle is running now: its counts come when it ends' };
    const why = this.#why(db);
    if (why.state === 'not_configured' || why.state === 'no_open_track') return { started: false, reason: why.reason };
    this.#stopped = null;
    this.#look();
    return this.#running === null ? { started: false, reason: why.reason } : { started: true };
  }

  /**
   * Sets the time between cycle starts (`follow.cadence`), recorded in the audit log under `actor` so it holds after a
   * restart; it applies from the next cycle on. Reads stay under the hourly limit whatever the cadence (fetch-proofs).
   */
  setCadence(everySeconds: number, actor: string): void {
    const db = this.ctx.db;
    if (db === null) return;
    const details = newPyObject();
    details['every_seconds'] = BigInt(everySeconds);
    appendAudit(db, {
      atMs: this.ctx.clock.now(),
      actor,
      action: 'proofs.follow_cadence',
      summary: `the follower starts a cycle every ${everySeconds} s`,
      details,
    });
    this.#everyMs = everySeconds * 1000;
  }

  #cadenceMs(db: Db): number {
    this.#everyMs ??= this.settings.everyMs ?? recordedCadenceMs(db) ?? DEFAULT_FOLLOW_EVERY_MS;
    return this.#everyMs;
  }

  /** The wait between two cycles, which runNow ends early. */
  #wait(ms: number, signal?: AbortSignal): Promise<void> {
    const woken = new AbortController();
    const onAbort = () => woken.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    this.#wake = () => woken.abort();
    return this.ctx.clock.sleep(ms, woken.signal).finally(() => {
      this.#wake = null;
      signal?.removeEventListener('abort', onAbort);
    });
  }

  #why(db: Db): { state: Exclude<LiveSeason['follow']['state'], 'following'>; reason: string } {
    const unconfigured = this.#unconfigured();
    if (unconfigured !== null) return { state: 'not_configured', reason: unconfigured };
    if (this.#stopped !== null) return { state: 'stopped', reason: this.#stopped.reason };
    if (followableSeason(db, this.ctx.clock.now()) === null)
      return {
        state: 'no_open_track',
        reason:
          'no season of this database has a track frozen and open, or closed less than two batch ages ago: ' +
          'nothing to follow',
      };
    return { state: 'stopped', reason: 'the follower starts at its next look, within a minute' };
  }

  #unconfigured(): string | null {
    const services = this.ctx.services ?? NO_SERVICES;
    if (services.seasonService === null)
      return (
        'the console was started without the season service: start it with --season-url URL ' +
        '--operator-token-file FILE to follow the season'
      );
    if (services.freeze === null)
      return (
        'the console was started without the Trust Layer: start it with --trust-layer URL --api-key-file FILE ' +
        'to follow the season'
      );
    return null;
  }

  #look(): void {
    const db = this.ctx.db;
    if (this.#closing || this.#running !== null || db === null || this.#unconfigured() !== null) return;
    const season = followableSeason(db, this.ctx.clock.now());
    if (season === null) return;
    // A new season to follow, or the one whose follower stopped at the last look (a failure at its start).
    if (this.#stopped !== null && this.#season === season && this.#stopped.failure === null) return;
    this.#season = season;
    this.#stopped = null;
    const controller = new AbortController();
    this.#controller = controller;
    this.#running = this.#follow(db, season, controller.signal)
      .catch((error: unknown) => this.#end({ ok: false, error: unexpected(error) }))
      .finally(() => {
        this.#running = null;
        this.#controller = null;
      });
  }

  async #follow(db: Db, season: number, signal: AbortSignal): Promise<void> {
    const services = this.ctx.services ?? NO_SERVICES;
    const seasonService = services.seasonService!;
    const trustLayer = services.freeze!.trustLayer;
    const key = await announcedReceiptKey(
      seasonService.url,
      season,
      'the follower tries again at its next look, within a minute',
    );
    if (!key.ok) {
      this.#stopped = { reason: `the season service's receipt key could not be read`, failure: key.error };
      return;
    }
    const http = createHttpClient({ timeoutMs: 30_000 });
    try {
      const end = await followSeason({
        db,
        http,
        clock: this.ctx.clock,
        season,
        readExport: () => readSeasonExport(seasonService.url, season, seasonService.operatorToken),
        serviceKey: key.value,
        trustLayerUrl: trustLayer,
        trustDir: services.trustDir,
        corpusDirOf: (track) => {
          const dir = trackCorpusDir(this.ctx, season, track);
          return existsSync(dir) ? dir : null;
        },
        actor: this.ctx.actor?.name ?? FOLLOW_ACTOR,
        cadence: { everyMs: () => this.#cadenceMs(db), wait: (ms, s) => this.#wait(ms, s) },
        ...(this.settings.readSettings === undefined ? {} : { readSettings: this.settings.readSettings }),
        signal,
        onCycle: (line: FollowCycleLine) => {
          this.ctx.events.publish({ type: 'follow.cycle', line });
          this.ctx.events.publish({
            type: 'state.changed',
            season,
            track: null,
            touched: [...AREAS_OF_CYCLE],
            cause: 'follow.cycle',
          });
        },
      });
      this.#end(end);
    } finally {
      await http.close();
    }
  }

  #end(ended: Result<FollowEnd>): void {
    if (!ended.ok) {
      this.#stopped = { reason: 'the follower could not follow this season', failure: ended.error };
      return;
    }
    const end = ended.value;
    if (end.kind === 'until')
      this.#stopped = {
        reason:
          `the follower stopped by itself at ${new Date(end.at).toISOString()}, two batch ages after the latest ` +
          'closes_at: the close reads only what is left',
        failure: null,
      };
    else if (end.kind === 'cycles')
      this.#stopped = { reason: `the follower stopped by itself after ${end.cycles} cycle(s)`, failure: null };
    else this.#stopped = { reason: 'the console is closing: the follower resumes at the next start', failure: null };
  }
}

/** A fault the loop did not turn into a result: shown as the last failure, its cause without a stack. */
function unexpected(error: unknown): Failure {
  return {
    code: 'FOLLOW_FAILED',
    message: `the follower stopped on an unexpected fault (${error instanceof Error ? error.message : String(error)}); it starts again at its next look`,
  };
}
