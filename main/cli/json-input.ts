import { readBoundedFile } from '../services/files/read-bounded.ts';
import { EXIT, usageError, type Command } from './command.ts';
import type { CliIo } from './io.ts';
import { parseOptions } from './parse-options.ts';

/**
 * What a `json` command reads: the boolean flags its synopsis names, then the bytes of FILE, or of stdin when FILE is absent or "-".
 * `name` is how messages refer to the input. A number is the exit code (2) after the usage error was printed: an
 * unknown flag, more than one FILE, or a FILE that cannot be read.
 */
export async function readJsonCommandInput(
  io: CliIo,
  command: Command,
  args: string[],
): Promise<{ flags: Readonly<Record<string, boolean | undefined>>; bytes: Uint8Array; name: string } | number> {
  const { options, positionals } = command.synopsis;
  const parsed = parseOptions({ args, options, allowPositionals: positionals, strict: true });
  if (!parsed.ok) return usageError(io, command, parsed.message);
  if (parsed.positionals.length > 1)
    return usageError(io, command, `one FILE at most, got ${parsed.positionals.length}`);
  const flags = parsed.values as Readonly<Record<string, boolean | undefined>>;
  const file = parsed.positionals[0];
  if (file === undefined || file === '-') return { flags, bytes: await io.readStdin(), name: 'stdin' };
  // Bounded as every file argument is (main/services/files/read-bounded.ts): `json canonical --lines` reads a
  // season's export, so the export's limit applies; a device such as /dev/zero is refused unread.
  const read = await readBoundedFile(file, { what: '', kind: 'export' });
  if (read.ok) return { flags, bytes: read.value, name: file };
  const reason =
    read.error.code === 'FILE_UNREADABLE' ? read.error.message : `${read.error.code}: ${read.error.message}`;
  io.err(`proveit ${command.path.join(' ')}: ${reason}\n`);
  return EXIT.usage;
}
