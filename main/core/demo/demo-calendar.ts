import { DAY_MS } from '../disputes/calendar.ts';

/**
 * The demo season's calendar, relative to the moment the demo is played (docs/console-backend.md "First start and the
 * demo season"): on first start the season has just closed and been published, and its one dispute waits for a decision
 * well inside its deadline, whatever the date. The devnet's clock is set to each instant in turn, and the devnet's TSA,
 * proofs and season host, and the operator's freeze, reveal and reads all read it, so the spec's order holds: the
 * freeze is anchored before the opening, every participant's proof is timestamped inside [opening, close] (spec §4.1
 * condition 1), the close and publication come after the close instant, the dispute inside the 14-day window (spec
 * §9.2).
 *
 * Instants are whole hours counted from the start of the UTC day the demo is played on, so the dates read like an
 * operator's schedule (opening at 08:00) and one day's runs share them. Every instant is before that day's start,
 * hence before the moment played, and:
 * - the dispute window (publication + 14 days) is still open, for 11 more days;
 * - the dispute, received the day before, is due 30 days after its receipt: on time on first start (about 29 days
 *   left), at risk only from 24 days on. One on-time dispute is the true state of a season just published; the
 *   at-risk and overdue flags are shown by the renderer tests' queue and pushed as events once the clock gets there.
 */
export interface DemoCalendar {
  /** Both tracks frozen; the freeze batch is anchored at once. */
  frozenAt: number;
  opensAt: string;
  /** Agents enroll, read and submit; their batch is anchored at once. */
  playedAt: number;
  closesAt: string;
  /** The close of both tracks (the key is revealed), then their publication. */
  closedAt: number;
  /** A participant's dispute is received two days after publication; the Index is exported then. */
  disputedAt: number;
}

const HOUR_MS = 3_600_000;

/** The demo's calendar for a demo played at `startedAtMs` (milliseconds since the Unix epoch, from the clock). */
export function demoCalendar(startedAtMs: number): DemoCalendar {
  const day = Math.floor(startedAtMs / DAY_MS) * DAY_MS;
  const at = (days: number, hours: number) => day + days * DAY_MS + hours * HOUR_MS;
  return {
    frozenAt: at(-40, 12),
    opensAt: new Date(at(-30, 8)).toISOString(),
    playedAt: at(-20, 12),
    closesAt: new Date(at(-3, 8)).toISOString(),
    closedAt: at(-3, 9),
    disputedAt: at(-1, 10),
  };
}
