import { describe, expect, it } from 'vitest';
import { decodeBase64Strict } from '../../../main/core/x509/base64.ts';

describe('strict base64 for untrusted fields', () => {
  it('decodes padded standard base64', () => {
    expect(decodeBase64Strict('wNI9ag==')).toEqual(new Uint8Array([0xc0, 0xd2, 0x3d, 0x6a]));
    expect(decodeBase64Strict('')).toEqual(new Uint8Array([]));
  });

  it.each(['wNI9ag', 'wNI9ag=', 'wNI9a g==', 'wNI9ag==!', '-_8=', 'wNI=ag=='])(
    'refuses "%s" (Node would silently decode it to other bytes)',
    (text) => {
      expect(decodeBase64Strict(text)).toBeNull();
    },
  );
});
