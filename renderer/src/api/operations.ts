// The operations the screens call. The contract (main/ipc/contract.ts) is the authority: every channel it defines is
// typed by it. Below are only the channels the screens need that the contract does not define yet, each typed as the
// screen expects. Calling one before main implements it answers IPC_UNKNOWN_CHANNEL, which the screen shows like
// any other error (what happened, what to do, the code): nothing here is ever stubbed.
import type { FreezeView, IpcContract, TrackRef, VerifyAnswer } from '../../../main/ipc/contract.ts';

export type * from '../../../main/ipc/contract.ts';

type Op<A, R> = { args: A; result: R };

/** Channels the screens need that the contract does not define yet. */
export interface ExpectedOperations {
  'freeze.replace': Op<TrackRef & { reason: string; opens_at: string; closes_at: string }, FreezeView>;
  'freeze.publish': Op<TrackRef, FreezeView>;
  'freeze.reveal': Op<TrackRef, FreezeView>;
  'freeze.verify': Op<TrackRef, VerifyAnswer>;
  'season.publish': Op<TrackRef, { version: number; published_at: string }>;
}

export type ConsoleOperations = IpcContract & Omit<ExpectedOperations, keyof IpcContract>;
export type Operation = keyof ConsoleOperations;
export type OpArgs<O extends Operation> = ConsoleOperations[O]['args'];
export type OpResult<O extends Operation> = ConsoleOperations[O]['result'];

/** What a failed call shows: what happened (message) and its stable code; the screen adds what to do. */
export interface ConsoleError {
  code: string;
  message: string;
}
