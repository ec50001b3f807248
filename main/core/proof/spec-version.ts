import { canonical } from '../json/canonical.ts';
import type { PyJson } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';

/** The three chain-hash algorithms (trust-layer-reference §4.3). */
export type ChainAlgorithm = 'legacy' | 'values' | 'commitments';

// Dispatch on spec_version, never on the date (reference §9.14). An absent or null version is a legacy proof
// issued before the field existed (reference §3.2 example D).
const ALGORITHM_BY_VERSION: ReadonlyMap<string | null, ChainAlgorithm> = new Map<string | null, ChainAlgorithm>([
  [null, 'legacy'],
  ['1.0', 'legacy'],
  ['1.1', 'legacy'],
  ['2.0', 'legacy'],
  ['1.2', 'values'],
  ['2.1', 'values'],
  ['3.0', 'commitments'],
  ['3.1', 'commitments'],
]);

export const KNOWN_SPEC_VERSIONS: readonly string[] = [...ALGORITHM_BY_VERSION.keys()].filter(
  (v): v is string => v !== null,
);

/**
 * The algorithm for a `spec_version`. The issuer's own code hashes any other string with the values branch;
 * a verifier refuses it instead of guessing (reference §4.3 [inferred]).
 */
export function chainAlgorithm(specVersion: PyJson | undefined): Result<ChainAlgorithm, 'PROOF_SPEC_VERSION_UNKNOWN'> {
  const key = specVersion === undefined ? null : specVersion;
  const algorithm = typeof key === 'string' || key === null ? ALGORITHM_BY_VERSION.get(key) : undefined;
  if (!algorithm) {
    const shown = specVersion === undefined ? 'absent' : canonical(specVersion);
    return fail(
      'PROOF_SPEC_VERSION_UNKNOWN',
      `spec_version ${shown} is not one this verifier knows (${KNOWN_SPEC_VERSIONS.join(', ')}); upgrade the verifier rather than guess`,
      { spec_version: shown },
    );
  }
  return ok(algorithm);
}

/** Spec 3.1 is the first version whose identity block is committed (reference §2, §4.3). */
export function commitsIdentity(specVersion: string | null): boolean {
  return specVersion === '3.1';
}
