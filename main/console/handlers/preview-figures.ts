import type { Figures } from '../../core/publications/correct-report.ts';
import type { PreviewFigures } from '../../ipc/contract.ts';

/** A participant's figures in the contract's words (scores.json's field names), for the before → after previews. */
export function previewFigures(f: Figures): PreviewFigures {
  return {
    overclaim: { unsupported: f.overclaim?.unsupported ?? null, submitted: f.overclaim?.submitted ?? null },
    success: { grounded_exact: f.success?.groundedExact ?? null, out_of: f.success?.outOf ?? 0 },
    tasks_submitted: f.tasksSubmitted,
    instrument_faults: f.instrumentFaults,
  };
}
