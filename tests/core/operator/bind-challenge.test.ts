import { ed25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bindChallengeSignature } from '../../../main/core/operator/bind-challenge.ts';

// docs/freeze.md "The challenge's DID": the API key is bound to the did:key of the operator key by signing the Trust
// Layer's challenge (base64url Ed25519 over its ASCII bytes). The operator key also signs freezes and the Index, so
// it signs a 64-hex challenge and nothing else.
const privateKey = new Uint8Array(randomBytes(32));
const publicKey = ed25519.getPublicKey(privateKey);

describe('bindChallengeSignature', () => {
  it('signs a 64-hex challenge: base64url Ed25519 over its ASCII bytes, verified by the operator public key', () => {
    const challenge = randomBytes(32).toString('hex');
    const signature = bindChallengeSignature(challenge, privateKey);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const bytes = new Uint8Array(Buffer.from(signature as string, 'base64url'));
    expect(ed25519.verify(bytes, new TextEncoder().encode(challenge), publicKey)).toBe(true);
  });

  it('signs nothing that is not a 64-hex challenge: a document, upper-case hex, a short or long challenge', () => {
    for (const text of [
      '{"document_version":3,"season":1}',
      'A'.repeat(64),
      'a'.repeat(63),
      'a'.repeat(65),
      `${'a'.repeat(64)}\n`,
      '',
    ])
      expect(bindChallengeSignature(text, privateKey), JSON.stringify(text)).toBeNull();
  });
});
