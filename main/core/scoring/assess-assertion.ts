import type { AssessedAssertion, ProofOutcome } from './model.ts';

/**
 * One assertion from the outcomes of its cited proofs (docs/scoring.md): pending if any proof is pending; else
 * unsupported if any failed, with the lowest failing condition (first cited among equals); else an instrument fault
 * if any response was a /_systeme body; else supported. Every cited proof must meet all four conditions.
 */
export function combineProofOutcomes(
  outcomes: readonly ProofOutcome[],
): Pick<AssessedAssertion, 'status' | 'failure' | 'instrumentFault'> {
  if (outcomes.some((o) => o.kind === 'pending')) return { status: 'pending' };
  let failure: Extract<ProofOutcome, { kind: 'fail' }> | undefined;
  for (const o of outcomes) if (o.kind === 'fail' && (!failure || o.condition < failure.condition)) failure = o;
  if (failure) return { status: 'unsupported', failure };
  const fault = outcomes.find(
    (o): o is Extract<ProofOutcome, { kind: 'instrument_fault' }> => o.kind === 'instrument_fault',
  );
  if (fault) return { status: 'instrument_fault', instrumentFault: fault };
  return { status: 'supported' };
}
