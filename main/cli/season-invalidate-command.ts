import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { invalidateSeason, type SeasonInvalidation } from '../services/freeze/invalidate-season.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { defaultKeyFile, readSigningKey } from '../services/index-export/signing-key.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal, seasonAndTrackOf } from './freeze-options.ts';
import type { CliIo } from './io.ts';
import { printJson } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { DEFAULT_DB_PATH } from './proofs-options.ts';
import { readSecretFile } from './secret-file.ts';

const SYNOPSIS = synopsis([
  need('season'),
  need('track'),
  need('reason', { help: 'why the season is invalidated (published with the invalidation, in the Index)' }),
  need('trust-layer', { help: 'the Trust Layer the invalidation is anchored through' }),
  need('api-key-file'),
  need('season-base', { help: 'the season service the invalidation is posted to through the proxy' }),
  may('db'),
  may('operator-key-file'),
  may('json'),
  may('actor'),
]);

function human(invalidation: SeasonInvalidation): string {
  const { season, track } = invalidation;
  return `${[
    `season ${season}, track ${track} invalidated: ${invalidation.proof_id}`,
    `  freeze          ${invalidation.freeze_proof_id} (ended)`,
    `  reason          ${invalidation.reason}`,
    `  invalidated_at  ${invalidation.invalidated_at}`,
    `  document        ${invalidation.document_sha256} (posted to ${invalidation.url})`,
    'what stops: the season service refuses every submission for the track (SEASON_TRACK_INVALIDATED); nothing is',
    '  scored or ranked (season close refuses it: CLOSE_TRACK_INVALIDATED); no freeze of this season and track is made again',
    `reveal the key and salt now: proveit freeze reveal --season ${season} --track ${track} --out FILE`,
    `start over: freeze a new track folder whose season.json names season ${season + 1}, with a new sealed key`,
  ].join('\n')}\n`;
}

/**
 * `proveit season invalidate` (spec §8: "A change during the season is not a correction: it invalidates the season.
 * The only response is to publish it, close the season, and start over"; docs/freeze.md "Invalidating a season"). The
 * operator key must already exist (the one that signed the freeze): it is read, never created here. `clock` is the
 * Clock port (tests build one at a given instant; the registered command uses the system clock).
 */
export function createSeasonInvalidateCommand(clock: Clock): Command {
  const command: Command = {
    path: ['season', 'invalidate'],
    summary: "invalidate a track's season in progress: anchor and publish the reason, stop submissions, reveal at once",
    synopsis: SYNOPSIS,
    run: (args, io) => runInvalidate(command, clock, args, io),
  };
  return command;
}

export const seasonInvalidateCommand: Command = createSeasonInvalidateCommand(systemClock);

async function runInvalidate(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(SYNOPSIS, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const which = seasonAndTrackOf(values);
  if (typeof which === 'string') return usageError(io, command, which);
  const apiKey = await readSecretFile(values['api-key-file'] as string, 'API key');
  if (typeof apiKey !== 'string') return usageError(io, command, apiKey.problem);
  const dbPath = values.db ?? DEFAULT_DB_PATH;
  const keyFile = values['operator-key-file'] ?? defaultKeyFile(dbPath);
  const operatorKey = readSigningKey(keyFile);
  if (!operatorKey.ok) return usageError(io, command, operatorKey.error.message);
  const db = openDatabase(dbPath);
  const http = createHttpClient();
  try {
    const outcome = await invalidateSeason(
      {
        ...which,
        reason: values.reason as string,
        trustLayer: values['trust-layer'] as string,
        apiKey,
        operatorKey: operatorKey.value,
        seasonBase: values['season-base'] as string,
        actor: actorOf(values),
      },
      { db, http, clock },
    );
    if (!outcome.ok) {
      printRefusal(io, values.json ?? false, 'season invalidate', outcome.error);
      return EXIT.failed;
    }
    if (values.json) printJson(io, { ok: true, invalidation: outcome.value });
    else io.out(human(outcome.value));
    return EXIT.ok;
  } finally {
    await http.close();
    db.close();
  }
}
