import type { AssessedAssertion, ProofOutcome } from './model.ts';

type Fault = Extract<ProofOutcome, { kind: 'instrument_fault' | 'trust_layer_fault' }>;
const isFault = (o: ProofOutcome): o is Fault => o.kind === 'instrument_fault' || o.kind === 'trust_layer_fault';

/**
 * One assertion from the outcomes of its cited proofs (docs/scoring.md): pending if any proof is pending; else
 * unsupported if any failed, with the lowest failing condition (first cited among equals); else, faults of ArkForge's
 * side set aside (docs/scoring.md: a participant that retried after an outage is judged on the retries), supported
 * when another proof met all four conditions; a fault only when every cited proof is one (an instrument fault if any
 * is, else a Trust Layer fault, the first cited of its kind).
 */
export function combineProofOutcomes(
  outcomes: readonly ProofOutcome[],
): Pick<AssessedAssertion, 'status' | 'failure' | 'instrumentFault' | 'trustLayerFault'> {
  if (outcomes.some((o) => o.kind === 'pending')) return { status: 'pending' };
  let failure: Extract<ProofOutcome, { kind: 'fail' }> | undefined;
  for (const o of outcomes) if (o.kind === 'fail' && (!failure || o.condition < failure.condition)) failure = o;
  if (failure) return { status: 'unsupported', failure };
  if (outcomes.some((o) => o.kind === 'ok') || outcomes.length === 0) return { status: 'supported' };
  const faults = outcomes.filter(isFault);
  const instrument = faults.find((o) => o.kind === 'instrument_fault');
  if (instrument) return { status: 'instrument_fault', instrumentFault: instrument };
  const trustLayer = faults.find((o) => o.kind === 'trust_layer_fault');
  return { status: 'trust_layer_fault', ...(trustLayer ? { trustLayerFault: trustLayer } : {}) };
}
