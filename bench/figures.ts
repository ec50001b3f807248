/**
 * Figures one bench measures and a later one in the same `npm run bench` reuses (bench/run.ts imports the suites in
 * turn into one process, so they share this module). Unset when the bench that measures it did not run, or failed.
 */
export const figures: {
  /** bench/close-replay.ts: the close of 1,000 participants × ~35,000 proofs (scoreBundle + outputs), seconds. */
  closeSeconds?: number;
  /** The participants and proofs that close was measured on. */
  closeMeasuredOn?: string;
} = {};
