// The operations the screens call: every channel of the contract (main/ipc/contract.ts), the one authority, typed
// by it. The screens call no channel main does not serve.
import type { IpcContract } from '../../../main/ipc/contract.ts';

export type * from '../../../main/ipc/contract.ts';

export type ConsoleOperations = IpcContract;
export type Operation = keyof ConsoleOperations;
export type OpArgs<O extends Operation> = ConsoleOperations[O]['args'];
export type OpResult<O extends Operation> = ConsoleOperations[O]['result'];

/**
 * What a failed call shows: its stable code, main's sentence (message) and the facts behind it (details, when the
 * check gave them); the screen says what happened from the code and details in its language, and adds what to do.
 */
export interface ConsoleError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
  /**
   * 'main' when it comes from the console process or the link to it (its message is English, never the screen's
   * words); absent when the screen composed it in its own
   * words (a form's missing field).
   */
  origin?: 'main';
}
