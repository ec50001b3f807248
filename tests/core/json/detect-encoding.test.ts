import { describe, expect, it } from 'vitest';
import { detectEncoding } from '../../../main/core/json/detect-encoding.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/ /g, ''), 'hex'));

describe('detectEncoding as json.detect_encoding', () => {
  it.each([
    ['ff fe 00 00 31 00 00 00', 'utf-32'],
    ['00 00 fe ff 00 00 00 31', 'utf-32'],
    ['ff fe 31 00', 'utf-16'],
    ['fe ff 00 31', 'utf-16'],
    ['ef bb bf 31', 'utf-8-sig'],
    ['00 00 00 31', 'utf-32-be'],
    ['00 31 00 32', 'utf-16-be'],
    ['31 00 00 00', 'utf-32-le'],
    ['31 00 00 32', 'utf-16-le'],
    ['31 00 32 00', 'utf-16-le'],
    ['00 31', 'utf-16-be'],
    ['31 00', 'utf-16-le'],
    ['00 31 00', 'utf-8'],
    ['31 32 33', 'utf-8'],
    ['', 'utf-8'],
    ['ff fe', 'utf-16'],
  ])('%s is %s', (bytes, encoding) => {
    expect(detectEncoding(hex(bytes))).toBe(encoding);
  });
});
