import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { SEASON_RECEIPT_KEY_ENTRY } from '../main/core/backup/backup-contents.ts';
import { readOrCreateEd25519Pem } from '../main/services/keys/ed25519-pem-file.ts';

/** The receipt key's file, in the service's state folder beside its SQLite file (`--state DIR`); backups carry it. */
export const RECEIPT_KEY_FILE = SEASON_RECEIPT_KEY_ENTRY;

/**
 * What signs with the service's receipt key (docs/season-service.md "Receipts"): submission receipts, and the export.
 * The private key stays inside: only its public half and signatures come out.
 */
export interface ReceiptSigner {
  /** The raw 32-byte Ed25519 public key, lowercase hex: GET /v1/season/{n} announces it as `receipt_public_key`. */
  publicKeyHex: string;
  /** The Ed25519 signature of `bytes` (RFC 8032), standard base64 with padding. */
  sign(bytes: Uint8Array): string;
}

export class ReceiptKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReceiptKeyError';
  }
}

export function receiptSignerOf(privateKey: KeyObject): ReceiptSigner {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return {
    publicKeyHex: Buffer.from(jwk.x as string, 'base64url').toString('hex'),
    sign: (bytes) => sign(null, bytes, privateKey).toString('base64'),
  };
}

function fromPem(file: string, pem: string): ReceiptSigner {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    // node:crypto's message names the format problem, never the file's content.
    throw new ReceiptKeyError(`${file} is not a private key in PEM: ${(error as Error).message}`);
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new ReceiptKeyError(
      `${file} holds an ${key.asymmetricKeyType ?? 'unknown'} key; the receipt key is Ed25519 (move the file away and a new one is created)`,
    );
  }
  return receiptSignerOf(key);
}

/**
 * The service's receipt key, read from `file`, or created there on the first start: Ed25519 from node:crypto,
 * PKCS#8 PEM, mode 0600, created exclusively so that two services starting on one state folder never make two keys.
 * It is kept across restarts, so every receipt of a season verifies with the one key the service announces.
 */
export function loadOrCreateReceiptKey(file: string): ReceiptSigner {
  const read = readOrCreateEd25519Pem(file);
  if (!read.ok) throw new ReceiptKeyError(`the receipt key: ${read.message}`);
  return fromPem(file, read.pem);
}
