// The operations the screens call: every channel of the contract (main/ipc/contract.ts), the one authority, typed
// by it. The screens call no channel main does not serve.
import type { IpcContract } from '../../../main/ipc/contract.ts';

export type * from '../../../main/ipc/contract.ts';

export type ConsoleOperations = IpcContract;
export type Operation = keyof ConsoleOperations;
export type OpArgs<O extends Operation> = ConsoleOperations[O]['args'];
export type OpResult<O extends Operation> = ConsoleOperations[O]['result'];

/** What a failed call shows: what happened (message) and its stable code; the screen adds what to do. */
export interface ConsoleError {
  code: string;
  message: string;
}
