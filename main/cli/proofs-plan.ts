import type { ReadPlan } from '../core/proofs-plan/plan-reads.ts';
import { isoUtc } from '../core/time/iso-utc.ts';
import { openDatabase } from '../db/open-database.ts';
import { systemClock } from '../services/clock.ts';
import { currentPlan } from '../services/proofs/current-plan.ts';
import { EXIT, usageError, type Command } from './command.ts';
import { printJson, type CliIo } from './io.ts';
import { synopsis } from './options/synopsis.ts';
import { parseSynopsis } from './options/parse-synopsis.ts';
import { dbPathFrom, readInputsFrom, SHARED_PROOF_ITEMS } from './proofs-options.ts';

/** The plan as `proofs plan --json` prints it. */
export function planDocument(plan: ReadPlan) {
  return {
    total: plan.total,
    cached: { anchored: plan.anchored, absent: plan.absent },
    waiting: plan.waiting.length,
    nextRecheckAt: isoUtc(plan.nextRecheckAt),
    calls: plan.reads.length,
    idsPerCall: plan.reads.map((r) => r.ids.length),
    readsUsedInWindow: plan.window.used,
    readsLeftInWindow: plan.window.left,
    earliestStart: isoUtc(plan.earliestStart),
    eta: isoUtc(plan.eta),
    reads: plan.reads.map((r) => ({ notBefore: isoUtc(r.notBefore), ids: r.ids })),
  };
}

const SYNOPSIS = synopsis(SHARED_PROOF_ITEMS);

function printPlan(io: CliIo, plan: ReadPlan): void {
  const doc = planDocument(plan);
  io.out(
    [
      `proofs: ${doc.total} (${doc.cached.anchored} anchored and ${doc.cached.absent} absent already stored, ` +
        `${doc.waiting} pending not due yet${doc.nextRecheckAt ? `, next recheck ${doc.nextRecheckAt}` : ''})`,
      `calls: ${doc.calls} POST /v1/proofs (${doc.idsPerCall.join(', ') || 'none'} ids)`,
      `window: ${doc.readsUsedInWindow} reads used, ${doc.readsLeftInWindow} left`,
      `earliest start: ${doc.earliestStart ?? '-'}`,
      `ETA (last call sent): ${doc.eta ?? '-'}`,
      '',
    ].join('\n'),
  );
}

export const proofsPlanCommand: Command = {
  path: ['proofs', 'plan'],
  summary: 'show the reads that fetching these proof views would take, and when, without reading anything',
  synopsis: SYNOPSIS,
  async run(args, io) {
    const parsed = parseSynopsis(SYNOPSIS, args);
    if (!parsed.ok) return usageError(io, this, parsed.message);
    const { values } = parsed;
    const inputs = readInputsFrom(io, this, values);
    if (typeof inputs === 'number') return inputs;
    const { settings, ids } = inputs;
    const db = openDatabase(dbPathFrom(values.db), { readOnly: true });
    try {
      const plan = currentPlan(db, ids, settings, systemClock.now());
      if (values.json) printJson(io, planDocument(plan));
      else printPlan(io, plan);
      return EXIT.ok;
    } finally {
      db.close();
    }
  },
};
