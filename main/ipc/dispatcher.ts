import type { ArgsOf, Channel, IpcAnswer, ResultOf } from './contract.ts';
import { validateCall } from './validate-call.ts';

export type Handlers = { [C in Channel]: (args: ArgsOf<C>) => Promise<ResultOf<C>> };
export type Dispatch = (channel: unknown, args: unknown) => Promise<IpcAnswer<unknown>>;

/**
 * The single choke point every call goes through (electron/fiddle's pattern): validate, then run the handler.
 * A handler that throws answers IPC_HANDLER_FAILED with its message only; no stack reaches the renderer.
 */
export function createDispatcher(handlers: Handlers): Dispatch {
  return async (channel, args) => {
    const call = validateCall(channel, args);
    if (!call.ok) return { ok: false, error: { code: call.error.code, message: call.error.message } };
    try {
      const handler = handlers[call.value.channel] as (a: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(call.value.args) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'IPC_HANDLER_FAILED', message } };
    }
  };
}
