import { startCorpusServer } from '../services/corpus/corpus-server.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { may, need, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const SYNOPSIS = synopsis([
  positional('DIR', 'a season folder (every track, each on the host of its base) or one track folder'),
  need('secret'),
  may('port', { defaultText: '0' }),
  may('host'),
  may('call-log'),
  may('season-url', {
    help: "the season service participants read: each 404 answer links its track's catalogue route (Link header)",
  }),
  may('json', { help: 'print {url, dir, tracks, call_log} as one JSON document' }),
]);

/**
 * `proveit corpus serve DIR` (docs/corpus-format.md "9. Corpus server"): the production corpus server (the devnet runs
 * the same code). DIR is a track folder, or a season folder whose tracks are all served at once, each on the host of
 * its base (the Host header picks the track). It runs until SIGINT or SIGTERM. The secret may come from
 * PROVEIT_CORPUS_SECRET instead of
 * --secret, to keep it out of `ps`. --call-log keeps the call log in that SQLite file across restarts; without it
 * the log is in memory and ends with the process. --season-url names the season service in a Link header of each 404
 * answer (its catalogue route, docs/corpus-format.md "9. Corpus server").
 */
export const corpusServeCommand: Command = {
  path: ['corpus', 'serve'],
  summary:
    'serve a season (every track, each on its base host) or one track over HTTP; callers without X-Challenge-Secret get the 403 body',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, corpusServeCommand, parsed.message);
    const [dir, ...extra] = parsed.positionals;
    const secret = parsed.values.secret ?? process.env['PROVEIT_CORPUS_SECRET'];
    const port = Number(parsed.values.port ?? '0');
    const callLog = parsed.values['call-log'];
    if (!dir || extra.length > 0 || !secret || !Number.isInteger(port) || port < 0 || port > 65535 || callLog === '') {
      return usageError(
        io,
        corpusServeCommand,
        'give one season or track folder, a non-empty --secret (or PROVEIT_CORPUS_SECRET), a port 0-65535 and, with --call-log, a file name',
      );
    }
    let server;
    try {
      server = await startCorpusServer({
        corpusDir: dir,
        secret,
        host: parsed.values.host ?? '127.0.0.1',
        port,
        ...(callLog !== undefined ? { callLogFile: callLog } : {}),
        ...(parsed.values['season-url'] !== undefined ? { seasonService: parsed.values['season-url'] } : {}),
      });
    } catch (error) {
      io.err(`proveit corpus serve: ${(error as Error).message}\n`);
      return EXIT.failed;
    }
    const tracks = server.tracks.map((t) => ({ track: t.track, base: t.base }));
    if (parsed.values.json) printJson(io, { url: server.url, dir, tracks, call_log: callLog ?? null });
    else {
      const served = tracks.map((t) => `${t.track} for ${t.base}`).join(', ');
      const logged = callLog === undefined ? 'call log in memory' : `call log in ${callLog}`;
      io.out(`corpus server on ${server.url} serving ${dir} (${served}; ${logged}); stop with Ctrl-C\n`);
    }
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await server.close();
    return EXIT.ok;
  },
};
