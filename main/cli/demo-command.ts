import { playDemo } from '../demo/play-demo.ts';
import { progressText } from '../core/demo/demo-progress.ts';
import { systemClock } from '../services/clock.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const SYNOPSIS = synopsis(
  [
    need('out', {
      value: 'DIR',
      help:
        'where to write console.sqlite (the operator database), corpus/season-N/<track>/ (the frozen copies), ' +
        '<track>/ (each close: scores.json, reports/, bundle/) and index/ (the signed Index export); ' +
        'console.sqlite must not exist yet',
    }),
    may('json', { help: 'print the summary as one JSON document (progress still goes to stderr)' }),
  ],
  'Open the result with: proveit console --db DIR/console.sqlite',
);

/**
 * `proveit demo --out DIR`: the console's demo season, played headless (docs/console-backend.md "First start and the
 * demo season").
 */
export const demoCommand: Command = {
  path: ['demo'],
  summary:
    'play the demo season headless on an in-process devnet: scripted agents enroll, read and submit; both tracks ' +
    'are frozen, closed, scored and published, with one open dispute and one incident; the season closed three ' +
    'days before today',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, demoCommand, parsed.message);
    const out = parsed.values.out;
    const played = await playDemo({
      outDir: out,
      startedAt: systemClock.now(),
      onProgress: (p) => io.err(`${progressText(p)}\n`),
    });
    if (!played.ok) {
      if (parsed.values.json)
        printJson(io, {
          ok: false,
          code: played.error.code,
          message: played.error.message,
          details: played.error.details ?? null,
        });
      else io.err(`proveit demo: ${played.error.code}: ${played.error.message}\n`);
      return EXIT.failed;
    }
    const summary = played.value;
    if (parsed.values.json) printJson(io, { ok: true, ...summary });
    else {
      io.out(
        `demo season ${summary.season} played into ${summary.out}\n` +
          `  database: ${summary.db}\n` +
          summary.tracks
            .map(
              (t) =>
                `  ${t.track}: ${t.out} (${t.scored} scored, ${t.pending} pending, version ${t.publicationVersion})\n`,
            )
            .join('') +
          `  open dispute: ${summary.dispute.id} (${summary.dispute.taskId} ${summary.dispute.assertionId})\n` +
          `  signed Index: ${summary.index.out} (version ${summary.index.version}, manifest.json)\n` +
          `Open it with: proveit console --db ${summary.db}\n`,
      );
    }
    return EXIT.ok;
  },
};
