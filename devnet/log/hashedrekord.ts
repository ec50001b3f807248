import { createPublicKey } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { isPyObject, type PyJson, type PyObject } from '../../main/core/json/value.ts';

export type EntryCheck = { ok: true; entry: PyObject } | { ok: false; message: string };

function field(value: PyJson | undefined, key: string): PyJson | undefined {
  return isPyObject(value ?? null) ? (value as PyObject)[key] : undefined;
}

function uncompressedPoint(pem: string): Uint8Array | undefined {
  try {
    const jwk = createPublicKey(pem).export({ format: 'jwk' });
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) return undefined;
    return new Uint8Array([4, ...Buffer.from(jwk.x, 'base64url'), ...Buffer.from(jwk.y, 'base64url')]);
  } catch {
    return undefined;
  }
}

/**
 * Validates a proposed hashedrekord 0.0.1 entry as Rekor does before logging it: the digest is SHA-256 hex, the
 * public key is a P-256 PEM, and the DER ECDSA signature verifies over the digest itself (the artifact is never
 * sent). Returns the entry reduced to the fields Rekor keeps, ready to canonicalise into the log body.
 */
export function checkHashedRekord(proposed: PyJson): EntryCheck {
  if (field(proposed, 'kind') !== 'hashedrekord') return { ok: false, message: 'kind must be "hashedrekord"' };
  if (field(proposed, 'apiVersion') !== '0.0.1') return { ok: false, message: 'apiVersion must be "0.0.1"' };
  const spec = field(proposed, 'spec');
  const hash = field(field(spec, 'data'), 'hash');
  const algorithm = field(hash, 'algorithm');
  const digest = field(hash, 'value');
  if (algorithm !== 'sha256') return { ok: false, message: 'spec.data.hash.algorithm must be "sha256"' };
  if (typeof digest !== 'string' || !/^[0-9a-f]{64}$/.test(digest)) {
    return { ok: false, message: 'spec.data.hash.value must be 64 lowercase hex characters' };
  }
  const signature = field(spec, 'signature');
  const content = field(signature, 'content');
  const publicKey = field(field(signature, 'publicKey'), 'content');
  if (typeof content !== 'string' || typeof publicKey !== 'string') {
    return { ok: false, message: 'spec.signature.content and spec.signature.publicKey.content are required' };
  }
  const pem = Buffer.from(publicKey, 'base64').toString('utf8');
  const point = uncompressedPoint(pem);
  if (!point)
    return { ok: false, message: 'spec.signature.publicKey.content must be base64 of a P-256 PEM public key' };
  let valid = false;
  try {
    valid = p256.verify(Buffer.from(content, 'base64'), Buffer.from(digest, 'hex'), point, {
      prehash: false,
      lowS: false,
      format: 'der',
    });
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, message: 'the entry signature does not verify over spec.data.hash.value' };
  return {
    ok: true,
    entry: {
      apiVersion: '0.0.1',
      kind: 'hashedrekord',
      spec: {
        data: { hash: { algorithm: 'sha256', value: digest } },
        signature: { content, publicKey: { content: publicKey } },
      },
    },
  };
}
