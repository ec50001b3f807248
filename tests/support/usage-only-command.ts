import { EXIT, type Command } from '../../main/cli/command.ts';

/** A command with only a path and a usage line, for testing the helpers that print a command's usage errors. */
export function usageOnlyCommand(path: string[], usage: string): Command {
  return { path, summary: 'a command for the test', usage, run: async () => EXIT.ok };
}
