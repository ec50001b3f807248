import type { Command } from './command.ts';
import { freezeAdoptCommand } from './freeze-adopt.ts';
import { freezeCreateCommand } from './freeze-create.ts';
import { freezePublishCommand } from './freeze-publish.ts';
import { freezeRevealCommand } from './freeze-reveal.ts';
import { freezeVerifyCommand } from './freeze-verify.ts';

/** The `proveit freeze ...` commands (spec §8; docs/freeze.md), registered together in commands.ts. */
export const freezeCommands: Command[] = [
  freezeCreateCommand,
  freezePublishCommand,
  freezeRevealCommand,
  freezeVerifyCommand,
  freezeAdoptCommand,
];
