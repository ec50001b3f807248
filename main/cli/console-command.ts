import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHeadlessServer } from '../headless/headless-server.ts';
import { keepServingOnUnhandledRejection } from '../headless/unhandled-rejections.ts';
import { createDispatcher } from '../ipc/dispatcher.ts';
import { createConsoleHandlers } from '../console/console-handlers.ts';
import { findElectron } from '../console/electron-binary.ts';
import { progressText, type DemoProgress } from '../core/demo/demo-progress.ts';
import { demoThread } from '../demo/demo-thread.ts';
import { openConsole } from '../console/open-console.ts';
import { defaultDbFile } from '../console/user-data.ts';
import { backupOutcomeLine, withBackupsAfterActs } from '../console/backups-after-acts.ts';
import { consoleActorOf } from './actor-option.ts';
import { BACKUP_AFTER_ITEMS, backupPolicyOf } from './backup-after-option.ts';
import { EXIT, type Command } from './command.ts';
import { firstStartOf } from './console-first-start.ts';
import { CONSOLE_SERVICE_FLAGS, consoleServicesOf } from './console-service-options.ts';
import { printJson, type CliIo } from './io.ts';
import { BREAK, group, may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Runs until SIGINT or SIGTERM, then lets the caller close what it opened. */
function untilStopped(): Promise<void> {
  return new Promise((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
}

/** The service options as the desktop main reads them back (consoleServicesOf of PROVEIT_* variables). */
function serviceEnv(options: Record<string, unknown>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const flag of CONSOLE_SERVICE_FLAGS) {
    const value = options[flag];
    if (typeof value === 'string')
      env[`PROVEIT_${flag.toUpperCase().replace(/-/g, '_')}`] = /-file$|^trust$/.test(flag) ? resolve(value) : value;
  }
  return env;
}

const SYNOPSIS = synopsis(
  [
    may('db', {
      help:
        'the operator database. A --db FILE that does not exist is created as an empty operations database; the ' +
        'default one, on first start, is created by playing the demo season (as proveit demo does), showing its progress',
      defaultText:
        'console.sqlite in the user data folder, e.g. ~/.config/proveit-console/; PROVEIT_USER_DATA overrides the folder',
    }),
    may('demo', { help: 'play the demo season into the new database --db names (refused on one that exists)' }),
    may('headless', { help: 'serve the console on 127.0.0.1 for a browser, even where a desktop window could open' }),
    may('corpus', {
      help: 'the corpus root holding season-N/<track> folders',
      defaultText:
        "the database folder's corpus/ when the demo wrote one there, else the embedded demo season, corpus/",
    }),
    may('port', { help: 'loopback port of the headless mode', defaultText: 'any free port' }),
    may('json', { help: 'print {mode, url} as one JSON line' }),
    BREAK,
    group(
      need('trust-layer', {
        help:
          'the Trust Layer freezes are anchored through (the Freeze screen: freeze, replace); without it and ' +
          '--api-key-file those actions are refused',
      }),
      need('api-key-file'),
      may('season-base', {
        help: 'the season service a freeze is posted to through the proxy',
        defaultText: '--season-url',
      }),
    ),
    BREAK,
    group(
      need('season-url', {
        help:
          "the season service: a track's first close reads its export (the Scoring screen); without it and " +
          '--operator-token-file only later closes run from the console',
      }),
      need('operator-token-file'),
    ),
    may('trust', { help: 'the trust bundle a first close verifies proofs with' }),
    BREAK,
    ...BACKUP_AFTER_ITEMS,
    may('actor', {
      help:
        'the person every act is recorded as in the audit log; without it or $PROVEIT_ACTOR, the console asks the ' +
        'name once and keeps it until it stops',
      defaultText: '$PROVEIT_ACTOR',
    }),
  ],
  'With --backup-dir (headless): after each freeze, replacement, publication, reveal, close, decision and Index ' +
    'export, an encrypted backup into DIR.\n' +
    'Keys and tokens stay in the console process: the screens only see whether they are set.\n' +
    'The headless URL carries a per-launch token in its fragment: open that exact URL. Ctrl-C stops the console.\n' +
    'The renderer must be built first (npm start does it; otherwise npm run build).',
);

export const consoleCommand: Command = {
  path: ['console'],
  summary:
    'start the operator console on an operator database: a new --db FILE is an empty one; the default database on ' +
    'first start, or --demo, plays the demo season into it (headless where no display or Electron binary exists)',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const start = await consoleStartOf(args, io);
    if (typeof start === 'number') return start;
    const found = start.options.headless ? { headless: 'asked for with --headless' } : findElectron();
    const electron = 'binary' in found ? found.binary : null;
    const desktopMain = join(repoRoot, 'out/main/index.js');
    // Why the window does not open, said in the first line of the headless banner.
    const headlessWhy =
      'headless' in found
        ? found.headless
        : `the desktop app is not built (${desktopMain} is missing): run npm run build, or npm start`;
    if (electron && existsSync(desktopMain)) return openDesktop(electron, desktopMain, start, io);
    return serveHeadless(start, headlessWhy, io);
  },
};

const parseConsoleArgs = (args: string[]) => parseSynopsis(SYNOPSIS, args);
type ConsoleOptions = Extract<ReturnType<typeof parseConsoleArgs>, { ok: true }>['values'];

/** The command line, read and checked. */
interface ConsoleStart {
  options: ConsoleOptions;
  port: number;
  actor: { name: string | null };
  services: Exclude<Awaited<ReturnType<typeof consoleServicesOf>>, string>;
  backup: Exclude<Awaited<ReturnType<typeof backupPolicyOf>>, number>;
  corpusDir: string | undefined;
  dbFile: string;
  existed: boolean;
  firstStart: { demo: boolean };
}

/** The command line read and checked; an exit code once a usage problem is printed. */
async function consoleStartOf(args: string[], io: CliIo): Promise<ConsoleStart | number> {
  const parsed = parseConsoleArgs(args);
  if (!parsed.ok) {
    io.err(`proveit console: ${parsed.message}. See proveit console --help.\n`);
    return EXIT.usage;
  }
  const options = parsed.values;
  const portText = options.port ?? '0';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.err(`proveit console: --port must be an integer from 0 to 65535, not '${portText}'\n`);
    return EXIT.usage;
  }
  const actor = consoleActorOf(options, process.env);
  if (typeof actor === 'string') {
    io.err(`proveit console: ${actor}. See proveit console --help.\n`);
    return EXIT.usage;
  }
  const services = await consoleServicesOf(options);
  if (typeof services === 'string') {
    io.err(`proveit console: ${services}. See proveit console --help.\n`);
    return EXIT.usage;
  }
  const backup = await backupPolicyOf(consoleCommand, io, {
    'backup-dir': options['backup-dir'],
    'backup-passphrase-file': options['backup-passphrase-file'],
    'backup-keep': options['backup-keep'],
  });
  if (typeof backup === 'number') return backup;
  const corpusDir = options.corpus === undefined ? undefined : resolve(options.corpus);
  const dbFile = resolve(options.db ?? defaultDbFile());
  const existed = existsSync(dbFile);
  const firstStart = firstStartOf({ db: options.db, demo: options.demo, dbFile, exists: existed });
  if (typeof firstStart === 'string') {
    io.err(`proveit console: ${firstStart}. See proveit console --help.\n`);
    return EXIT.usage;
  }
  return { options, port, actor, services, backup, corpusDir, dbFile, existed, firstStart };
}

/** The desktop window: Electron runs the desktop main, which reads the options back from the environment. */
function openDesktop(electron: string, desktopMain: string, start: ConsoleStart, io: CliIo): Promise<number> {
  const { options, actor, backup, corpusDir } = start;
  if (options.json) printJson(io, { mode: 'desktop' });
  else io.out('PROVE IT console: opening the desktop window\n');
  const child = spawn(electron, [desktopMain], {
    stdio: 'inherit',
    // File paths only: the desktop main reads the key and the token from their files itself.
    env: {
      ...process.env,
      PROVEIT_DB: start.dbFile,
      ...(actor.name === null ? {} : { PROVEIT_ACTOR: actor.name }),
      PROVEIT_DEMO: start.firstStart.demo ? '1' : '0',
      ...(corpusDir ? { PROVEIT_CORPUS: corpusDir } : {}),
      ...serviceEnv(options),
      // The backup folder and the passphrase's file, never the passphrase: the desktop main reads the file itself.
      ...(backup === null
        ? {}
        : {
            PROVEIT_BACKUP_DIR: backup.dir,
            PROVEIT_BACKUP_PASSPHRASE_FILE: resolve(
              options['backup-passphrase-file'] ?? join(backup.dir, 'passphrase'),
            ),
            PROVEIT_BACKUP_KEEP: String(backup.keep),
          }),
    },
  });
  return new Promise((done) => child.on('exit', (code) => done(code ?? EXIT.failed)));
}

/** The headless mode: the console served on 127.0.0.1 until SIGINT or SIGTERM. */
async function serveHeadless(start: ConsoleStart, headlessWhy: string, io: CliIo): Promise<number> {
  const { actor, backup, corpusDir, dbFile } = start;
  const rendererDir = join(repoRoot, 'out/renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    io.err('proveit console: the renderer is not built (out/renderer is missing). Run npm run build, or npm start.\n');
    return EXIT.failed;
  }
  const opened = openConsole({
    mode: 'headless',
    dbFile,
    defaultCorpusDir: join(repoRoot, 'corpus'),
    ...(corpusDir ? { corpusDir } : {}),
    services: start.services,
    ...(actor.name === null ? {} : { actor: actor.name }),
    demo: start.firstStart.demo ? demoThread : null,
    backupDir: backup?.dir ?? null,
  });
  const backups =
    backup === null
      ? null
      : withBackupsAfterActs(createConsoleHandlers(opened.ctx), opened.ctx, backup, (act, outcome) =>
          io.err(backupOutcomeLine(act, outcome)),
        );
  const dispatch = createDispatcher(backups?.handlers ?? createConsoleHandlers(opened.ctx));
  // A stray rejection logs and the console keeps serving, with its jobs (DEVELOPERS.md "Headless mode").
  const removePolicy = keepServingOnUnhandledRejection((line) => io.err(line));
  const server = await startHeadlessServer({
    dispatch,
    rendererDir,
    token: randomBytes(32).toString('hex'),
    port: start.port,
    subscribe: (listener) => opened.ctx.events.subscribe(listener),
    log: (line) => io.err(line),
  });
  announceHeadless(start, opened, server, headlessWhy, io);
  await untilStopped();
  await server.close();
  backups?.stop();
  await backups?.idle();
  await opened.close();
  removePolicy();
  return EXIT.ok;
}

/** The headless banner (or its JSON line), then the demo season's progress while it plays. */
function announceHeadless(
  { options, dbFile, existed }: ConsoleStart,
  opened: ReturnType<typeof openConsole>,
  server: { url: string; origin: string },
  headlessWhy: string,
  io: CliIo,
): void {
  const playing = opened.ctx.firstStart !== null;
  const created = !playing && !existed;
  if (options.json)
    printJson(io, { mode: 'headless', url: server.url, origin: server.origin, db: dbFile, demo: playing });
  else {
    io.out(
      `PROVE IT console (headless: ${headlessWhy})\n` +
        `  database: ${dbFile}${playing ? ' (new: the demo season is being played into it)' : created ? ' (new: an empty operations database)' : ''}\n` +
        `  corpus:   ${opened.ctx.corpusDir}\n` +
        `  open:     ${server.url}\n` +
        `Only this machine can reach it, and only with the token in that URL. Ctrl-C stops it.\n`,
    );
  }
  if (playing && !options.json) {
    const unsubscribe = opened.ctx.events.subscribe((event) => {
      if (event.type === 'demo.progress')
        io.err(`${progressText({ ...event, step: event.step as DemoProgress['step'] })}\n`);
    });
    void opened.ready.then((ok) => {
      unsubscribe();
      io.err(
        ok
          ? `demo season played: ${dbFile}\n`
          : 'the demo season was not played to the end (stopped, or see jobs.list): the next start plays it again\n',
      );
    });
  }
}
