import { userInfo } from 'node:os';
import { checkActorName } from '../console/session-actor.ts';

/**
 * `--actor NAME`: who an operator command records in the audit log (docs/audit-log.md). Every operator command
 * names `may('actor')` in its synopsis (options/option-pool.ts) and calls actorOf(values).
 */
/** The environment variable read when --actor is absent. */
export const ACTOR_ENV = 'PROVEIT_ACTOR';

/**
 * The actor: --actor if given and not blank, else $PROVEIT_ACTOR if set and not blank, else the login name, else
 * "unknown". Pure: the caller passes the environment and the login name.
 */
export function resolveActor(
  options: { actor?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
  username: string | undefined,
): string {
  for (const candidate of [options.actor, env[ACTOR_ENV], username]) {
    const trimmed = candidate?.trim();
    if (trimmed !== undefined && trimmed !== '') return trimmed;
  }
  return 'unknown';
}

/** The login name, or undefined where the OS has none for this uid (a container without /etc/passwd entry). */
function loginName(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}

/** resolveActor with this process's environment and login name. */
export function actorOf(options: { actor?: string | undefined }): string {
  return resolveActor(options, process.env, loginName());
}

/**
 * `proveit console --actor NAME`: the person every act of the console is recorded as (docs/console-backend.md "Who
 * acts"): --actor, else $PROVEIT_ACTOR, else null, and then the screens ask the name once. Never the login name: a
 * console is often started by a service account or a shared desktop session, which names no person. A string is the
 * usage problem.
 */
export function consoleActorOf(
  options: { actor?: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
): { name: string | null } | string {
  const given = options.actor ?? env[ACTOR_ENV];
  if (given === undefined || (options.actor === undefined && given.trim() === '')) return { name: null };
  const name = checkActorName(given);
  return name === null
    ? `${options.actor === undefined ? `$${ACTOR_ENV}` : '--actor'} must be a name of 1 to 80 printable characters on one line`
    : { name };
}
