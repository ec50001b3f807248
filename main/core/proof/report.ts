import type { PyJson } from '../json/value.ts';
import type { IssuerAnomaly } from './anomalies.ts';
import type { CheckOutcome } from './check-outcome.ts';
import type { OpenedIdentity } from './identity.ts';

/** The checks in the order the official checker runs them (trust-layer-reference §8). */
export type CheckName = 'chain' | 'openings' | 'identity' | 'signature' | 'batch_anchor' | 'tsa' | 'rekor';

/** Only third parties count as witnesses of existence (reference §5: "the signer is the issuer"). */
export const INDEPENDENT_WITNESSES: ReadonlySet<CheckName> = new Set<CheckName>(['tsa', 'rekor']);

export type ReportedCheck = CheckOutcome & { name: CheckName; independent: boolean };

export type Verdict = 'VERIFIED' | 'FAILED' | 'PENDING' | 'NOT_INDEPENDENTLY_VERIFIED';

export interface ProofReport {
  proofId: string | null;
  specVersion: string | null;
  trustBundle: string;
  /** The bundle's digest (docs/trust-bundle.md): which archived bundle this report was made with. */
  trustBundleDigest: string;
  verdict: Verdict;
  /** How many independent witnesses (RFC 3161, Rekor) verified. */
  independentWitnesses: number;
  /** The first check that failed, when the verdict is FAILED. */
  failure: { check: CheckName; code: string } | null;
  checks: ReportedCheck[];
  /** The hash the witnesses stamp: the batch root, or the chain hash without a batch. */
  anchoredHash: string | null;
  /** The RFC 3161 genTime: a third party's time, the one the season window is checked against (spec §4.1). */
  anchorTime: string | null;
  /**
   * The Rekor entry's integratedTime (ISO UTC, whole seconds), signed by the log (its SET verified), when the Rekor check
   * verified: the call was made before it. The window's bound when the RFC 3161 step failed (docs/scoring.md).
   */
  logIntegratedTime: string | null;
  identity: OpenedIdentity;
  /** Every value that opened its commitment, by field: the only values that are evidence. */
  opened: Record<string, PyJson>;
  anomalies: IssuerAnomaly[];
}

/**
 * The verdict of reference §8 step 6, with pending first among the non-failures: any FAIL → FAILED; a pending
 * batch → PENDING (neither valid nor invalid, spec §4.1); no independent witness → NOT_INDEPENDENTLY_VERIFIED.
 */
export function verdictOf(
  checks: readonly ReportedCheck[],
): Pick<ProofReport, 'verdict' | 'independentWitnesses' | 'failure'> {
  const independentWitnesses = checks.filter((c) => c.independent && c.status === 'OK').length;
  const failed = checks.find((c) => c.status === 'FAIL');
  if (failed)
    return { verdict: 'FAILED', independentWitnesses, failure: { check: failed.name, code: failed.code ?? '' } };
  if (checks.some((c) => c.status === 'PENDING')) return { verdict: 'PENDING', independentWitnesses, failure: null };
  if (independentWitnesses === 0) return { verdict: 'NOT_INDEPENDENTLY_VERIFIED', independentWitnesses, failure: null };
  return { verdict: 'VERIFIED', independentWitnesses, failure: null };
}

/** A report as plain JSON (Python ints become JSON numbers when exact, else decimal strings). */
export function reportToJson(report: ProofReport): unknown {
  return JSON.parse(
    JSON.stringify(report, (_key, value: unknown) =>
      typeof value === 'bigint' ? (Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()) : value,
    ),
  );
}
