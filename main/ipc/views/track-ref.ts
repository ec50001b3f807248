// A season and track, the argument of almost every channel of the contract (main/ipc/contract.ts).

import type { TrackName } from '../../core/corpus/model.ts';

/** A season and track: what almost every operation is about. */
export interface TrackRef {
  season: number;
  track: TrackName;
}
