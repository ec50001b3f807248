import { checkCorpus } from '../core/corpus/check-corpus.ts';
import { generateConformite, CONFORMITE_RULES_VERSION } from '../core/corpus/conformite/generate.ts';
import { isIsoDay } from '../core/corpus/dates.ts';
import { DEMO_BASES, DEMO_DATE_EXAMEN } from '../core/corpus/generate-options.ts';
import { generateGenerique, GENERIQUE_RULES_VERSION } from '../core/corpus/generique/generate.ts';
import { isTrackName, TRACK_NAMES, type TrackName } from '../core/corpus/model.ts';
import { TRACKS } from '../core/corpus/tracks.ts';
import { writeCorpusTree } from '../services/corpus/corpus-folder.ts';
import { readRulesText } from '../services/corpus/rules-texts.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { may, need, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';

const SYNOPSIS = synopsis([
  need('track'),
  need('seed', {
    help: 'the seed the season is generated from (best in $PROVEIT_CORPUS_SEED: out of the process list)',
  }),
  need('out', { value: 'DIR', help: 'the track folder written' }),
  may('season', { defaultText: '1' }),
  may('base', { defaultText: "the demo season's base of the track" }),
  may('date-examen', { defaultText: DEMO_DATE_EXAMEN }),
  may('json'),
]);

const GENERATORS = {
  conformite: { generate: generateConformite, rules: CONFORMITE_RULES_VERSION },
  generique: { generate: generateGenerique, rules: GENERIQUE_RULES_VERSION },
} as const satisfies Record<TrackName, unknown>;

/**
 * `proveit corpus generate` (docs/corpus-format.md "7. Generator"): a fresh fictional season (corpus, tasks, sealed
 * key) with the trap balance of spec §5.5 / §6.5, deterministic from the seed. A real season uses a secret seed, best
 * passed in PROVEIT_CORPUS_SEED so it stays out of the process list; the seed is never printed.
 */
export const corpusGenerateCommand: Command = {
  path: ['corpus', 'generate'],
  summary: 'generate a season track folder (corpus, tasks, sealed answer key) from a seed',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, corpusGenerateCommand, parsed.message);
    const values = {
      ...parsed.values,
      season: parsed.values.season ?? '1',
      'date-examen': parsed.values['date-examen'] ?? DEMO_DATE_EXAMEN,
    };
    const track = values.track;
    if (!isTrackName(track)) {
      return usageError(io, corpusGenerateCommand, `--track must be ${TRACK_NAMES.join(' or ')}`);
    }
    const seed = values.seed ?? process.env['PROVEIT_CORPUS_SEED'];
    if (!seed || !values.out) {
      return usageError(io, corpusGenerateCommand, '--seed (or PROVEIT_CORPUS_SEED) and --out are required');
    }
    if (!/^[1-9][0-9]{0,3}$/.test(values.season) || !isIsoDay(values['date-examen'])) {
      io.err(`proveit corpus generate: --season is a positive integer and --date-examen a YYYY-MM-DD day\n`);
      return EXIT.usage;
    }
    const generator = GENERATORS[track];
    const tree = generator.generate({
      seed,
      season: Number(values.season),
      base: values.base ?? DEMO_BASES[track],
      dateExamen: values['date-examen'],
      rulesText: await readRulesText(generator.rules),
    });
    // A generated season must pass its own check before it is written (the plan guarantees it; this proves it).
    const report = checkCorpus(tree, TRACKS);
    if (report.problems.length > 0) {
      for (const p of report.problems) io.err(`${p.code} ${p.message}\n`);
      io.err(`proveit corpus generate: the generated season fails its check; nothing was written\n`);
      return EXIT.failed;
    }
    const written = await writeCorpusTree(values.out, tree);
    if (!written.ok) {
      io.err(`proveit corpus generate: ${written.message}\n`);
      return EXIT.failed;
    }
    if (values.json)
      printJson(io, { ok: true, track, season: Number(values.season), out: values.out, files: tree.size });
    else
      io.out(
        `generated ${track} season ${values.season} in ${values.out} (${tree.size} files); it passes 'proveit corpus check'\n`,
      );
    return EXIT.ok;
  },
};
