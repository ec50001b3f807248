import { checkCorpus } from '../core/corpus/check-corpus.ts';
import { TRACKS } from '../core/corpus/tracks.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson } from './io.ts';
import { may, positional, synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { readTrackFolderArgument } from './track-folder-argument.ts';

const SYNOPSIS = synopsis([positional('DIR', 'the track folder'), may('json')]);

/**
 * `proveit corpus check DIR` (docs/corpus-format.md "8. Check"): exit 0 when the track folder passes every check, 1
 * listing every problem with its stable code (docs/corpus-format.md lists them), 2 on a usage error.
 */
export const corpusCheckCommand: Command = {
  path: ['corpus', 'check'],
  summary: 'check a track folder: response contract, canonical URLs, grounding facts, key balance, reference solver',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, corpusCheckCommand, parsed.message);
    const folder = await readTrackFolderArgument(io, corpusCheckCommand, parsed.positionals);
    if (typeof folder === 'number') return folder;
    const { dir, tree } = folder;
    const report = checkCorpus(tree, TRACKS);
    const ok = report.problems.length === 0;
    if (parsed.values.json) {
      printJson(io, { ok, dir, problems: report.problems, solved: report.solved });
    } else {
      for (const p of report.problems) io.out(`${p.code} ${p.message}\n`);
      const agree = report.solved.filter((s) => s.solver === s.expected).length;
      io.out(
        ok
          ? `${dir}: ok (${tree.size} files; the reference solver reproduces ${agree}/${report.solved.length} expected verdicts)\n`
          : `${dir}: ${report.problems.length} problem(s)\n`,
      );
    }
    return ok ? EXIT.ok : EXIT.failed;
  },
};
