import { checkCorpus } from '../core/corpus/check-corpus.ts';
import { TRACKS } from '../core/corpus/tracks.ts';
import { readCorpusTree } from '../services/corpus/corpus-folder.ts';
import { EXIT, type Command } from './command.ts';
import { printJson } from './io.ts';
import { parseOptions } from './parse-options.ts';

const USAGE = 'corpus check DIR [--json]';

/**
 * `proveit corpus check DIR` (issue 5): exit 0 when the track folder passes every check, 1 listing every problem
 * with its stable code (docs/corpus-format.md lists them), 2 on a usage error.
 */
export const corpusCheckCommand: Command = {
  path: ['corpus', 'check'],
  summary: 'check a track folder: response contract, canonical URLs, grounding facts, key balance, reference solver',
  usage: USAGE,
  async run(args, io) {
    const parsed = parseOptions({
      args,
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false } },
    });
    if (!parsed.ok) {
      io.err(`proveit corpus check: ${parsed.message}\nusage: proveit ${USAGE}\n`);
      return EXIT.usage;
    }
    const [dir, ...extra] = parsed.positionals;
    if (!dir || extra.length > 0) {
      io.err(`proveit corpus check: give exactly one track folder\nusage: proveit ${USAGE}\n`);
      return EXIT.usage;
    }
    const tree = await readCorpusTree(dir).catch(() => undefined);
    if (!tree) {
      io.err(`proveit corpus check: cannot read the folder ${dir}\n`);
      return EXIT.usage;
    }
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
