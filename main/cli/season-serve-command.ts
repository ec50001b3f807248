import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustedProxySet } from '../../season-service/limits/client-address.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { group, many, may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { publicKeyOption } from './public-key-file.ts';
import { readSecretFile } from './secret-file.ts';
import { seasonBackupPolicyOf } from './season-backup-options.ts';
import { signalWaiter } from './signal-waiter.ts';

/** The demo season (docs/corpus-format.md): every track folder of it is served. */
export const DEFAULT_SEASON_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../corpus/season-1');

const SYNOPSIS = synopsis([
  need('port', { help: 'the port to listen on (0 picks a free one)' }),
  need('state', { help: 'the folder holding the service state (season.sqlite)' }),
  need('trust-layer', { help: 'the Trust Layer the freezes were anchored through' }),
  need('operator-token-file', { help: 'the file holding the operator token (at least 43 characters)' }),
  may('season-dir'),
  may('challenge-secret-file'),
  may('operator-public-key'),
  may('host'),
  may('enroll-limit'),
  many('trusted-proxy'),
  may('metrics-port'),
  may('request-log'),
  group(
    need('backup-dir', {
      help: 'while serving, write an encrypted backup of the service state into DIR',
      defaultText: 'no backup',
    }),
    need('backup-passphrase-file', {
      help: 'the file holding the backup passphrase (at least 12 characters)',
      defaultText: null,
    }),
    may('backup-every'),
    may('backup-keep', { help: 'how many of the season backups DIR keeps, the oldest removed', defaultText: '24' }),
  ),
  may('json', { help: 'accepted: the one line printed is always JSON' }),
]);

/** A 256-bit token written in hex or base64 is 43 characters or more (docs/season-service.md). */
const MIN_TOKEN_LENGTH = 43;

export const seasonServeCommand: Command = {
  path: ['season', 'serve'],
  summary: 'run the season service (enroll, submit, tasks, export) on its own SQLite file until Ctrl-C or SIGTERM',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseServeArgs(args);
    if (!parsed.ok) return usageError(io, seasonServeCommand, parsed.message);
    const { 'trusted-proxy': proxyFlags = [], json: _json, ...values } = parsed.values;
    const flags = serveFlagsOf(values, proxyFlags);
    if ('problem' in flags) return usageError(io, seasonServeCommand, flags.problem);
    const secrets = await serveSecretsOf(values);
    if ('problem' in secrets) return usageError(io, seasonServeCommand, secrets.problem);

    // Backups while serving (docs/season-service.md "Backups"): checked, and the passphrase read, before the service starts.
    const backups = await seasonBackupPolicyOf(values);
    if ('usage' in backups) return usageError(io, seasonServeCommand, backups.usage);
    if ('refused' in backups) {
      io.err(`proveit season serve: ${backups.refused.code}: ${backups.refused.message}\n`);
      return EXIT.failed;
    }

    const { stopped, cancel } = signalWaiter();
    // Loaded on use: the server and SQLite stay out of every other command's start-up.
    const { runSeasonService } = await import('../../season-service/run-season-service.ts');
    let running;
    try {
      running = await runSeasonService({
        host: values['host'] ?? '127.0.0.1',
        port: flags.port,
        stateFile: join(resolve(values['state'] as string), 'season.sqlite'),
        seasonDir: flags.seasonDir,
        trustLayer: flags.trustLayer.href,
        ...secrets,
        ...(flags.enrollLimit !== undefined ? { limits: { enrollPerIpPerHour: flags.enrollLimit } } : {}),
        trustedProxies: [...flags.proxies],
        ...(flags.metricsPort !== undefined ? { metricsPort: flags.metricsPort } : {}),
        ...(flags.requestLog === 'off' ? { requestLog: null } : {}),
        ...(backups.policy ? { backups: backups.policy } : {}),
      });
    } catch (error) {
      cancel();
      io.err(`proveit season serve: could not start: ${(error as Error).message}\n`);
      return EXIT.failed;
    }
    printJson(io, running.info);
    const signal = await stopped;
    // docs/season-service.md "Operations": what was acknowledged is committed and answered, within a bound.
    const { abandoned, withinMs } = await running.close();
    if (abandoned.length > 0) {
      io.err(
        `proveit season serve: stopped on ${signal} with ${abandoned.length} request(s) unanswered after ` +
          `${withinMs / 1000} s, cut without an answer (never acknowledged): ${abandoned.join(', ')}\n`,
      );
      return EXIT.failed;
    }
    return EXIT.ok;
  },
};

const parseServeArgs = (args: string[]) => parseSynopsis(SYNOPSIS, args);
type ServeValues = Omit<Extract<ReturnType<typeof parseServeArgs>, { ok: true }>['values'], 'trusted-proxy' | 'json'>;

interface ServeFlags {
  port: number;
  metricsPort: number | undefined;
  requestLog: 'on' | 'off';
  enrollLimit: number | undefined;
  proxies: Iterable<string>;
  trustLayer: URL;
  seasonDir: string;
}

/** The flags that are not secrets, checked in order; the first problem, as the usage error says it. */
function serveFlagsOf(values: ServeValues, proxyFlags: readonly string[]): ServeFlags | { problem: string } {
  const port = Number(values['port']);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return { problem: `--port '${values['port']}' must be a port number (0 picks a free one)` };
  const metricsPort = values['metrics-port'] === undefined ? undefined : Number(values['metrics-port']);
  if (metricsPort !== undefined && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535))
    return { problem: `--metrics-port '${values['metrics-port']}' must be a port number (0 picks a free one)` };
  const requestLog = values['request-log'] ?? 'on';
  if (requestLog !== 'on' && requestLog !== 'off')
    return { problem: `--request-log '${requestLog}' must be on or off` };
  const enrollLimit = values['enroll-limit'] === undefined ? undefined : Number(values['enroll-limit']);
  if (enrollLimit !== undefined && (!Number.isInteger(enrollLimit) || enrollLimit < 1))
    return {
      problem: `--enroll-limit '${values['enroll-limit']}' must be a whole number of enrollments per address per hour`,
    };
  // Repeatable or comma-separated: the TLS reverse proxy (or proxies) in front of the service.
  const proxies = trustedProxySet(proxyFlags.flatMap((flag) => flag.split(',')).map((a) => a.trim()));
  if (!proxies.ok)
    return {
      problem: `--trusted-proxy '${proxies.bad}' is not an IP address; give the address the reverse proxy connects from`,
    };
  let trustLayer: URL;
  try {
    trustLayer = new URL(values['trust-layer'] as string);
  } catch {
    return { problem: `--trust-layer '${values['trust-layer']}' is not a URL; e.g. https://trust.arkforge.tech` };
  }
  const seasonDir = resolve(values['season-dir'] ?? DEFAULT_SEASON_DIR);
  if (!existsSync(seasonDir)) return { problem: `the season folder ${seasonDir} does not exist` };
  return { port, metricsPort, requestLog, enrollLimit, proxies: proxies.set, trustLayer, seasonDir };
}

/** The operator token, the challenge secret and the operator's public key, read from their files and flags. */
async function serveSecretsOf(
  values: ServeValues,
): Promise<
  { operatorToken: string; challengeSecret: string | null; operatorPublicKey: string | null } | { problem: string }
> {
  const operatorToken = await readSecretFile(
    values['operator-token-file'] as string,
    'operator token',
    MIN_TOKEN_LENGTH,
  );
  if (typeof operatorToken !== 'string') return { problem: operatorToken.problem };
  let challengeSecret: string | null = null;
  if (values['challenge-secret-file'] !== undefined) {
    const read = await readSecretFile(values['challenge-secret-file'], 'challenge secret');
    if (typeof read !== 'string') return { problem: read.problem };
    challengeSecret = read;
  }
  // The operator's key (the one that signs the Index manifest): only documents it signed change the season.
  let operatorPublicKey: string | null = null;
  if (values['operator-public-key'] !== undefined) {
    const read = publicKeyOption('--operator-public-key', values['operator-public-key']);
    if ('problem' in read) return { problem: read.problem };
    operatorPublicKey = read.key;
  }
  return { operatorToken, challengeSecret, operatorPublicKey };
}
