import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestMatches, secretDigest, secretsEqual } from '../../../main/services/http/secret-equal.ts';

describe('secret comparison', () => {
  it('keeps the SHA-256 of the secret, never the secret', () => {
    expect(secretDigest('s3cret').toString('hex')).toBe(createHash('sha256').update('s3cret').digest('hex'));
  });

  it('matches the same secret only, whatever the lengths sent (no throw on a length mismatch)', () => {
    expect(secretsEqual('s3cret', 's3cret')).toBe(true);
    expect(secretsEqual('s3cre', 's3cret')).toBe(false);
    expect(secretsEqual('s3cret-and-more', 's3cret')).toBe(false);
    expect(secretsEqual('', 's3cret')).toBe(false);
  });

  it('refuses against a digest of the wrong length instead of throwing', () => {
    expect(digestMatches('s3cret', secretDigest('s3cret'))).toBe(true);
    expect(digestMatches('s3cret', new Uint8Array(16))).toBe(false);
  });
});
