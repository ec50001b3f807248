import type { ProofReport } from '../proof/report.ts';
import { REKOR_NOT_FETCHED, REKOR_NOT_PRODUCED, TSA_NOT_PRODUCED } from '../proof/witness-pair.ts';
import type { PendingReason, TrustLayerFaultCode } from './model.ts';

/**
 * How long after `closes_at` a missing witness is still waited for (docs/scoring.md "Witness limits"): a `null`
 * answer is read again for 48 hours, a Rekor entry the log does not serve is fetched again for 72 hours. Past them
 * the answer is final: PROOF_ABSENT, or a Trust Layer fault counted against no one.
 */
export const NULL_ANSWER_RECHECK_MS = 48 * 3_600_000;
export const REKOR_ENTRY_FETCH_LIMIT_MS = 72 * 3_600_000;

/** Where a proof's two independent witnesses stand (spec §4.1 condition 1: "TSA token, Rekor entry"). */
export type WitnessState =
  | { kind: 'both' }
  | { kind: 'pending'; reason: PendingReason }
  | { kind: 'fault'; code: TrustLayerFaultCode }
  | { kind: 'unverified' };

/**
 * Both witnesses or neither counts (docs/scoring.md "Per assertion: the four conditions (spec §4.1)"): a token or entry
 * the Trust Layer failed to produce is its fault, final; an entry not fetched yet is pending until `rekorLate` (the
 * fetch limit has passed), then a fault, also beside a failed token, whose window check needs the entry's time. A witness check that failed makes the verdict FAILED, decided before this is
 * asked.
 */
export function witnessState(report: ProofReport, rekorLate: boolean): WitnessState {
  const tsa = report.checks.find((c) => c.name === 'tsa');
  const rekor = report.checks.find((c) => c.name === 'rekor');
  if (tsa?.status === 'OK' && rekor?.status === 'OK') return { kind: 'both' };
  if (tsa?.status === 'SKIP' && TSA_NOT_PRODUCED.has(tsa.code ?? '')) {
    // Without the token the window is bounded by the Rekor entry's integration time (docs/scoring.md "A bounded time
    // when the token failed"): an entry not fetched yet is waited for as any, until the fetch limit.
    if (rekor?.status === 'SKIP' && REKOR_NOT_FETCHED.has(rekor.code ?? '') && !rekorLate)
      return { kind: 'pending', reason: 'REKOR_ENTRY_NOT_FETCHED' };
    return { kind: 'fault', code: 'TRUST_LAYER_TSA_FAILED' };
  }
  if (rekor?.status === 'SKIP' && REKOR_NOT_PRODUCED.has(rekor.code ?? '')) {
    return { kind: 'fault', code: 'TRUST_LAYER_REKOR_FAILED' };
  }
  if (tsa?.status === 'OK' && rekor?.status === 'SKIP' && REKOR_NOT_FETCHED.has(rekor.code ?? '')) {
    return rekorLate
      ? { kind: 'fault', code: 'TRUST_LAYER_REKOR_UNFETCHABLE' }
      : { kind: 'pending', reason: 'REKOR_ENTRY_NOT_FETCHED' };
  }
  return { kind: 'unverified' };
}
