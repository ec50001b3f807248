import type { JsonEncoding } from './detect-encoding.ts';

/** Where and why the bytes are not text in the encoding: CPython's UnicodeDecodeError. */
export interface DecodeFailure {
  encoding: JsonEncoding;
  /** Offset of the first byte that could not be decoded, in the input (BOM included). */
  byteOffset: number;
  reason: string;
}

export type DecodeResult = { ok: true; text: string } | { ok: false; failure: DecodeFailure };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Builds a string from UTF-16 units without overflowing the argument limit of String.fromCharCode. */
function unitsToString(units: number[]): string {
  let text = '';
  for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.slice(i, i + 8192));
  return text;
}

const isContinuation = (byte: number | undefined): boolean => byte !== undefined && (byte & 0xc0) === 0x80;

/**
 * CPython's UTF-8 decoder with the 'surrogatepass' handler: well-formed UTF-8 (Unicode Table 3-7: no overlongs, nothing
 * above U+10FFFF, no truncated sequences), except that a three-byte ED A0..BF xx sequence, the UTF-8 form of a
 * surrogate, decodes to that lone surrogate instead of failing.
 */
function decodeUtf8SurrogatePass(bytes: Uint8Array, start: number, encoding: JsonEncoding): DecodeResult {
  const body = bytes.subarray(start);
  try {
    return { ok: true, text: strictUtf8.decode(body) };
  } catch {
    // Not strict UTF-8: either surrogates (which surrogatepass keeps) or a real error; the slow path tells which.
  }
  const units: number[] = [];
  const failure = (at: number, reason: string): DecodeResult => ({
    ok: false,
    failure: { encoding, byteOffset: start + at, reason },
  });
  let i = 0;
  while (i < body.length) {
    const b0 = body[i] as number;
    if (b0 < 0x80) {
      units.push(b0);
      i += 1;
      continue;
    }
    let need: number;
    let lowest: number;
    let highest = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) [need, lowest] = [1, 0x80];
    else if (b0 === 0xe0) [need, lowest] = [2, 0xa0];
    else if (b0 >= 0xe1 && b0 <= 0xef) [need, lowest] = [2, 0x80];
    else if (b0 === 0xf0) [need, lowest] = [3, 0x90];
    else if (b0 >= 0xf1 && b0 <= 0xf3) [need, lowest] = [3, 0x80];
    else if (b0 === 0xf4) [need, lowest, highest] = [3, 0x80, 0x8f];
    else return failure(i, 'invalid start byte');
    // ED A0..BF is where surrogates live; strict UTF-8 stops ED at 9F, surrogatepass lets the full range through.
    const b1 = body[i + 1];
    if (b1 === undefined) return failure(i, 'unexpected end of data');
    if (b1 < lowest || b1 > highest) return failure(i, 'invalid continuation byte');
    let codePoint = b0 & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const next = body[i + k];
      if (next === undefined) return failure(i, 'unexpected end of data');
      if (!isContinuation(next)) return failure(i, 'invalid continuation byte');
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    if (codePoint > 0xffff) {
      const offset = codePoint - 0x10000;
      units.push(0xd800 | (offset >> 10), 0xdc00 | (offset & 0x3ff));
    } else units.push(codePoint);
    i += need + 1;
  }
  return { ok: true, text: unitsToString(units) };
}

/** UTF-16 with 'surrogatepass': every 16-bit unit is kept as it is, lone surrogates included. */
function decodeUtf16(bytes: Uint8Array, start: number, littleEndian: boolean, encoding: JsonEncoding): DecodeResult {
  const length = bytes.length - start;
  const units: number[] = new Array<number>(length >> 1);
  for (let k = 0; k < units.length; k++) {
    const a = bytes[start + 2 * k] as number;
    const b = bytes[start + 2 * k + 1] as number;
    units[k] = littleEndian ? a | (b << 8) : (a << 8) | b;
  }
  if (length % 2 !== 0)
    return { ok: false, failure: { encoding, byteOffset: bytes.length - 1, reason: 'truncated data' } };
  return { ok: true, text: unitsToString(units) };
}

/** UTF-32 with 'surrogatepass': surrogate code points are kept; anything above U+10FFFF fails. */
function decodeUtf32(bytes: Uint8Array, start: number, littleEndian: boolean, encoding: JsonEncoding): DecodeResult {
  const units: number[] = [];
  let at = start;
  for (; at + 4 <= bytes.length; at += 4) {
    const [a, b, c, d] = [bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]] as number[] as [
      number,
      number,
      number,
      number,
    ];
    const codePoint = littleEndian
      ? (a | (b << 8) | (c << 16) | (d << 24)) >>> 0
      : ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
    if (codePoint > 0x10ffff)
      return { ok: false, failure: { encoding, byteOffset: at, reason: 'code point not in range(0x110000)' } };
    if (codePoint > 0xffff) {
      const offset = codePoint - 0x10000;
      units.push(0xd800 | (offset >> 10), 0xdc00 | (offset & 0x3ff));
    } else units.push(codePoint);
  }
  if (at !== bytes.length) return { ok: false, failure: { encoding, byteOffset: at, reason: 'truncated data' } };
  return { ok: true, text: unitsToString(units) };
}

/**
 * `bytes.decode(encoding, 'surrogatepass')` for the encodings `json.detect_encoding` returns (CPython 3.11). The
 * BOM-named codecs ('utf-8-sig', 'utf-16', 'utf-32') consume the BOM that made detection choose them; a second BOM is
 * text (U+FEFF), which the JSON scanner then refuses as CPython's does.
 */
export function decodeSurrogatePass(bytes: Uint8Array, encoding: JsonEncoding): DecodeResult {
  switch (encoding) {
    case 'utf-8':
      return decodeUtf8SurrogatePass(bytes, 0, encoding);
    case 'utf-8-sig': {
      const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
      return decodeUtf8SurrogatePass(bytes, hasBom ? 3 : 0, encoding);
    }
    case 'utf-16':
      return decodeUtf16(bytes, 2, bytes[0] === 0xff, encoding);
    case 'utf-16-le':
      return decodeUtf16(bytes, 0, true, encoding);
    case 'utf-16-be':
      return decodeUtf16(bytes, 0, false, encoding);
    case 'utf-32':
      return decodeUtf32(bytes, 4, bytes[0] === 0xff, encoding);
    case 'utf-32-le':
      return decodeUtf32(bytes, 0, true, encoding);
    case 'utf-32-be':
      return decodeUtf32(bytes, 0, false, encoding);
  }
}
