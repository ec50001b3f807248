import type { ProofReport } from './report.ts';

/** The witness codes that say the Trust Layer never produced the RFC 3161 token or the Rekor entry. */
export const TSA_NOT_PRODUCED: ReadonlySet<string> = new Set(['WITNESS_TOKEN_FAILED', 'WITNESS_TOKEN_ABSENT']);
export const REKOR_NOT_PRODUCED: ReadonlySet<string> = new Set(['WITNESS_LOG_FAILED', 'WITNESS_NOT_LOGGED']);
/** The entry exists in the log the view names, but this reader has not got it: it can be fetched later. */
export const REKOR_NOT_FETCHED: ReadonlySet<string> = new Set(['WITNESS_OFFLINE', 'WITNESS_ENTRY_NOT_SUPPLIED']);

/** The independent witness a report verified without its pair: `tsa` the RFC 3161 token, `rekor` the log entry. */
export interface MissingWitness {
  witness: 'tsa' | 'rekor';
  /** The skipped check's code (WITNESS_…), naming why it is missing. */
  code: string;
  /**
   * True when it can still come: a Rekor entry the log holds but this reader was not given (fetch it). False when the
   * Trust Layer failed to produce it (reference §10 item 7): this proof will never have both witnesses.
   */
  awaitable: boolean;
}

/**
 * The one witness rule (spec §4.1 condition 1: "TSA token, Rekor entry"; docs/proof-verification.md), for a report
 * whose verdict is VERIFIED: null when both independent witnesses verified, else the one missing. A VERIFIED verdict
 * needs one witness (reference §8 step 6); the scorer, the freeze and the Index anchor need both. Any other verdict
 * is decided before this is asked (null).
 */
export function missingWitness(report: ProofReport): MissingWitness | null {
  if (report.verdict !== 'VERIFIED') return null;
  const tsa = report.checks.find((c) => c.name === 'tsa');
  const rekor = report.checks.find((c) => c.name === 'rekor');
  if (tsa?.status === 'OK' && rekor?.status === 'OK') return null;
  if (tsa?.status !== 'OK') return { witness: 'tsa', code: tsa?.code ?? 'WITNESS_TOKEN_ABSENT', awaitable: false };
  const code = rekor?.code ?? 'WITNESS_NOT_LOGGED';
  return { witness: 'rekor', code, awaitable: REKOR_NOT_FETCHED.has(code) };
}

/** What the missing witness means and what to do, for a proof named `what` (the freeze proof, the Index anchor). */
export function missingWitnessText(what: string, missing: MissingWitness, fetchHint: string, redoHint: string): string {
  if (missing.witness === 'rekor' && missing.awaitable)
    return `${what} is verified by its RFC 3161 token alone: its Rekor entry was not fetched (${missing.code}); both witnesses are required: ${fetchHint}`;
  const which =
    missing.witness === 'tsa'
      ? `its RFC 3161 token is missing (${missing.code}), verified by its Rekor entry alone`
      : `its Rekor entry is missing (${missing.code}), verified by its RFC 3161 token alone`;
  return `${what}: ${which}; the Trust Layer did not produce it, so this proof will never have both witnesses: ${redoHint}`;
}
