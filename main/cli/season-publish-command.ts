import { isoUtc } from '../core/time/iso-utc.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock, type Clock } from '../services/clock.ts';
import { publishSeason } from '../services/publications/publish-season.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal, seasonAndTrackOf } from './freeze-options.ts';
import { printJson, type CliIo } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom } from './proofs-options.ts';

const SYNOPSIS = synopsis([need('season'), need('track'), may('db'), may('actor'), may('json')]);

/** `proveit season publish` (docs/publications.md). `clock` dates the version (tests give their own). */
export function createSeasonPublishCommand(clock: Clock = systemClock): Command {
  const command: Command = {
    path: ['season', 'publish'],
    summary:
      'publish the latest close as version 1 (scores, reports and bundle digests stored immutably, dated, with the ' +
      'audit log head; the 14-day dispute windows start at the Index export that makes it public), or a later close of pending participants as the next version',
    synopsis: SYNOPSIS,
    run: (args, io) => run(command, clock, args, io),
  };
  return command;
}

export const seasonPublishCommand: Command = createSeasonPublishCommand();

async function run(command: Command, clock: Clock, args: string[], io: CliIo): Promise<number> {
  const parsed = parseSynopsis(SYNOPSIS, args);
  if (!parsed.ok) return usageError(io, command, parsed.message);
  const { values } = parsed;
  const which = seasonAndTrackOf(values);
  if (typeof which === 'string') return usageError(io, command, which);
  const json = values.json ?? false;
  const db = openDatabase(dbPathFrom(values.db));
  try {
    const outcome = await publishSeason({ db, clock, ...which, actor: actorOf(values) });
    if (!outcome.ok) {
      printRefusal(io, json, 'season publish', outcome.error);
      return EXIT.failed;
    }
    const v = outcome.value;
    if (json) {
      printJson(io, {
        ok: true,
        season: v.season,
        track: v.track,
        version: v.version,
        corrects_version: v.correctsVersion,
        published_at: isoUtc(v.publishedAtMs),
        // Spec §9.2: no window runs until an exported Index holds this version (docs/disputes.md "The calendar").
        dispute_window_ends_at: null,
        close_id: v.closeId,
        scores_sha256: v.scoresSha256,
        bundle_sha256: v.bundleSha256,
        reports: v.reports,
        scored: v.scored,
        pending: v.pending,
        audit_head: { seq: v.audit.seq, hash: v.audit.hash },
      });
    } else {
      const lines = [
        `season ${v.season}, track ${v.track}: publication version ${v.version} at ${isoUtc(v.publishedAtMs)}` +
          (v.correctsVersion === null
            ? ''
            : ` (follows version ${v.correctsVersion}: participants pending there, scored by close ${v.closeId})`),
        `  scores.json SHA-256 ${v.scoresSha256}; ${v.reports} report(s); bundle digests SHA-256 ${v.bundleSha256}`,
        `  ${v.scored.length} scored, ${v.pending.length} pending${v.pending.length ? ` (published as pending: ${v.pending.join(', ')})` : ''}`,
        `  audit log head: entry ${v.audit.seq}, ${v.audit.hash}`,
        // Spec §9.2 (docs/disputes.md "The calendar"): the windows run from the public Index, not from this record.
        `  not public yet: export the Index (proveit index export --season ${v.season}); the 14-day dispute window of ` +
          'each participant it publishes runs from that export (proveit dispute list)',
      ];
      io.out(`${lines.join('\n')}\n`);
    }
    return EXIT.ok;
  } finally {
    db.close();
  }
}
