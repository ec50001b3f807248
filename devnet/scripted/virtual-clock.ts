import { systemClock, type Clock } from '../../main/services/clock.ts';

/**
 * One clock for a scripted season on the devnet (TSA genTime, proof timestamps, the season host's window) and its
 * operator (freeze, reveal, read ledger), moved by the script. Waiting is the system's: a read's deadline timer is a
 * sleep that its answer cancels, so a sleep must not end at once.
 */
export class VirtualClock implements Clock {
  constructor(public current: number) {}
  readonly now = () => this.current;
  readonly date = () => new Date(this.current);
  readonly sleep = systemClock.sleep;
  set(ms: number) {
    this.current = ms;
  }
}
