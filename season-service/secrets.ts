import { digestMatches, secretDigest } from '../main/services/http/secret-equal.ts';

/** SHA-256 hex of a secret: what the service stores and compares, never the secret itself. */
export function secretSha256(secret: string): string {
  return secretDigest(secret).toString('hex');
}

/** Equal secrets, compared in constant time over their SHA-256 (equal lengths whatever the inputs). */
export function secretsEqual(given: string, expectedSha256: string): boolean {
  return digestMatches(given, Buffer.from(expectedSha256, 'hex'));
}

/** A 256-bit random bearer token (docs/season-service.md), URL-safe, with a prefix that says what it is. */
export function newToken(prefix: string, random: (size: number) => Uint8Array): string {
  return `${prefix}${Buffer.from(random(32)).toString('base64url')}`;
}
