import { fail, ok, type Result } from '../core/result.ts';
import type { Channel } from './contract.ts';

export type IpcCallCode = 'IPC_UNKNOWN_CHANNEL' | 'IPC_BAD_ARGUMENTS';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** One validator per channel: the argument shape is checked in main, whatever the renderer sent. */
const validators: { [C in Channel]: (args: Record<string, unknown>) => string | null } = {
  'console.overview': (args) => (Object.keys(args).length === 0 ? null : 'console.overview takes no arguments'),
};

/** The choke point's first step: a known channel and arguments of the shape the contract gives it. */
export function validateCall(
  channel: unknown,
  args: unknown,
): Result<{ channel: Channel; args: Record<string, unknown> }, IpcCallCode> {
  if (typeof channel !== 'string' || !Object.hasOwn(validators, channel)) {
    return fail(
      'IPC_UNKNOWN_CHANNEL',
      `unknown channel ${JSON.stringify(channel)}: the contract has ${Object.keys(validators).join(', ')}`,
    );
  }
  const known = channel as Channel;
  const given = args === undefined ? {} : args;
  if (!isPlainObject(given)) return fail('IPC_BAD_ARGUMENTS', `${known} takes an object of arguments`);
  const problem = validators[known](given);
  if (problem !== null) return fail('IPC_BAD_ARGUMENTS', problem);
  return ok({ channel: known, args: given });
}
