import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  base58Decode,
  base58Encode,
  didKeyOfEd25519,
  ed25519KeyOfDidKey,
} from '../../../main/core/encoding/did-key.ts';

// The did:key bound in the real PROVE IT freeze proof (trust-layer-reference §3.2 example A).
const REAL_DID = 'did:key:z6MktKdvc6Pb3e7iabTpEinZuX8CE8MnGMGGQsdEgm9BVqWq';

describe('did:key (base58btc, multicodec 0xed01)', () => {
  it('decodes the real freeze DID to a 32-byte Ed25519 key and encodes it back', () => {
    const key = ed25519KeyOfDidKey(REAL_DID);
    expect(key?.length).toBe(32);
    expect(didKeyOfEd25519(key as Uint8Array)).toBe(REAL_DID);
  });

  it('round-trips a fresh Ed25519 key', () => {
    const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const raw = new Uint8Array(Buffer.from(jwk.x as string, 'base64url'));
    expect(ed25519KeyOfDidKey(didKeyOfEd25519(raw))).toEqual(raw);
  });

  it('refuses another multicodec, another multibase, a short key and characters outside base58', () => {
    const secp256k1 = `did:key:z${base58Encode(new Uint8Array([0xe7, 0x01, ...new Uint8Array(33).fill(2)]))}`;
    expect(ed25519KeyOfDidKey(secp256k1)).toBeUndefined();
    expect(ed25519KeyOfDidKey(REAL_DID.replace('did:key:z', 'did:key:m'))).toBeUndefined();
    expect(ed25519KeyOfDidKey('did:key:z6Mk')).toBeUndefined();
    expect(ed25519KeyOfDidKey('did:key:z0OIl')).toBeUndefined();
    expect(base58Decode('0')).toBeUndefined();
  });
});
