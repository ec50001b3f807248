import type { ReadPlan } from './plan-reads.ts';

/** What a fetch reports as it goes: for the console's progress view and the CLI's progress line. */
export interface FetchProgress {
  phase: 'reading' | 'waiting' | 'rate-limited' | 'rekor' | 'finished';
  now: number;
  total: number;
  /** Final: anchored views and `null` answers. */
  done: number;
  anchored: number;
  absent: number;
  /** Pending or refused, due now or later. */
  unsettled: number;
  readsThisRun: number;
  readsUsedInWindow: number;
  readsLeftInWindow: number;
  readsPlanned: number;
  nextReadAt: number | null;
  /** When the last planned read may be sent. */
  eta: number | null;
  nextRecheckAt: number | null;
  /** Ids another process's read holds at the moment (docs/operator-database.md "Read claims"): this run waits for its answer. */
  claimedElsewhere: number;
}

export function progressOf(
  plan: ReadPlan,
  phase: FetchProgress['phase'],
  now: number,
  readsThisRun: number,
): FetchProgress {
  return {
    phase,
    now,
    total: plan.total,
    done: plan.anchored + plan.absent,
    anchored: plan.anchored,
    absent: plan.absent,
    unsettled: plan.total - plan.anchored - plan.absent,
    readsThisRun,
    readsUsedInWindow: plan.window.used,
    readsLeftInWindow: plan.window.left,
    readsPlanned: plan.reads.length,
    nextReadAt: plan.earliestStart,
    eta: plan.eta,
    nextRecheckAt: plan.nextRecheckAt,
    claimedElsewhere: 0,
  };
}
