import { describe, expect, it } from 'vitest';
import { decodeBase64UrlNoPad, decodeEd25519Text } from '../../../main/core/encoding/encodings.ts';

/** The reference decoding: base64url mapped to base64, padded, through atob. */
function viaAtob(text: string): number[] {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  return [...atob(standard + '='.repeat((4 - (standard.length % 4)) % 4))].map((c) => c.charCodeAt(0));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('strict unpadded base64url', () => {
  it('decodes as atob does, including texts whose last character carries unused non-zero bits', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 500; n++) {
      let text = '';
      const length = next() % 90;
      for (let i = 0; i < length; i++) text += ALPHABET[next() % 64];
      if (text.length % 4 === 1) continue;
      expect([...decodeBase64UrlNoPad(text)!], text).toEqual(viaAtob(text));
    }
    expect([...decodeBase64UrlNoPad('AB')!]).toEqual(viaAtob('AB'));
  });

  it('refuses padding, the standard alphabet, whitespace and a length no encoding has', () => {
    for (const text of ['AA==', 'ab+c', 'ab/c', 'ab c', 'abcde']) expect(decodeBase64UrlNoPad(text), text).toBeNull();
  });

  it('an "ed25519:" text must decode to exactly the length asked for', () => {
    const key = Buffer.alloc(32, 7).toString('base64url');
    expect(decodeEd25519Text(`ed25519:${key}`, 32)).toHaveLength(32);
    expect(decodeEd25519Text(`ed25519:${key}`, 64)).toBeNull();
    expect(decodeEd25519Text(key, 32)).toBeNull();
  });
});
