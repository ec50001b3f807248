import { isAscii } from 'node:buffer';
import { CPYTHON_MAX_DEPTH } from './python-limits.ts';
import { newPyObject, type PyJson } from './value.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a number outside the string literals of an ASCII JSON text has a fraction or exponent (a Python float) or
 * sixteen digits or more (an integer a double may not hold exactly). String literals are skipped from quote to quote
 * (a quote after an odd run of backslashes is escaped, RFC 8259 §7); an unterminated one answers true, so the
 * scanner reads the text and reports CPython's error. One pass with native quote searches: three times faster than
 * blanking the literals with a regular expression and testing what is left.
 */
export function hasUnsafeNumber(text: string): boolean {
  let digits = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let before = end - 1;
        while (text.charCodeAt(before) === BACKSLASH) before--;
        if ((end - 1 - before) % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return true;
      i = end;
      digits = 0;
    } else if (unit >= 0x30 && unit <= 0x39) {
      if (++digits >= 16) return true;
    } else {
      // '.' anywhere outside strings, 'e' or 'E' right after a digit (the 'e' of true and false follows a letter).
      if (unit === 0x2e || ((unit === 0x65 || unit === 0x45) && digits > 0)) return true;
      digits = 0;
    }
  }
  return false;
}

/**
 * The usual document takes a shortcut: printable ASCII with integers only, as every proof view, Rekor entry and
 * submission line is. For such a text `JSON.parse` builds exactly what CPython's `json.loads` builds (same escapes,
 * lone surrogates included, same last-wins repeated keys, same whitespace), once its numbers are made Python ints and
 * its objects null-prototype records: it is native code, several times faster than the scanner on the ~40,000
 * documents a close reads (design brief §6). Undefined for any other text, and for any text JSON.parse refuses: the
 * scanner then reads it and gives CPython's own error. tests/core/json/loads-cpython-differential.test.ts checks
 * both paths against CPython.
 */
export function fastLoads(bytes: Uint8Array): PyJson | undefined {
  // Bytes 0x01-0x7F only: UTF-8 by detect_encoding (no BOM, no NUL pattern), and text = bytes.
  if (!isAscii(bytes) || bytes.includes(0)) return undefined;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (hasUnsafeNumber(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return toPyJson(parsed, 0);
}

/**
 * Python ints and null-prototype objects, or undefined when containers nest deeper than CPython's limit (the scanner
 * then gives its RecursionError): the depth check rides on this walk instead of a second pass over the text.
 */
function toPyJson(value: unknown, depth: number): PyJson | undefined {
  if (typeof value === 'number') return BigInt(value);
  if (value === null || typeof value !== 'object') return value as PyJson;
  if (depth >= CPYTHON_MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: PyJson[] = new Array<PyJson>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = toPyJson(value[i], depth + 1);
      if (item === undefined) return undefined;
      out[i] = item;
    }
    return out;
  }
  const object = newPyObject();
  for (const key of Object.keys(value)) {
    const item = toPyJson((value as Record<string, unknown>)[key], depth + 1);
    if (item === undefined) return undefined;
    object[key] = item;
  }
  return object;
}
