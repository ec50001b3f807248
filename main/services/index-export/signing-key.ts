import { createPrivateKey } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fail, ok, type Result } from '../../core/result.ts';
import { publicKeyOf, signingKeyId } from '../../core/index/signature.ts';
import { readBoundedTextSync, type BoundedReadCode } from '../files/read-bounded.ts';
import { readOrCreateEd25519Pem } from '../keys/ed25519-pem-file.ts';

/** The default key file: beside the database, never inside it (the database is handed out for `audit verify`). */
export function defaultKeyFile(dbFile: string): string {
  return join(dirname(dbFile), 'index-signing-key.pem');
}

export interface SigningKey {
  /** The 32-byte Ed25519 seed. Held in memory for signing only: never logged, never exported. */
  privateKey: Uint8Array;
  publicKey: Uint8Array;
  publicKeyHex: string;
  keyId: string;
  /** The PEM text as on disk: given to the linter as a secret no export may contain. */
  pem: string;
  created: boolean;
}

function fromPem(pem: string, created: boolean): SigningKey {
  const der = createPrivateKey(pem).export({ format: 'der', type: 'pkcs8' });
  // PKCS#8 of an Ed25519 key (RFC 8410): the 32-byte seed is the last 32 bytes of the DER.
  const privateKey = new Uint8Array(der.subarray(der.length - 32));
  const publicKey = publicKeyOf(privateKey);
  return {
    privateKey,
    publicKey,
    publicKeyHex: Buffer.from(publicKey).toString('hex'),
    keyId: signingKeyId(publicKey),
    pem,
    created,
  };
}

/**
 * The operator's Ed25519 signing key (docs/index-export.md "The operator's signing key"): read from `file`, or created
 * there on first use (PKCS#8 PEM, mode 0600, created exclusively so two processes never make two keys). Randomness is
 * node:crypto's, here in the service.
 */
export function loadOrCreateSigningKey(file: string): Result<SigningKey, 'INDEX_SIGNING_KEY_UNREADABLE'> {
  const read = readOrCreateEd25519Pem(file);
  if (!read.ok) return fail('INDEX_SIGNING_KEY_UNREADABLE', `the signing key: ${read.message}`);
  return read.created ? ok(fromPem(read.pem, true)) : parsed(file, read.pem);
}

function parsed(file: string, pem: string): Result<SigningKey, 'INDEX_SIGNING_KEY_UNREADABLE'> {
  try {
    return ok(fromPem(pem, false));
  } catch (error) {
    return fail(
      'INDEX_SIGNING_KEY_UNREADABLE',
      `${file} is not an Ed25519 private key in PEM: ${(error as Error).message}`,
    );
  }
}

/**
 * The signing key of something already signed (an export being anchored): read from `file`, never created, since
 * a new key could not have signed it.
 */
export function readSigningKey(
  file: string,
): Result<SigningKey, 'INDEX_SIGNING_KEY_UNREADABLE' | Exclude<BoundedReadCode, 'FILE_UNREADABLE'>> {
  // Bounded (main/services/files/read-bounded.ts): a PEM key is a few hundred bytes; a device is refused unread.
  const read = readBoundedTextSync(file, { what: 'the signing key', kind: 'key' });
  if (!read.ok) {
    const { code, message, details } = read.error;
    return fail(code === 'FILE_UNREADABLE' ? 'INDEX_SIGNING_KEY_UNREADABLE' : code, message, details);
  }
  return parsed(file, read.value);
}
