import { publicationJson } from '../core/freeze/publication.ts';
import { openDatabase } from '../db/open-database.ts';
import { publishFreeze } from '../services/freeze/publish-freeze.ts';
import { systemClock } from '../services/clock.ts';
import { actorOf } from './actor-option.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printRefusal, seasonAndTrackOf } from './freeze-options.ts';
import { printJson } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { DEFAULT_DB_PATH } from './proofs-options.ts';

const SYNOPSIS = synopsis([
  need('season'),
  need('track'),
  may('out', { help: 'write the freeze document to this file' }),
  may('db'),
  may('json'),
  may('actor'),
]);

/**
 * `proveit freeze publish` (spec §8.3 and its status note): every freeze of a season and track, replaced ones with
 * their reason, the one in force, and each proof's request_hash opening. What it prints or writes holds no key, no
 * salt and no API key: it is the document published before the season opens.
 */
export const freezePublishCommand: Command = {
  path: ['freeze', 'publish'],
  summary: 'export the published freeze document of a season and track (proof ids, hashes, disclosure, reasons)',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, freezePublishCommand, parsed.message);
    const { values } = parsed;
    const which = seasonAndTrackOf(values);
    if (typeof which === 'string') return usageError(io, freezePublishCommand, which);
    const { season, track } = which;
    const db = openDatabase(values.db ?? DEFAULT_DB_PATH);
    try {
      const publication = await publishFreeze(db, systemClock, {
        season,
        track,
        actor: actorOf(values),
        out: values.out ?? null,
      });
      if (!publication.ok) {
        printRefusal(io, values.json ?? false, 'freeze publish', publication.error);
        return EXIT.failed;
      }
      const p = publication.value;
      if (values.json) printJson(io, publicationJson(p));
      else {
        io.out(`season ${p.season}, track ${p.track}: ${p.freezes.length} freeze(s), in force ${p.in_force}\n`);
        for (const f of p.freezes) {
          const replaced = f.replaces ? `, replaces ${f.replaces} (reason: ${f.reason})` : '';
          io.out(`  ${f.proof_id}  ${f.rules_version}  key_commitment ${f.key_commitment}${replaced}\n`);
        }
        if (values.out) io.out(`written to ${values.out}\n`);
      }
      return EXIT.ok;
    } finally {
      db.close();
    }
  },
};
