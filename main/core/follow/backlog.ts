import { MAX_IDS_PER_READ } from '../proofs-plan/proof-id.ts';

export interface BacklogInput {
  now: number;
  closesAt: number;
  /** Cited ids with no final view now (never read, or due again). */
  unreadNow: number;
  /** Cited ids per hour at the current pace (from the last cycles); 0 when unknown. */
  citedPerHour: number;
  /** Between cycles (ms): what arrives in the last cycle before closes_at is still unread then. */
  everyMs: number;
  /** Reads allowed per hour (100 on the Trust Layer, spec §10). */
  readsPerHour: number;
}

/**
 * What would be left to read at closes_at at the current pace (docs/console-backend.md "Operations", `season.live`):
 * the ids of the last cycle before the close, or, when the ids arriving outrun the reads allowed until then, everything
 * beyond what those reads carry. A projection: a final-hour burst faster than the pace so far is not foreseen.
 */
export function backlogAtClose(input: BacklogInput): { ids: number; reads: number } {
  const hoursLeft = Math.max(0, input.closesAt - input.now) / 3_600_000;
  const arriving = input.citedPerHour * hoursLeft;
  const lastCycle = Math.min(arriving, (input.citedPerHour * input.everyMs) / 3_600_000);
  const carried = input.readsPerHour * hoursLeft * MAX_IDS_PER_READ;
  const beyond = input.unreadNow + arriving - carried;
  const ids = Math.ceil(Math.max(lastCycle, beyond, hoursLeft === 0 ? input.unreadNow : 0));
  return { ids, reads: Math.ceil(ids / MAX_IDS_PER_READ) };
}
