import { auditCommands } from './audit-commands.ts';
import { withBackupAfter } from './backup-after-option.ts';
import { backupCommands } from './backup-commands.ts';
import type { Command } from './command.ts';
import { consoleCommand } from './console-command.ts';
import { corpusCommands } from './corpus-commands.ts';
import { demoCommand } from './demo-command.ts';
import { devnetUpCommand } from './devnet-up.ts';
import { disputeCommands } from './dispute-commands.ts';
import { freezeCommands } from './freeze-commands.ts';
import { incidentCommands } from './incident-commands.ts';
import { indexCommands } from './index-commands.ts';
import { jsonCanonicalCommand } from './json-canonical-command.ts';
import { jsonCheckCommand } from './json-check-command.ts';
import { participantCommands } from './participant-commands.ts';
import { proofVerifyCommand } from './proof-verify.ts';
import { proofsFetchCommand } from './proofs-fetch.ts';
import { proofsFollowCommand } from './proofs-follow.ts';
import { proofsPlanCommand } from './proofs-plan.ts';
import { seasonCloseCommand } from './season-close-command.ts';
import { seasonInvalidateCommand } from './season-invalidate-command.ts';
import { seasonNoticeCommand } from './season-notice-command.ts';
import { seasonPublishCommand } from './season-publish-command.ts';
import { seasonConsentsCommand, seasonDeliverCommand } from './season-reports-commands.ts';
import { seasonReceiptVerifyCommand } from './season-receipt-command.ts';
import { seasonReplayCommand } from './season-replay-command.ts';
import { seasonRestoreCommand } from './season-restore-command.ts';
import { seasonServeCommand } from './season-serve-command.ts';
import { trustUpdateCommand } from './trust-update-command.ts';

/**
 * Every subcommand of `proveit`, in the order `--help` lists them; those that change the season take --backup-dir
 * (docs/operator-database.md "Backups").
 */
export const commands: Command[] = [
  consoleCommand,
  proofsPlanCommand,
  proofsFetchCommand,
  proofsFollowCommand,
  proofVerifyCommand,
  trustUpdateCommand,
  jsonCanonicalCommand,
  jsonCheckCommand,
  ...corpusCommands,
  ...freezeCommands,
  seasonServeCommand,
  seasonRestoreCommand,
  seasonCloseCommand,
  seasonInvalidateCommand,
  seasonNoticeCommand,
  seasonReplayCommand,
  seasonPublishCommand,
  seasonDeliverCommand,
  seasonConsentsCommand,
  seasonReceiptVerifyCommand,
  ...disputeCommands,
  ...incidentCommands,
  ...auditCommands,
  ...backupCommands,
  ...participantCommands,
  ...indexCommands,
  devnetUpCommand,
  demoCommand,
].map((command) => withBackupAfter(command));
