import { anchorIdentityMessage, anchorIdentityProblem, challengeDidOf } from '../operator/challenge-did.ts';
import type { OpenedIdentity } from '../proof/identity.ts';
import type { Failure } from '../result.ts';
import type { FreezeDocument } from './freeze-document.ts';

/**
 * docs/freeze.md "The challenge's DID": the freeze proof must be issued under the challenge's own DID, the did:key of
 * the `operator_public_key` the version-3 document names and signs with (docs/freeze.md "The challenge's DID"). The
 * proxy adds the challenge secret for every caller (spec §2.3), so a participant re-posting the published document gets
 * a proof that anchors it too, under the participant's DID: that proof is not the operator's freeze. A version-1 or
 * version-2 document names no operator key, hence no DID (docs/freeze.md "Limits").
 */
export function freezeAnchorDidFailure(
  document: Pick<FreezeDocument, 'document_version' | 'operator_public_key'> & { proof_id: string },
  identity: OpenedIdentity,
): Failure<'FREEZE_ANCHOR_FOREIGN_DID'> | null {
  if (document.document_version !== 3 || typeof document.operator_public_key !== 'string') return null;
  const expected = challengeDidOf(document.operator_public_key);
  // A malformed key is FREEZE_OPERATOR_SIGNATURE_INVALID's finding; no DID can be derived from it.
  if (expected === null) return null;
  const problem = anchorIdentityProblem(identity, expected);
  if (problem === null) return null;
  return {
    code: 'FREEZE_ANCHOR_FOREIGN_DID',
    message: anchorIdentityMessage('the freeze proof', document.proof_id, problem),
    details: {
      field: 'agent_identity',
      anchored: problem.anchored,
      recomputed: expected,
      agent_identity_verified: problem.verified,
      did_resolution_status: problem.status,
    },
  };
}

/**
 * docs/freeze.md "The challenge's DID": when the reader's trust bundle pins the challenge's DID (`challenge_did`,
 * docs/trust-bundle.md), a version-3 document must name and sign with that DID's key. Without it the document's own
 * `operator_public_key` is all that vouches for it: anyone can sign a freeze with a key of their own and anchor it
 * under that key's DID. Null when the bundle pins nothing, the document is version 1 or 2, or the keys agree.
 */
export function freezeOperatorPinFailure(
  document: Pick<FreezeDocument, 'document_version' | 'operator_public_key'>,
  challenge: { did: string; publicKeyHex: string } | null,
): Failure<'FREEZE_OPERATOR_KEY_MISMATCH'> | null {
  if (challenge === null || document.document_version !== 3) return null;
  if (document.operator_public_key === challenge.publicKeyHex) return null;
  return {
    code: 'FREEZE_OPERATOR_KEY_MISMATCH',
    message:
      `operator_public_key: the freeze is signed by ${String(document.operator_public_key)}, not by the challenge's key ` +
      `pinned by the trust bundle (challenge_did ${challenge.did}): not the challenge's freeze; verify with the bundle ` +
      'whose challenge_did is the DID the challenge publishes',
    details: {
      field: 'operator_public_key',
      anchored: document.operator_public_key ?? null,
      recomputed: challenge.publicKeyHex,
      challenge_did: challenge.did,
    },
  };
}
