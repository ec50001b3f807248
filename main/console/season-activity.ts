import {
  activityTracks,
  foldActivity,
  newActivityTally,
  parseActivityPage,
  type ActivityTally,
  type SeasonActivity,
} from '../core/follow/activity.ts';
import { fail, ok, type Failure, type Result } from '../core/result.ts';
import { isoUtc } from '../core/time/iso-utc.ts';
import { followableSeason } from '../services/follow/follow-season.ts';
import { createHttpClient, type HttpClient } from '../services/http/http-client.ts';
import { type ConsoleContext } from './console-context.ts';
import { NO_SERVICES } from './console-services.ts';

/** Between two asks of the season service's activity feed while a track is open (docs/season-follow.md "Activity"). */
export const DEFAULT_ACTIVITY_EVERY_MS = 3_000;
/** One ask reads at most this many pages (of 500 rows of each kind); the rest comes at the next ask. */
const PAGES_PER_ASK = 20;
const PAGE_LIMIT = 500;

/**
 * The season as it arrives, in seconds (docs/season-follow.md "Activity"): while a season is followable (a track open,
 * or closed less than two batch ages ago) and the console has the season service (`--season-url`,
 * `--operator-token-file`), asks its activity feed every `everyMs` on the console's clock, keeps the counts
 * (enrolled, submitting, submissions in force per track, refusals per code) and the latest items, and pushes them as a
 * `season.activity` event when something arrived. No Trust Layer read: proofs are the follower's, under the limit.
 */
export class SeasonActivityWatch {
  #tally: ActivityTally = newActivityTally();
  #season: number | null = null;
  #lastAnswerAt: number | null = null;
  #failure: Failure | null = null;
  #controller = new AbortController();
  #loop: Promise<void> | null = null;
  #http: HttpClient = createHttpClient({ timeoutMs: 10_000, deadlineMs: 20_000, maxBodyBytes: 16 * 1024 * 1024 });

  constructor(
    private readonly ctx: ConsoleContext,
    private readonly everyMs: number = DEFAULT_ACTIVITY_EVERY_MS,
  ) {}

  start(): void {
    if (this.#loop !== null || this.#controller.signal.aborted) return;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#controller.abort();
    await this.#loop;
    await this.#http.close();
  }

  /** Asks once now (tests, and the loop's own steps); resolves when the answer is folded in. */
  async askNow(): Promise<void> {
    const seasonService = (this.ctx.services ?? NO_SERVICES).seasonService;
    const db = this.ctx.db;
    if (seasonService === null || db === null) return;
    const season = followableSeason(db, this.ctx.clock.now());
    if (season === null) return;
    if (season !== this.#season) {
      this.#season = season;
      this.#tally = newActivityTally();
      this.#lastAnswerAt = null;
    }
    let moved = false;
    for (let page = 0; page < PAGES_PER_ASK; page++) {
      const url =
        `${seasonService.url.replace(/\/+$/, '')}/v1/season/${season}/activity` +
        `?since=${encodeURIComponent(this.#tally.cursor)}&limit=${PAGE_LIMIT}`;
      const answer = await this.#http.request({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${seasonService.operatorToken}`, accept: 'application/json' },
      });
      const body = answerBody(url, answer);
      const parsed = body.ok ? parseActivityPage(Buffer.from(body.value).toString('utf8')) : body;
      const failure = parsed.ok ? null : parsed.error;
      if (failure !== null || !parsed.ok) {
        moved = moved || this.#failure?.message !== failure?.message;
        this.#failure = failure;
        break;
      }
      moved = this.#failure !== null || moved;
      this.#failure = null;
      this.#lastAnswerAt = this.ctx.clock.now();
      if (foldActivity(this.#tally, parsed.value, new Date(this.#lastAnswerAt).toISOString())) moved = true;
      if (!parsed.value.more) break;
    }
    if (moved) this.ctx.events.publish({ type: 'season.activity', activity: this.view() });
  }

  /** What `season.activity` answers. */
  view(): SeasonActivity {
    const services = this.ctx.services ?? NO_SERVICES;
    const base = {
      season: this.#season,
      every_seconds: this.everyMs / 1000,
      last_answer_at: isoUtc(this.#lastAnswerAt),
      last_failure: this.#failure === null ? null : { code: this.#failure.code, message: this.#failure.message },
      enrolled: this.#tally.enrolled.size,
      tracks: activityTracks(this.#tally),
      refusals: this.#tally.refusals ?? { total: 0, by_code: {} },
      feed: this.#tally.feed,
    };
    if (services.seasonService === null)
      return {
        ...base,
        state: 'not_configured',
        reason:
          'the console was started without the season service: start it with --season-url URL ' +
          '--operator-token-file FILE to see enrollments and submissions as they arrive',
      };
    if (this.ctx.db === null || followableSeason(this.ctx.db, this.ctx.clock.now()) === null)
      return {
        ...base,
        state: 'no_open_track',
        reason: 'no track of this database is open (or closed less than two batch ages ago): nothing arrives',
      };
    if (this.#failure !== null) return { ...base, state: 'failing', reason: this.#failure.message };
    return { ...base, state: 'watching', reason: null };
  }

  async #run(): Promise<void> {
    const signal = this.#controller.signal;
    while (!signal.aborted) {
      try {
        await this.askNow();
      } catch (error) {
        this.#failure = {
          code: 'SEASON_ACTIVITY_FAILED',
          message: `reading the activity failed (${error instanceof Error ? error.message : String(error)}); the console asks again in a few seconds`,
        };
      }
      await this.ctx.clock.sleep(this.everyMs, signal);
    }
  }
}

/** The answer's body, or the refusal of the ask naming the option to correct. */
function answerBody(url: string, answer: Awaited<ReturnType<HttpClient['request']>>): Result<Uint8Array> {
  const where = `GET ${url.split('?')[0]}`;
  if (!answer.ok)
    return fail(
      'SEASON_ACTIVITY_UNREACHABLE',
      `${where}: ${answer.error.message}; check the season service's address given with --season-url URL`,
    );
  const status = answer.value.status;
  if (status === 200) return ok(answer.value.body);
  const advice =
    status === 401 || status === 403
      ? 'check the token in --operator-token-file FILE (the season service operator token)'
      : 'check that --season-url URL is the season service of this season, and that it serves /activity';
  return fail('SEASON_ACTIVITY_REFUSED', `${where}: the season service answered ${status}; ${advice}`);
}
