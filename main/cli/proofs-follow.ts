import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseInstant } from '../core/freeze/instant.ts';
import type { FollowCycleLine } from '../core/follow/model.ts';
import type { TrackName } from '../core/corpus/model.ts';
import { pyObjectFrom } from '../core/json/value.ts';
import { openDatabase, type Db } from '../db/open-database.ts';
import { recordAction } from '../services/audit/record-action.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { followableSeason, followSeason } from '../services/follow/follow-season.ts';
import { DEFAULT_FOLLOW_EVERY_MS } from '../services/follow/follow-input.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import type { ReadSettings } from '../services/proofs/read-settings.ts';
import { announcedReceiptKey } from '../services/receipts/announced-receipt-key.ts';
import { readSeasonExport } from '../services/season-export/read-export.ts';
import { PRODUCTION_BUNDLE_DIR } from '../services/trust/production-bundle.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import type { CliIo } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom, READ_SETTING_ITEMS, settingsFrom } from './proofs-options.ts';
import { hexPublicKey } from './public-key-file.ts';
import { readWaitJson, readWaitText, readWaitWatcher } from './read-wait-notice.ts';
import { readSecretFile } from './secret-file.ts';
import { signalWaiter } from './signal-waiter.ts';

const SYNOPSIS = synopsis([
  need('season-url', { help: 'the season service whose export is read each cycle' }),
  need('operator-token-file'),
  need('trust-layer', { help: 'the Trust Layer the views are read from' }),
  may('rekor'),
  may('db'),
  may('every', { defaultText: String(DEFAULT_FOLLOW_EVERY_MS / 1000) }),
  READ_SETTING_ITEMS['pending-recheck'],
  may('until', {
    help: 'when the follow ends (ISO 8601 UTC)',
    defaultText: 'the latest closes_at plus two batch ages (20 minutes)',
  }),
  may('cycles', {
    help: 'stop after N cycles (the Nth is the last), unless --until comes first',
    defaultText: 'no limit',
  }),
  may('json', {
    help: 'print one JSON object per cycle on stdout (and one per wait for the read limit, with "event": "read_wait")',
  }),
  may('season', { help: 'the season to follow', defaultText: 'the one open or closing now' }),
  may('service-key', { defaultText: 'the key the season service announces' }),
  may('corpus', { help: 'the season folder (DIR/<track>) or one track folder' }),
  may('trust'),
  READ_SETTING_ITEMS['read-limit'],
  READ_SETTING_ITEMS['read-window'],
  READ_SETTING_ITEMS['safety-margin'],
  READ_SETTING_ITEMS['batch-size'],
  READ_SETTING_ITEMS.timeout,
  may('actor'),
]);

function cycleText(line: FollowCycleLine): string {
  const incidents =
    line.incidents_opened.length + line.incidents_extended.length > 0
      ? `; incidents opened ${line.incidents_opened.join(', ') || 'none'}, added to ${line.incidents_extended.join(', ') || 'none'}`
      : '';
  const stopped = line.failure ? `; ${line.outcome}: ${line.failure.code}: ${line.failure.message}` : '';
  const next = line.next_cycle_at ? `; next cycle ${line.next_cycle_at}` : '; last cycle';
  return (
    `cycle ${line.cycle} at ${line.at}: ${line.cited} cited, ${line.read_now} read now, ${line.cached} cached, ` +
    `${line.pending} pending, ${line.not_yet_read} not yet read; ${line.reads_this_cycle} read(s) this cycle, ` +
    `${line.reads_left_in_window} left in the window${incidents}${stopped}${next}\n`
  );
}

/** The run's one audit entry (docs/audit-log.md `proofs.follow`): its cycles, reads and incidents, and how it ended. */
function recordRun(db: Db, clock: Clock, actor: string, season: number, lines: FollowCycleLine[], end: string) {
  const sum = (f: (l: FollowCycleLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  const reads = sum((l) => l.reads_this_cycle);
  const opened = lines.flatMap((l) => l.incidents_opened);
  recordAction(db, clock, {
    actor,
    action: 'proofs.follow',
    summary: `proofs follow of season ${season}: ${lines.length} cycle(s), ${reads} read(s), ${opened.length} incident(s) opened (${end})`,
    details: pyObjectFrom([
      ['season', BigInt(season)],
      ['cycles', BigInt(lines.length)],
      ['first_cycle', lines[0] ? BigInt(lines[0].cycle) : null],
      ['reads', BigInt(reads)],
      ['incidents_opened', opened.map((id) => BigInt(id))],
      ['ended', end],
    ]),
  });
}

/** A track's folder under --corpus: DIR/<track> when the season folder is given, DIR itself for a track folder. */
const corpusDirOf = (dir: string | undefined) => (track: TrackName) => {
  if (dir === undefined) return null;
  const inSeason = join(dir, track);
  return existsSync(inSeason) ? inSeason : resolve(dir);
};

function secondsOption(flag: string, text: string | undefined, fallbackMs: number): number | string {
  if (text === undefined) return fallbackMs;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0)
    return `--${flag} '${text}' is not a number of seconds > 0; for example --${flag} ${fallbackMs / 1000}`;
  return Math.round(value * 1000);
}

/**
 * `proveit proofs follow` (docs/season-follow.md): follows a season while it runs, a cycle every --every
 * seconds until --until (or until --cycles cycles ran), one line per cycle. `clock` and `readSettings` are for tests
 * (a virtual clock, a shrunk window); the registered command uses the system clock.
 */
export function createProofsFollowCommand(clock: Clock = systemClock, readSettings?: Partial<ReadSettings>): Command {
  const command: Command = {
    path: ['proofs', 'follow'],
    summary:
      'follow a season while it runs: every --every seconds, read the season service export and the views of the ' +
      'proofs cited since the last cycle under the read limit, open incidents the reads show; never scores',
    synopsis: SYNOPSIS,
    run: (args, io) => runFollow(command, clock, readSettings, args, io),
  };
  return command;
}

export const proofsFollowCommand: Command = createProofsFollowCommand();

const parseFollow = (args: string[]) => parseSynopsis(SYNOPSIS, args);
type FollowValues = Extract<ReturnType<typeof parseFollow>, { ok: true }>['values'];

/** The options past the synopsis' rules: the read settings, the cadence, the end, the season and the key. */
function followArgsOf(values: FollowValues) {
  const settings = settingsFrom(values);
  if (!settings.ok) return settings.error.message;
  const every = secondsOption('every', values.every, DEFAULT_FOLLOW_EVERY_MS);
  if (typeof every === 'string') return every;
  let untilMs: number | undefined;
  if (values.until !== undefined) {
    const instant = parseInstant('--until', values.until);
    if (!instant.ok) return instant.error.message;
    untilMs = Date.parse(instant.value);
  }
  if (values.cycles !== undefined && !/^[1-9]\d*$/.test(values.cycles))
    return `--cycles '${values.cycles}' is not a number of cycles > 0, e.g. --cycles 3`;
  if (values.season !== undefined && !/^\d+$/.test(values.season))
    return `--season '${values.season}' is not a season number, e.g. --season 1`;
  const configuredKey = values['service-key'] === undefined ? null : hexPublicKey(values['service-key']);
  if (values['service-key'] !== undefined && configuredKey === null)
    return `--service-key '${values['service-key']}' is not 64 hex characters`;
  return {
    settings,
    every,
    untilMs,
    cycles: values.cycles === undefined ? undefined : Number(values.cycles),
    season: values.season === undefined ? null : Number(values.season),
    configuredKey,
  };
}

async function runFollow(
  command: Command,
  clock: Clock,
  readSettings: Partial<ReadSettings> | undefined,
  args: string[],
  io: CliIo,
): Promise<number> {
  const parsed = parseFollow(args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const checked = followArgsOf(values);
  if (typeof checked === 'string') return usageError(io, command, checked);
  const { settings, every, untilMs, cycles, configuredKey } = checked;
  let season = checked.season;
  const token = await readSecretFile(values['operator-token-file'] as string, 'operator token');
  if (typeof token !== 'string') return usageError(io, command, token.problem);

  const db = openDatabase(dbPathFrom(values.db));
  // The whole answer within two request timeouts, the claim a read holds (as `proofs fetch`; docs/operator-database.md).
  const requestTimeoutMs = settings.value.requestTimeoutMs;
  const http = createHttpClient({ timeoutMs: requestTimeoutMs, deadlineMs: 2 * requestTimeoutMs });
  const stop = new AbortController();
  const { stopped, cancel } = signalWaiter();
  void stopped.then(() => stop.abort());
  const refuse = (code: string, message: string) => {
    io.err(`proveit proofs follow: ${code}: ${message}\n`);
    return EXIT.failed;
  };
  try {
    season ??= followableSeason(db, clock.now());
    if (season === null)
      return refuse(
        'FOLLOW_NO_OPEN_SEASON',
        'no season of this operator database is open or closing now: give the season with --season N (and the --db that holds its freezes)',
      );
    const seasonUrl = values['season-url'] as string;
    let serviceKey = configuredKey;
    if (serviceKey === null) {
      const announced = await announcedReceiptKey(seasonUrl, season, 'or give it with --service-key HEX');
      if (!announced.ok) return refuse(announced.error.code, announced.error.message);
      serviceKey = announced.value;
    }
    let last: FollowCycleLine | null = null as FollowCycleLine | null;
    const runLines: FollowCycleLine[] = [];
    const reads = { ...settings.value, ...readSettings };
    // docs/season-follow.md "Waiting for the read limit": once per wait, on stdout beside the cycle lines.
    const onProgress = readWaitWatcher(reads, (wait) =>
      io.out(values.json ? `${JSON.stringify(readWaitJson(wait, season!))}\n` : `waiting: ${readWaitText(wait)}\n`),
    );
    const ended = await followSeason({
      db,
      http,
      clock,
      season,
      readExport: () => readSeasonExport(seasonUrl, season!, token),
      serviceKey,
      trustLayerUrl: values['trust-layer'] as string,
      ...(values.rekor === undefined ? {} : { rekorUrl: values.rekor }),
      trustDir: values.trust ?? PRODUCTION_BUNDLE_DIR,
      corpusDirOf: corpusDirOf(values.corpus),
      actor: actorOf(values),
      everyMs: every,
      pendingRecheckMs: settings.value.pendingRecheckMs,
      ...(untilMs === undefined ? {} : { untilMs }),
      ...(cycles === undefined ? {} : { cycles }),
      readSettings: reads,
      signal: stop.signal,
      onProgress,
      onCycle: (line) => {
        last = line;
        runLines.push(line);
        io.out(values.json ? `${JSON.stringify(line)}\n` : cycleText(line));
      },
    });
    if (!ended.ok) return refuse(ended.error.code, ended.error.message);
    const end = ended.value;
    recordRun(db, clock, actorOf(values), season, runLines, end.kind);
    // On stderr in both modes: --json keeps stdout to its JSON objects (the cycles and the waits).
    io.err(
      end.kind === 'aborted'
        ? 'proveit proofs follow: stopped; what was read is kept, and the next run resumes from it\n'
        : end.kind === 'cycles'
          ? `proveit proofs follow: ran the ${end.cycles} cycle(s) of --cycles, the last at ${new Date(end.at).toISOString()}\n`
          : `proveit proofs follow: reached the end of the follow at ${new Date(untilMs ?? end.at).toISOString()}\n`,
    );
    // A follow whose last cycle failed says so in its exit code: what it could not read is the next run's.
    return last?.outcome === 'error' ? EXIT.failed : EXIT.ok;
  } finally {
    cancel();
    await http.close();
    db.close();
  }
}
