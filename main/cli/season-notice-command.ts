import { isTrackName, TRACK_NAMES } from '../core/corpus/model.ts';
import { parseInstant } from '../core/freeze/instant.ts';
import { NOTICE_KINDS, type NoticeKind } from '../core/notices/season-notice.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { createHttpClient } from '../services/http/http-client.ts';
import { defaultKeyFile, readSigningKey } from '../services/index-export/signing-key.ts';
import { publishNotice, type PublishedNotice } from '../services/notices/publish-notice.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal, seasonOf } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { group, may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { DEFAULT_DB_PATH } from './proofs-options.ts';
import { readSecretFile } from './secret-file.ts';

const SYNOPSIS = synopsis([
  need('season'),
  need('kind', { value: NOTICE_KINDS.join('|'), help: 'what the notice is about' }),
  may('track', { help: 'the track it concerns (absent: the whole season)' }),
  need('text-fr', { help: 'what participants read, in French (at most 2000 characters)' }),
  need('text-en', { help: 'what participants read, in English (at most 2000 characters)' }),
  may('tasks', { help: 'the affected task ids, comma-separated (an incident only)' }),
  group(need('from', { help: 'when the outage or incident started' }), need('to', { help: 'when it ended' })),
  may('incident', { help: 'the incident the notice tells about: its reference becomes "incident ID"' }),
  need('season-url', { help: 'the season service the notice is published to' }),
  need('operator-token-file'),
  may('db'),
  may('operator-key-file'),
  may('json'),
  may('actor'),
]);

function human(notice: PublishedNotice): string {
  return `${[
    `season ${notice.season}${notice.track === null ? '' : `, track ${notice.track}`}: ${notice.kind} notice published`,
    `  issued_at  ${notice.issued_at}`,
    `  document   ${notice.document_sha256} (posted to ${notice.url})`,
    ...(notice.already_published
      ? [
          '  the service had published it already (an earlier attempt whose answer was lost): recorded, not posted again',
        ]
      : []),
    `participants read it in GET /v1/season/${notice.season} (notices), signed by the operator key`,
  ].join('\n')}\n`;
}

/**
 * `proveit season notice` (docs/season-service.md "Notices"; issue 39 item 5): sign a notice to participants with the
 * operator key (the one beside the database that signs the freezes and the Index: read, never created here), publish
 * it to the season service with the operator token, record it with its audit entry `season.notice`. `clock` is the
 * Clock port (tests pass their own).
 */
export function createSeasonNoticeCommand(clock: Clock): Command {
  const command: Command = {
    path: ['season', 'notice'],
    summary:
      'publish a notice to participants (incident, freeze replacement, invalidation, outage), signed, in French and English',
    synopsis: SYNOPSIS,
    run: (args, io) => runNotice(command, clock, args, io),
  };
  return command;
}

export const seasonNoticeCommand: Command = createSeasonNoticeCommand(systemClock);

async function runNotice(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(SYNOPSIS, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const season = seasonOf(values.season);
  if (typeof season === 'string') return usageError(io, command, season);
  const kind = values.kind;
  if (!(NOTICE_KINDS as readonly (string | undefined)[]).includes(kind))
    return usageError(io, command, `--kind must be one of ${NOTICE_KINDS.join(', ')}${kind ? ` (got '${kind}')` : ''}`);
  if (values.track !== undefined && !isTrackName(values.track))
    return usageError(io, command, `--track must be ${TRACK_NAMES.join(' or ')} (got '${values.track}')`);
  let window: { from: string; to: string } | null = null;
  if (values.from !== undefined && values.to !== undefined) {
    const from = parseInstant('--from', values.from);
    if (!from.ok) return usageError(io, command, from.error.message);
    const to = parseInstant('--to', values.to);
    if (!to.ok) return usageError(io, command, to.error.message);
    window = { from: from.value, to: to.value };
  }
  if (values.incident !== undefined && !/^\d{1,9}$/.test(values.incident))
    return usageError(
      io,
      command,
      `--incident is an incident number, as incident list shows it (got '${values.incident}')`,
    );
  const tasks =
    values.tasks === undefined
      ? null
      : values.tasks
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== '');
  const token = await readSecretFile(values['operator-token-file'] as string, 'operator token');
  if (typeof token !== 'string') return usageError(io, command, token.problem);
  const dbPath = values.db ?? DEFAULT_DB_PATH;
  const operatorKey = readSigningKey(values['operator-key-file'] ?? defaultKeyFile(dbPath));
  if (!operatorKey.ok) return usageError(io, command, operatorKey.error.message);
  const db = openDatabase(dbPath);
  const http = createHttpClient({ timeoutMs: 30_000 });
  try {
    const outcome = await publishNotice(
      {
        fields: {
          season,
          kind: kind as NoticeKind,
          track: values.track ?? null,
          textFr: values['text-fr'] as string,
          textEn: values['text-en'] as string,
          tasks: tasks !== null && tasks.length > 0 ? tasks : null,
          window,
          reference: null,
        },
        incidentId: values.incident === undefined ? null : Number(values.incident),
        seasonUrl: values['season-url'] as string,
        operatorToken: token,
        operatorKey: operatorKey.value,
        actor: actorOf(values),
      },
      { db, http, clock },
    );
    if (!outcome.ok) {
      printRefusal(io, values.json ?? false, 'season notice', outcome.error);
      return EXIT.failed;
    }
    if (values.json) printJson(io, { ok: true, notice: outcome.value });
    else io.out(human(outcome.value));
    return EXIT.ok;
  } finally {
    await http.close();
    db.close();
  }
}
