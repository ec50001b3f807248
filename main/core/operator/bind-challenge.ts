import { ed25519 } from '@noble/curves/ed25519.js';

/** What `POST /v1/keys/bind-did` answers to sign (trust-layer-reference §7, path A): 64 lowercase hex characters. */
const CHALLENGE = /^[0-9a-f]{64}$/;

/**
 * The confirmation of a DID binding (docs/freeze.md "The challenge's DID"): base64url Ed25519 over the challenge's
 * ASCII bytes, signed with the operator key's seed. Only a 64-hex challenge is signed, never any other text: the
 * operator key signs freezes and the Index, and a Trust Layer answering a document in place of a challenge must not
 * obtain the operator's signature over it. Null for anything that is not such a challenge.
 */
export function bindChallengeSignature(challenge: string, privateKey: Uint8Array): string | null {
  if (!CHALLENGE.test(challenge)) return null;
  return Buffer.from(ed25519.sign(new TextEncoder().encode(challenge), privateKey)).toString('base64url');
}
