import { isPyObject, type PyJson } from '../json/value.ts';
import { checkFailed, checkOk, checkSkipped, type CheckOutcome } from './check-outcome.ts';
import type { OpenedValues } from './openings.ts';
import type { OpeningView } from './parse-view.ts';
import { commitsIdentity } from './spec-version.ts';

/** The identity block spec 3.1 commits (SPEC 3.1, TL 1.9.0). */
export const IDENTITY_FIELDS = [
  'agent_identity',
  'agent_identity_verified',
  'did_resolution_status',
  'identity_consistent',
] as const;

/**
 * An intermediate issuer version committed only three fields, without identity_consistent (reference §4.3,
 * "Two intermediate code versions"). The commitment set is covered by the signed root, so accepting the
 * three-field block cannot let anyone drop a field; identity_consistent must still open whenever it is committed.
 */
const REQUIRED_IDENTITY_FIELDS = ['agent_identity', 'agent_identity_verified', 'did_resolution_status'] as const;

/**
 * What the scorer may use for condition 2 (spec §4.1): the identity as opened against the anchored commitments.
 * `anchoring` says whether it is evidence: only "opened" is; "not_anchored" (spec 3.0 or earlier) never is.
 */
export interface OpenedIdentity {
  anchoring: 'opened' | 'not_anchored' | 'not_opened';
  identity: PyJson | undefined;
  verified: PyJson | undefined;
  status: PyJson | undefined;
  consistent: PyJson | undefined;
}

export type IdentityCode = 'IDENTITY_NOT_ANCHORED' | 'IDENTITY_NOT_COMMITTED' | 'IDENTITY_NOT_OPENED';

export interface IdentityResult {
  outcome: CheckOutcome<IdentityCode>;
  identity: OpenedIdentity;
}

const notEvidence = (anchoring: 'not_anchored' | 'not_opened'): OpenedIdentity => ({
  anchoring,
  identity: undefined,
  verified: undefined,
  status: undefined,
  consistent: undefined,
});

/**
 * Spec 3.1: the four identity fields must be committed and opened, by `disclosed` or an owner disclosure
 * (trust-layer-reference §4.3, "3.1 acceptance rules"). Earlier versions carry an identity no anchor covers.
 */
export function checkIdentity(view: OpeningView, opened: OpenedValues): IdentityResult {
  if (!commitsIdentity(view.specVersion)) {
    return {
      outcome: checkSkipped(
        'IDENTITY_NOT_ANCHORED',
        `spec ${view.specVersion ?? '(none)'} does not commit the identity: the served identity is not evidence`,
        { spec_version: view.specVersion },
      ),
      identity: notEvidence('not_anchored'),
    };
  }
  const commitments = isPyObject(view.commitments) ? view.commitments : {};
  const notCommitted = REQUIRED_IDENTITY_FIELDS.filter((field) => !(field in commitments));
  if (notCommitted.length > 0) {
    return {
      outcome: checkFailed('IDENTITY_NOT_COMMITTED', 'a spec 3.1 proof must commit its identity fields', {
        missing: notCommitted,
      }),
      identity: notEvidence('not_opened'),
    };
  }
  const committed = IDENTITY_FIELDS.filter((field) => field in commitments);
  const notOpened = committed.filter((field) => !opened.has(field));
  if (notOpened.length > 0) {
    return {
      outcome: checkFailed(
        'IDENTITY_NOT_OPENED',
        'every identity field must be opened by a (nonce, value) that reproduces its commitment',
        { missing: notOpened },
      ),
      identity: notEvidence('not_opened'),
    };
  }
  const identity: OpenedIdentity = {
    anchoring: 'opened',
    identity: opened.get('agent_identity'),
    verified: opened.get('agent_identity_verified'),
    status: opened.get('did_resolution_status'),
    consistent: opened.get('identity_consistent'),
  };
  return {
    outcome: checkOk('the identity block opens against its commitments', { fields: committed.length }),
    identity,
  };
}
