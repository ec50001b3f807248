import type { Command } from './command.ts';
import { consoleCommand } from './console-command.ts';
import { proofVerifyCommand } from './proof-verify.ts';

/** Every subcommand of `proveit`, in the order `--help` lists them. */
export const commands: Command[] = [consoleCommand, proofVerifyCommand];
