import { databaseFaultOf } from '../db/database-fault.ts';
import type { ArgsOf, Channel, IpcAnswer, IpcError, ResultOf } from './contract.ts';
import { HandlerRefusal } from './refusal.ts';
import { validateCall } from './validate-call.ts';

export type Handlers = { [C in Channel]: (args: ArgsOf<C>) => Promise<ResultOf<C>> };
export type Dispatch = (channel: unknown, args: unknown) => Promise<IpcAnswer<unknown>>;

/**
 * A refusal's facts as plain JSON, the same over Electron IPC and the headless server's JSON: a Python int of the
 * core's values (bigint, docs/conventions.md "Values, hashes, results") becomes a number when exact, else its digits.
 */
function plainFacts(details: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(details, (_key, v: unknown) =>
    typeof v === 'bigint' ? (Number.isSafeInteger(Number(v)) ? Number(v) : v.toString()) : v,
  );
  return JSON.parse(text) as Record<string, unknown>;
}

/** A refusal's answer: its code and message, and its details when it has them (no key at all when it has none). */
function refusalError({ code, message, details }: IpcError): IpcError {
  return details === undefined ? { code, message } : { code, message, details: plainFacts(details) };
}

/**
 * The single choke point every call goes through (electron/fiddle's pattern): validate, then run the handler.
 * A refusal answers its own code; a database fault its DB_* code and sentence (docs/operator-database.md "Database
 * faults", main/db/database-fault.ts); a handler that throws anything else answers IPC_HANDLER_FAILED with its message
 * only; no stack reaches the renderer. A channel of the contract without a handler here is IPC_UNKNOWN_CHANNEL.
 */
export function createDispatcher(handlers: Partial<Handlers>): Dispatch {
  return async (channel, args) => {
    const call = validateCall(channel, args);
    if (!call.ok) return { ok: false, error: refusalError(call.error) };
    const handler = handlers[call.value.channel] as ((a: unknown) => Promise<unknown>) | undefined;
    if (!handler)
      return { ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL', message: `${call.value.channel} is not served here` } };
    try {
      return { ok: true, value: await handler(call.value.args) };
    } catch (error) {
      if (error instanceof HandlerRefusal) return { ok: false, error: refusalError(error) };
      const fault = databaseFaultOf(error);
      if (fault) return { ok: false, error: fault };
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'IPC_HANDLER_FAILED', message } };
    }
  };
}
