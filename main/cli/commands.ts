import type { Command } from './command.ts';
import { consoleCommand } from './console-command.ts';

/** Every subcommand of `proveit`, in the order `--help` lists them. */
export const commands: Command[] = [consoleCommand];
