import { databaseFaultOf } from '../db/database-fault.ts';
import type { ArgsOf, Channel, IpcAnswer, ResultOf } from './contract.ts';
import { HandlerRefusal } from './refusal.ts';
import { validateCall } from './validate-call.ts';

export type Handlers = { [C in Channel]: (args: ArgsOf<C>) => Promise<ResultOf<C>> };
export type Dispatch = (channel: unknown, args: unknown) => Promise<IpcAnswer<unknown>>;

/**
 * The single choke point every call goes through (electron/fiddle's pattern): validate, then run the handler.
 * A refusal answers its own code; a database fault its DB_* code and sentence (docs/operator-database.md "Database
 * faults", main/db/database-fault.ts); a handler that throws anything else answers IPC_HANDLER_FAILED with its message
 * only; no stack reaches the renderer. A channel of the contract without a handler here is IPC_UNKNOWN_CHANNEL.
 */
export function createDispatcher(handlers: Partial<Handlers>): Dispatch {
  return async (channel, args) => {
    const call = validateCall(channel, args);
    if (!call.ok) return { ok: false, error: { code: call.error.code, message: call.error.message } };
    const handler = handlers[call.value.channel] as ((a: unknown) => Promise<unknown>) | undefined;
    if (!handler)
      return { ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL', message: `${call.value.channel} is not served here` } };
    try {
      return { ok: true, value: await handler(call.value.args) };
    } catch (error) {
      if (error instanceof HandlerRefusal) return { ok: false, error: { code: error.code, message: error.message } };
      const fault = databaseFaultOf(error);
      if (fault) return { ok: false, error: fault };
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'IPC_HANDLER_FAILED', message } };
    }
  };
}
