import type { CliIo } from './io.ts';

/** One `proveit` subcommand. `path` is the words that select it, e.g. ["json", "canonical"]. */
export interface Command {
  path: string[];
  summary: string;
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit codes shared by every command. 3 is reserved for "pending" (proof verification). */
export const EXIT = { ok: 0, failed: 1, usage: 2, pending: 3 } as const;

/** A usage error (docs/conventions.md, CLI): what was wrong, then the usage line to type instead; exits 2. */
export function usageError(io: CliIo, command: Command, message: string): number {
  io.err(`proveit ${command.path.join(' ')}: ${message}\nusage: proveit ${command.usage}\n`);
  return EXIT.usage;
}
