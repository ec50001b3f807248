/**
 * A minimal strict DER reader (X.690 §8.1, §10.1): one tag-length-value at a time, without building a tree. It
 * reads the few fields of a timestamp response the checks need about a hundred times faster than a full asn1js
 * parse with pkijs schemas, which matters when a close verifies thousands of tokens (design brief §6). Anything it
 * does not accept (multi-byte tags, indefinite or non-minimal lengths, a value running past its parent) returns
 * null, and the caller falls back to the full parse, so a malformed token still gets the full parser's code.
 */
export interface Tlv {
  /** 0 universal, 1 application, 2 context-specific, 3 private. */
  tagClass: number;
  constructed: boolean;
  tagNumber: number;
  /** The whole encoding, header included. */
  start: number;
  /** Where the contents start. */
  contents: number;
  end: number;
}

/** The TLV at `offset`, which must end at or before `limit`. */
export function readTlv(bytes: Uint8Array, offset: number, limit: number = bytes.length): Tlv | null {
  if (offset + 2 > limit) return null;
  const identifier = bytes[offset]!;
  const tagNumber = identifier & 0x1f;
  if (tagNumber === 0x1f) return null;
  let length = bytes[offset + 1]!;
  let contents = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    // DER: definite length, in the fewest octets (X.690 §10.1); four octets cover any token.
    if (count === 0 || count > 4 || contents + count > limit || bytes[contents] === 0) return null;
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[contents + i]!;
    if (length < 0x80) return null;
    contents += count;
  }
  const end = contents + length;
  if (end > limit) return null;
  return { tagClass: identifier >> 6, constructed: (identifier & 0x20) !== 0, tagNumber, start: offset, contents, end };
}

/** The children of a constructed TLV, which must exactly fill it. */
export function childrenOf(bytes: Uint8Array, parent: Tlv): Tlv[] | null {
  if (!parent.constructed) return null;
  const out: Tlv[] = [];
  let at = parent.contents;
  while (at < parent.end) {
    const child = readTlv(bytes, at, parent.end);
    if (child === null) return null;
    out.push(child);
    at = child.end;
  }
  return out;
}

/** A universal tag check: SEQUENCE 16, SET 17, INTEGER 2, OCTET STRING 4, OID 6, GeneralizedTime 24, BOOLEAN 1. */
export const isUniversal = (tlv: Tlv | null | undefined, tagNumber: number): tlv is Tlv =>
  tlv != null && tlv.tagClass === 0 && tlv.tagNumber === tagNumber;

/** A context-specific [n] tag check. */
export const isContext = (tlv: Tlv | null | undefined, tagNumber: number): tlv is Tlv =>
  tlv != null && tlv.tagClass === 2 && tlv.tagNumber === tagNumber;

/** An OBJECT IDENTIFIER's contents as dotted text (X.690 §8.19), or null when they are not minimal base-128. */
export function oidText(bytes: Uint8Array, tlv: Tlv): string | null {
  if (tlv.end === tlv.contents) return null;
  const arcs: number[] = [];
  let value = 0;
  let fresh = true;
  for (let i = tlv.contents; i < tlv.end; i++) {
    const byte = bytes[i]!;
    if (fresh && byte === 0x80) return null;
    value = value * 128 + (byte & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) return null;
    fresh = (byte & 0x80) === 0;
    if (fresh) {
      arcs.push(value);
      value = 0;
    }
  }
  if (!fresh) return null;
  const first = arcs[0]!;
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...arcs.slice(1)].join('.');
}

/** A small non-negative INTEGER's value, or null when it is negative, non-minimal or larger than 2^31. */
export function smallInteger(bytes: Uint8Array, tlv: Tlv): number | null {
  const length = tlv.end - tlv.contents;
  if (length < 1 || length > 4 || bytes[tlv.contents]! & 0x80) return null;
  if (length > 1 && bytes[tlv.contents] === 0 && !(bytes[tlv.contents + 1]! & 0x80)) return null;
  let value = 0;
  for (let i = tlv.contents; i < tlv.end; i++) value = value * 256 + bytes[i]!;
  return value;
}

/** An AlgorithmIdentifier (RFC 5280 §4.1.1.2): SEQUENCE { OBJECT IDENTIFIER, parameters ANY OPTIONAL }. */
export function isAlgorithmIdentifier(bytes: Uint8Array, tlv: Tlv | null): boolean {
  if (!isUniversal(tlv, 16)) return false;
  const [oid, ...parameters] = childrenOf(bytes, tlv) ?? [];
  return isUniversal(oid, 6) && oidText(bytes, oid) !== null && parameters.length <= 1;
}
