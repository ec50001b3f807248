/** The encodings `json.detect_encoding` can answer, spelled as Python's codec names. */
export type JsonEncoding =
  'utf-8' | 'utf-8-sig' | 'utf-16' | 'utf-16-le' | 'utf-16-be' | 'utf-32' | 'utf-32-le' | 'utf-32-be';

/**
 * `json.detect_encoding(b)` from CPython 3.11 `Lib/json/__init__.py`, step for step: a BOM decides first (UTF-32's
 * before UTF-16's, since FF FE 00 00 starts with FF FE), then the zero bytes that ASCII text leaves in UTF-16/32
 * (RFC 4627 §3), for inputs of at least 4 bytes or of exactly 2; otherwise UTF-8.
 */
export function detectEncoding(bytes: Uint8Array): JsonEncoding {
  const [b0, b1, b2, b3] = bytes;
  const length = bytes.length;
  if (
    length >= 4 &&
    ((b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) ||
      (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00))
  )
    return 'utf-32';
  if (length >= 2 && ((b0 === 0xfe && b1 === 0xff) || (b0 === 0xff && b1 === 0xfe))) return 'utf-16';
  if (length >= 3 && b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return 'utf-8-sig';
  if (length >= 4) {
    // 00 00 -- -- utf-32-be; 00 XX -- -- utf-16-be
    if (b0 === 0x00) return b1 !== 0x00 ? 'utf-16-be' : 'utf-32-be';
    // XX 00 00 00 utf-32-le; XX 00 00 XX and XX 00 XX -- utf-16-le
    if (b1 === 0x00) return b2 !== 0x00 || b3 !== 0x00 ? 'utf-16-le' : 'utf-32-le';
  } else if (length === 2) {
    if (b0 === 0x00) return 'utf-16-be';
    if (b1 === 0x00) return 'utf-16-le';
  }
  return 'utf-8';
}
