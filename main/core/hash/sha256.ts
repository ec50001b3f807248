import { createHash } from 'node:crypto';

/**
 * SHA-256 through node:crypto (OpenSSL): a pure function of its input, and several times faster than a JavaScript
 * implementation on the chain hashes, commitments and Merkle nodes a close computes for every proof (design brief §6).
 */
export function sha256(data: Uint8Array): Uint8Array {
  const digest = createHash('sha256').update(data).digest();
  return new Uint8Array(digest.buffer, digest.byteOffset, digest.length);
}

/** SHA-256 of bytes, as lowercase hex. */
export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 of a string's UTF-8 bytes, as lowercase hex. */
export function sha256HexOfText(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
