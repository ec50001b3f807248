import type { Command } from './command.ts';
import { corpusCheckCommand } from './corpus-check-command.ts';
import { corpusGenerateCommand } from './corpus-generate-command.ts';
import { corpusManifestCommand } from './corpus-manifest-command.ts';
import { corpusServeCommand } from './corpus-serve-command.ts';

/** The `proveit corpus ...` commands (docs/corpus-format.md), registered together in commands.ts. */
export const corpusCommands: Command[] = [
  corpusGenerateCommand,
  corpusCheckCommand,
  corpusManifestCommand,
  corpusServeCommand,
];
