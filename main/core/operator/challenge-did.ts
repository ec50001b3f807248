import type { OpenedIdentity } from '../proof/identity.ts';
import { didKeyOfEd25519 } from '../encoding/did-key.ts';

/**
 * The challenge's own DID (docs/freeze.md "The challenge's DID"): the did:key of the operator's Ed25519 key, the key
 * a version-3 freeze document and the Index manifest name and sign with, and the only one the season service accepts
 * a freeze or an Index anchor from. A third party derives it from that published key; nothing else has to name it.
 */
export function challengeDidOf(operatorPublicKeyHex: string): string | null {
  if (!/^[0-9a-f]{64}$/.test(operatorPublicKeyHex)) return null;
  return didKeyOfEd25519(new Uint8Array(Buffer.from(operatorPublicKeyHex, 'hex')));
}

/** What the anchor proof's opened identity says, for a refusal naming both DIDs. */
export interface AnchorIdentityProblem {
  /** The DID opened from `disclosed` (null when the identity did not open: spec 3.0 or earlier, or unopened). */
  anchored: string | null;
  verified: boolean;
  status: string | null;
  expected: string;
}

/**
 * Spec §4.1 condition 2, applied to the operator's own anchors (docs/freeze.md "The challenge's DID"): a freeze or
 * Index anchor proof counts only when its identity, opened from `disclosed` against the anchored commitments, is
 * `verified`, `bound` and the challenge's DID. Any other caller of the proxy (a participant re-posting the document)
 * gets a proof under its own DID. Null when the identity is the challenge's.
 */
export function anchorIdentityProblem(identity: OpenedIdentity, expected: string): AnchorIdentityProblem | null {
  const opened = identity.anchoring === 'opened';
  const anchored = opened && typeof identity.identity === 'string' ? identity.identity : null;
  const verified = opened && identity.verified === true;
  const status = opened && typeof identity.status === 'string' ? identity.status : null;
  if (anchored === expected && verified && status === 'bound') return null;
  return { anchored, verified, status, expected };
}

/** The refusal's message: both DIDs and what to do. */
export function anchorIdentityMessage(what: string, proofId: string, p: AnchorIdentityProblem): string {
  const got =
    p.anchored === null
      ? 'no opened DID'
      : `${p.anchored} (agent_identity_verified ${String(p.verified)}, did_resolution_status ${String(p.status)})`;
  return (
    `${what} ${proofId} was issued under ${got}, not under the challenge's DID ${p.expected} bound to the operator's ` +
    `API key: anchor it again through the proxy with the API key whose bound DID is ${p.expected} ` +
    `(POST /v1/keys/bind-did, the challenge signed with the operator key)`
  );
}
