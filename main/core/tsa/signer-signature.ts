import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { ParsedCertificate } from '../x509/certificate.ts';

/** Digest algorithm OIDs (RFC 5754 §2) by the name node:crypto gives the hash. */
const DIGEST_NAMES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.4': 'sha224',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Signature algorithms that name their hash (RFC 5754 §3.2, RFC 5758 §3.2; RFC 4055 §5 for the RSA ones). */
const SIGNATURE_HASHES: Record<string, { key: 'ec' | 'rsa'; hash: string }> = {
  '1.2.840.10045.4.3.2': { key: 'ec', hash: 'sha256' },
  '1.2.840.10045.4.3.3': { key: 'ec', hash: 'sha384' },
  '1.2.840.10045.4.3.4': { key: 'ec', hash: 'sha512' },
  '1.2.840.113549.1.1.11': { key: 'rsa', hash: 'sha256' },
  '1.2.840.113549.1.1.12': { key: 'rsa', hash: 'sha384' },
  '1.2.840.113549.1.1.13': { key: 'rsa', hash: 'sha512' },
  '1.2.840.113549.1.1.14': { key: 'rsa', hash: 'sha224' },
};

/** rsaEncryption and id-ecPublicKey name the key type only: the hash is the SignerInfo's digestAlgorithm. */
const KEY_TYPE_ONLY: Record<string, 'ec' | 'rsa'> = {
  '1.2.840.113549.1.1.1': 'rsa',
  '1.2.840.10045.2.1': 'ec',
};

/** One KeyObject per signer certificate: the TSA's certificate signs every token of a season. */
const keys = new WeakMap<ParsedCertificate, KeyObject | null>();

function keyOf(signer: ParsedCertificate): KeyObject | null {
  let key = keys.get(signer);
  if (key === undefined) {
    try {
      const spki = new Uint8Array(signer.cert.subjectPublicKeyInfo.toSchema().toBER());
      key = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
    } catch {
      key = null;
    }
    keys.set(signer, key);
  }
  return key;
}

/**
 * The CMS signature over the DER signed attributes (RFC 5652 §5.4), verified synchronously by Node's OpenSSL for
 * the ECDSA and RSA PKCS#1 v1.5 algorithms: pkijs goes through WebCrypto, whose asynchronous jobs cost about a
 * millisecond a token, and a season's close checks one token per batch (thousands). ECDSA signatures are DER
 * (RFC 5753 §2.1.1), as node:crypto reads them by default. Undefined for anything else (RSA-PSS with its
 * parameters, a key of another type than the algorithm names, an unreadable key): the caller then asks pkijs.
 */
export function verifySignerSignature(
  signedAttributes: Uint8Array,
  signature: Uint8Array,
  signer: ParsedCertificate,
  signatureOid: string,
  digestOid: string,
): boolean | undefined {
  const named = SIGNATURE_HASHES[signatureOid];
  const keyType = named?.key ?? KEY_TYPE_ONLY[signatureOid];
  const hash = named?.hash ?? DIGEST_NAMES[digestOid];
  if (keyType === undefined || hash === undefined) return undefined;
  const key = keyOf(signer);
  if (key === null || key.asymmetricKeyType !== keyType) return undefined;
  try {
    return verify(hash, signedAttributes, key, signature);
  } catch {
    return false;
  }
}
