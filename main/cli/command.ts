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
