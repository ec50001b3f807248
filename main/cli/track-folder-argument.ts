import type { CorpusTree } from '../core/corpus/tree.ts';
import { readCorpusTree } from '../services/corpus/corpus-folder.ts';
import { EXIT, usageError, type Command } from './command.ts';
import type { CliIo } from './io.ts';

/**
 * The one track folder `corpus check` and `corpus manifest` take as their argument, read into memory. A number is
 * the exit code after the usage error was printed: not exactly one folder, or a folder that cannot be read.
 */
export async function readTrackFolderArgument(
  io: CliIo,
  command: Command,
  positionals: string[],
): Promise<{ dir: string; tree: CorpusTree } | number> {
  const [dir, ...extra] = positionals;
  if (!dir || extra.length > 0) return usageError(io, command, 'give exactly one track folder');
  const tree = await readCorpusTree(dir).catch(() => undefined);
  if (!tree) {
    io.err(`proveit ${command.path.join(' ')}: cannot read the folder ${dir}\n`);
    return EXIT.usage;
  }
  return { dir, tree };
}
