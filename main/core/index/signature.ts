import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256Hex } from '../hash/sha256.ts';
import { canonical } from '../json/canonical.ts';
import { pyObjectFrom } from '../json/value.ts';
import { verifyEd25519 } from '../proof/ed25519-verify.ts';

export const SIGNATURE_FORMAT = 'proveit-index-signature/1';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The key id published with the Index and in the audit log: SHA-256 of the 32-byte Ed25519 public key, hex. */
export function signingKeyId(publicKey: Uint8Array): string {
  return sha256Hex(publicKey);
}

export function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(privateKey);
}

/**
 * manifest.sig.json: an Ed25519 signature (RFC 8032, deterministic: no randomness here) over the exact bytes of
 * manifest.json, with the public key and its id. The private key is an argument: the core never reads it from disk.
 */
export function signManifest(manifest: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const publicKey = ed25519.getPublicKey(privateKey);
  const signature = ed25519.sign(manifest, privateKey);
  return new TextEncoder().encode(
    `${canonical(
      pyObjectFrom([
        ['format', SIGNATURE_FORMAT],
        ['algorithm', 'ed25519'],
        ['signed_file', 'manifest.json'],
        ['manifest_sha256', sha256Hex(manifest)],
        ['public_key', hex(publicKey)],
        ['key_id', signingKeyId(publicKey)],
        ['signature', hex(signature)],
      ]),
    )}\n`,
  );
}

export function verifyManifestSignature(manifest: Uint8Array, signatureHex: string, publicKeyHex: string): boolean {
  if (!/^[0-9a-f]{128}$/.test(signatureHex) || !/^[0-9a-f]{64}$/.test(publicKeyHex)) return false;
  return verifyEd25519(Buffer.from(signatureHex, 'hex'), manifest, Buffer.from(publicKeyHex, 'hex'));
}
