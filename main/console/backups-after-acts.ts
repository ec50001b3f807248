import type { Channel } from '../ipc/contract.ts';
import type { Handlers } from '../ipc/dispatcher.ts';
import { backupAfterAct, type AfterActOutcome, type BackupPolicy } from '../services/backup/backup-after-act.ts';
import type { ConsoleContext } from './console-context.ts';
import { backupHandlers } from './handlers/backup-handlers.ts';
import { jobActor } from './jobs/worker-messages.ts';
import { actingAs } from './session-actor.ts';

/** The console's acts that change the season and answer at once (docs/operator-database.md "Backups"). */
const ACT_CHANNELS = [
  'freeze.create',
  'freeze.replace',
  'freeze.adopt',
  'freeze.publish',
  'freeze.reveal',
  'season.invalidate',
  'season.notice',
  'season.deliver',
  'season.consents',
  'season.publish',
  'dispute.decide',
] as const satisfies readonly Channel[];

/** The jobs whose success changes the season: a close, an Index export. */
const ACT_JOBS = new Set(['close', 'index_export']);

/**
 * `proveit console --backup-dir DIR`: after each act above succeeds, and after each close or Index export job that
 * ends done, a backup into DIR (docs/operator-database.md "Backups"); and the Backups screen's channels, bound to DIR
 * and the passphrase (main/console/handlers/backup-handlers.ts). Backups run one after another, never two at
 * once. A failed backup is reported through `report` (the console's stderr) and the audit log; the act's answer is
 * the act's, whatever the backup gives.
 */
export function withBackupsAfterActs(
  handlers: Handlers,
  ctx: ConsoleContext,
  policy: BackupPolicy,
  report: (act: string, outcome: AfterActOutcome) => void,
): { handlers: Handlers; idle: () => Promise<void>; stop: () => void } {
  let queue: Promise<void> = Promise.resolve();
  // The backup's audit entry names the person of the act it follows (docs/console-backend.md "Who acts").
  const backUp = (act: string, actor: string) => {
    if (ctx.dbFile === null) return;
    const dbFile = ctx.dbFile;
    queue = queue.then(async () => report(act, await backupAfterAct({ dbFile, policy, clock: ctx.clock, actor, act })));
  };
  // "Back up now", a verification and a restore check wait in the same line (docs/console-backend.md "Backups").
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
  const wrapped: Partial<Handlers> = { ...handlers, ...backupHandlers(ctx, { policy, inTurn }) };
  for (const channel of ACT_CHANNELS) {
    const handler = handlers[channel] as (args: unknown) => Promise<unknown>;
    (wrapped as Record<string, (args: unknown) => Promise<unknown>>)[channel] = async (args) => {
      const value = await handler(args);
      // The act succeeded, so its actor was known: the session's, or a decision's reviewer (dispute-handlers.ts).
      const reviewer = (args as { reviewer?: string }).reviewer?.trim();
      backUp(channel, reviewer || actingAs(ctx));
      await queue;
      return value;
    };
  }
  const stop = ctx.events.subscribe((event) => {
    if (event.type === 'job' && event.job.state === 'done' && ACT_JOBS.has(event.job.kind))
      backUp(`${event.job.kind} job ${event.job.id}`, jobActor(event.job.args));
  });
  return { handlers: wrapped as Handlers, idle: () => queue, stop };
}

/** What the console says on stderr after a backup after an act: where it went, or that it failed and the act stands. */
export function backupOutcomeLine(act: string, outcome: AfterActOutcome): string {
  return outcome.ok
    ? `backup after ${act} written to ${outcome.backup.file}\n`
    : `BACKUP FAILED after ${act}: ${outcome.error.code}: ${outcome.error.message} (the act stands; back up by hand: proveit backup create)\n`;
}
