import { EXIT, type Command } from '../../main/cli/command.ts';
import { synopsis, type Item } from '../../main/cli/options/synopsis.ts';

/** A command with only a path and a synopsis, for testing the helpers that print a command's usage errors. */
export function usageOnlyCommand(path: string[], items: readonly Item[]): Command {
  return { path, summary: 'a command for the test', synopsis: synopsis(items), run: async () => EXIT.ok };
}
