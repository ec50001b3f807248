import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_CORPUS_DIR } from '../../devnet/season/demo-corpus.ts';
import type { DevnetOptions } from '../../devnet/start-devnet.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { may, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { publicKeyOption } from './public-key-file.ts';
import { signalWaiter } from './signal-waiter.ts';

/** Where the devnet keeps its state unless --state says otherwise (relative to the working folder). */
export const DEFAULT_STATE_DIR = '.proveit/devnet';

const SYNOPSIS = synopsis([
  may('port', {
    help: 'the base port: Trust Layer N, TSA N+1, log N+2, corpus N+3, season N+4',
    defaultText: 'free ports',
  }),
  may('state', { defaultText: DEFAULT_STATE_DIR }),
  may('corpus', {
    help: 'a season folder such as corpus/season-1, or one track folder',
    defaultText: 'the demo season',
  }),
  may('read-limit', { help: "the Trust Layer's reads allowed per window" }),
  may('read-window', { help: "the length of the Trust Layer's read-limit window" }),
  may('batch-size', { help: 'proofs per Trust Layer batch' }),
  may('batch-age'),
  may('proxy-timeout'),
  may('operator-public-key', { defaultText: 'the devnet makes one' }),
  may('json', { help: 'accepted: the one line printed is always JSON' }),
]);

type Numeric = 'port' | 'read-limit' | 'read-window' | 'batch-size' | 'batch-age' | 'proxy-timeout';

const NUMERIC: Record<Numeric, { min: number; max: number; example: string }> = {
  port: { min: 1, max: 65530, example: '8700' },
  'read-limit': { min: 1, max: 1_000_000, example: '100' },
  'read-window': { min: 1, max: 30 * 24 * 3600, example: '3600' },
  'batch-size': { min: 1, max: 100_000, example: '100' },
  'batch-age': { min: 1, max: 24 * 3600, example: '600' },
  'proxy-timeout': { min: 1, max: 3600, example: '120' },
};

export const devnetUpCommand: Command = {
  path: ['devnet', 'up'],
  summary: 'start the local devnet (Trust Layer, TSA, transparency log, corpus and season hosts) until Ctrl-C',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, devnetUpCommand, parsed.message);
    const values: Record<string, string | boolean | undefined> = parsed.values;
    const numbers: Partial<Record<Numeric, number>> = {};
    for (const [flag, range] of Object.entries(NUMERIC) as [Numeric, (typeof NUMERIC)[Numeric]][]) {
      const text = values[flag];
      if (typeof text !== 'string') continue;
      const value = Number(text);
      if (text.trim() === '' || !Number.isInteger(value) || value < range.min || value > range.max) {
        return usageError(
          io,
          devnetUpCommand,
          `--${flag} '${text}' must be a whole number from ${range.min} to ${range.max}; for example --${flag} ${range.example}`,
        );
      }
      numbers[flag] = value;
    }
    const corpusDir = resolve(typeof values['corpus'] === 'string' ? values['corpus'] : DEFAULT_CORPUS_DIR);
    if (!existsSync(corpusDir)) {
      return usageError(
        io,
        devnetUpCommand,
        `the corpus folder ${corpusDir} does not exist; pass --corpus DIR (a season folder such as corpus/season-1, or one track folder)`,
      );
    }
    // The operator's key, as `season serve --operator-public-key` takes it; absent, the devnet makes one (README).
    let operatorPublicKey: string | undefined;
    if (typeof values['operator-public-key'] === 'string') {
      const read = publicKeyOption('--operator-public-key', values['operator-public-key']);
      if ('problem' in read) return usageError(io, devnetUpCommand, read.problem);
      operatorPublicKey = read.key;
    }
    const options: DevnetOptions = {
      stateDir: resolve(typeof values['state'] === 'string' ? values['state'] : DEFAULT_STATE_DIR),
      corpusDir,
      ...(numbers.port !== undefined ? { port: numbers.port } : {}),
      ...(numbers['read-limit'] !== undefined ? { readLimit: numbers['read-limit'] } : {}),
      ...(numbers['read-window'] !== undefined ? { readWindowSeconds: numbers['read-window'] } : {}),
      ...(numbers['batch-size'] !== undefined ? { batchSize: numbers['batch-size'] } : {}),
      ...(numbers['batch-age'] !== undefined ? { batchAgeSeconds: numbers['batch-age'] } : {}),
      ...(numbers['proxy-timeout'] !== undefined ? { proxyTimeoutSeconds: numbers['proxy-timeout'] } : {}),
      ...(operatorPublicKey !== undefined ? { operatorPublicKey } : {}),
    };
    // Handlers go in before the servers start, so a Ctrl-C during start-up still shuts down cleanly.
    const { stopped, cancel } = signalWaiter();
    let devnet;
    try {
      // Loaded on use: the servers, pkijs and SQLite stay out of every other command's start-up.
      const { startDevnet } = await import('../../devnet/start-devnet.ts');
      devnet = await startDevnet(options);
    } catch (error) {
      cancel();
      io.err(`proveit devnet up: could not start: ${(error as Error).message}\n`);
      return EXIT.failed;
    }
    printJson(io, devnet.info);
    await stopped;
    await devnet.close();
    return EXIT.ok;
  },
};
