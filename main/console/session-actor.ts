import { HandlerRefusal } from '../ipc/refusal.ts';
import type { ConsoleActor } from '../ipc/contract.ts';
import type { ConsoleContext } from './console-context.ts';

/**
 * Who the console's acts are recorded as in the audit log (docs/console-backend.md "Who acts"):
 * the person named by `proveit console --actor NAME` (or $PROVEIT_ACTOR), else the name the screens asked once. Main
 * keeps it for the session: the page never sends it with an act, so no call can write another person's name.
 */
export function actingAs(ctx: ConsoleContext): string {
  const actor = ctx.actor ?? null;
  if (actor === null)
    throw new HandlerRefusal(
      'CONSOLE_ACTOR_REQUIRED',
      'every act is recorded in the audit log with the name of the person who did it, and no one is named yet: ' +
        'give your name in the dialog the console shows (or start it with --actor NAME), then act again',
    );
  return actor.name;
}

/** A person's name as the audit log records it: one printable line of 1 to 80 characters, trimmed. */
export function checkActorName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed !== '' && trimmed.length <= 80 && /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u.test(trimmed) ? trimmed : null;
}

/**
 * `console.actor`: the name asked once by the screens, kept for the session. Naming the same person again answers
 * the same; another name is refused, so the audit log's actor cannot change under a running console (restart it to
 * act as someone else).
 */
export function nameSessionActor(ctx: ConsoleContext, name: string): ConsoleActor {
  const checked = checkActorName(name);
  if (checked === null)
    throw new HandlerRefusal(
      'CONSOLE_ACTOR_INVALID',
      'a name is 1 to 80 printable characters on one line: write the name the audit log should record',
    );
  const current = ctx.actor ?? null;
  if (current !== null && current.name !== checked)
    throw new HandlerRefusal(
      'CONSOLE_ACTOR_ALREADY_NAMED',
      `this console's acts are recorded as "${current.name}" for the session` +
        (current.from === 'option' ? ' (given at start with --actor)' : '') +
        ': to act as another person, stop the console and start it again',
    );
  ctx.actor = current ?? { name: checked, from: 'screen' };
  return ctx.actor;
}
