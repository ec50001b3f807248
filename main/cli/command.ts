import type { CliIo } from './io.ts';
import { usageOf } from './options/help-text.ts';
import type { AnySynopsis } from './options/synopsis.ts';

/**
 * One `proveit` subcommand. `path` is the words that select it, e.g. ["json", "canonical"]; `synopsis` the options
 * and positionals it takes, from which its usage line, its --help and its parseArgs options are generated.
 */
export interface Command {
  path: string[];
  summary: string;
  synopsis: AnySynopsis;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit codes shared by every command. 3 is reserved for "pending" (proof verification). */
export const EXIT = { ok: 0, failed: 1, usage: 2, pending: 3 } as const;

/** A usage error (docs/conventions.md, CLI): what was wrong, then the usage line to type instead; exits 2. */
export function usageError(io: CliIo, command: Command, message: string): number {
  io.err(`proveit ${command.path.join(' ')}: ${message}\nusage: proveit ${usageOf(command)}\n`);
  return EXIT.usage;
}
