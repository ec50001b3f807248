import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { defaultKeyFile, readSigningKey } from '../services/index-export/signing-key.ts';
import { deliverReports } from '../services/reports/deliver-reports.ts';
import { readConsents } from '../services/reports/read-consents.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal, seasonAndTrackOf, seasonOf } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { DEFAULT_DB_PATH } from './proofs-options.ts';
import { readSecretFile } from './secret-file.ts';

const SEASON_URL = need('season-url', { help: 'the season service the reports are delivered to' });

const DELIVER_SYNOPSIS = synopsis([
  need('season'),
  need('track'),
  SEASON_URL,
  need('operator-token-file'),
  may('operator-key-file'),
  may('db'),
  may('actor'),
  may('json'),
]);

const CONSENTS_SYNOPSIS = synopsis([
  need('season'),
  need('season-url', { help: 'the season service the choices are read from' }),
  need('operator-token-file'),
  may('db'),
  may('actor'),
  may('json'),
]);

/**
 * `proveit season deliver` (docs/publications.md "Private reports, public by choice"): each participant's report of
 * the track's latest publication version, signed by the operator key, to the season service, which answers each
 * participant its own. `clock` dates the record (tests give their own).
 */
export function createSeasonDeliverCommand(clock: Clock = systemClock): Command {
  const command: Command = {
    path: ['season', 'deliver'],
    summary:
      "deliver each participant its own report of the track's latest publication version, signed by the operator key, " +
      'through the season service (its season token reads its own only)',
    synopsis: DELIVER_SYNOPSIS,
    run: async (args: string[], io: CliIo) => {
      const parsed = parseSynopsis(DELIVER_SYNOPSIS, args);
      if (!parsed.ok) return usageError(io, command, parsed.message);
      const { values } = parsed;
      const which = seasonAndTrackOf(values);
      if (typeof which === 'string') return usageError(io, command, which);
      const token = await readSecretFile(values['operator-token-file'] as string, 'operator token');
      if (typeof token !== 'string') return usageError(io, command, token.problem);
      const dbPath = values.db ?? DEFAULT_DB_PATH;
      const operatorKey = readSigningKey(values['operator-key-file'] ?? defaultKeyFile(dbPath));
      if (!operatorKey.ok) return usageError(io, command, operatorKey.error.message);
      const json = values.json ?? false;
      const db = openDatabase(dbPath);
      const http = createHttpClient();
      try {
        const outcome = await deliverReports(
          {
            ...which,
            seasonUrl: values['season-url'] as string,
            operatorToken: token,
            operatorKey: operatorKey.value,
            actor: actorOf(values),
          },
          { db, http, clock },
        );
        if (!outcome.ok) {
          printRefusal(io, json, 'season deliver', outcome.error);
          return EXIT.failed;
        }
        const d = outcome.value;
        if (json) printJson(io, { ok: true, ...d });
        else {
          io.out(
            `season ${d.season}, track ${d.track}: publication version ${d.publication_version}'s ${d.reports} report(s) delivered (${d.recorded} new to the service) at ${d.delivered_at}\n` +
              `  each participant reads its own: GET /v1/season/${d.season}/report/${d.track} with its season token\n` +
              `  its choice to publish it: proveit season consents --season ${d.season} --season-url URL --operator-token-file FILE\n` +
              `  audit log head: entry ${d.audit_head.seq}, ${d.audit_head.hash}\n`,
          );
        }
        return EXIT.ok;
      } finally {
        await http.close();
        db.close();
      }
    },
  };
  return command;
}

/**
 * `proveit season consents` (docs/publications.md "Private reports, public by choice"): the participants' choices the
 * season service recorded since the last read, copied into the operator database and audited; then each one in force.
 */
export function createSeasonConsentsCommand(clock: Clock = systemClock): Command {
  const command: Command = {
    path: ['season', 'consents'],
    summary:
      "read the participants' choices to publish their detailed report in the Index from the season service, record " +
      'the new ones and list those in force',
    synopsis: CONSENTS_SYNOPSIS,
    run: async (args: string[], io: CliIo) => {
      const parsed = parseSynopsis(CONSENTS_SYNOPSIS, args);
      if (!parsed.ok) return usageError(io, command, parsed.message);
      const { values } = parsed;
      const season = seasonOf(values.season);
      if (typeof season === 'string') return usageError(io, command, season);
      const token = await readSecretFile(values['operator-token-file'] as string, 'operator token');
      if (typeof token !== 'string') return usageError(io, command, token.problem);
      const json = values.json ?? false;
      const db = openDatabase(values.db ?? DEFAULT_DB_PATH);
      const http = createHttpClient();
      try {
        const outcome = await readConsents(
          { season, seasonUrl: values['season-url'] as string, operatorToken: token, actor: actorOf(values) },
          { db, http, clock },
        );
        if (!outcome.ok) {
          printRefusal(io, json, 'season consents', outcome.error);
          return EXIT.failed;
        }
        const c = outcome.value;
        if (json) printJson(io, { ok: true, ...c });
        else {
          const lines = [
            `season ${c.season}: ${c.new_consents} new choice(s) read; in force (a participant not listed keeps its report private):`,
            ...c.in_force.map(
              (r) => `  ${r.track}  ${r.participant_id}  ${r.public ? 'public' : 'private'}  since ${r.recorded_at}`,
            ),
            'a change applies from the next Index version exported (proveit index export); one exported is never edited',
          ];
          io.out(`${lines.join('\n')}\n`);
        }
        return EXIT.ok;
      } finally {
        await http.close();
        db.close();
      }
    },
  };
  return command;
}

export const seasonDeliverCommand: Command = createSeasonDeliverCommand();
export const seasonConsentsCommand: Command = createSeasonConsentsCommand();
