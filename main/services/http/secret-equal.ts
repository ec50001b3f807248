import { createHash, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a secret (UTF-8): what a server keeps and compares, never the secret itself. */
export function secretDigest(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/**
 * Whether `given` is the secret of `expectedDigest`, in constant time over SHA-256 digests: equal lengths whatever
 * was sent, so neither the secret's content nor its length leaks by timing.
 */
export function digestMatches(given: string, expectedDigest: Uint8Array): boolean {
  const digest = secretDigest(given);
  return digest.byteLength === expectedDigest.byteLength && timingSafeEqual(digest, expectedDigest);
}

/** Whether two secrets are equal, compared as `digestMatches` does. */
export function secretsEqual(given: string, expected: string): boolean {
  return digestMatches(given, secretDigest(expected));
}
