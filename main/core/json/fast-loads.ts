import { isAscii } from 'node:buffer';
import { CPYTHON_MAX_DEPTH } from './python-limits.ts';
import { newPyObject, type PyJson } from './value.ts';

/** Every string literal of an ASCII JSON text, escapes included (RFC 8259 §7). */
const STRING_LITERALS = /"(?:[^"\\]|\\.)*"/g;
/** Outside strings: a fraction or exponent (a Python float), or an integer too long to be exact in a double. */
const NOT_SAFE_INTEGERS = /\.|\d[eE]|\d{16}/;

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
  const structure = text.replace(STRING_LITERALS, '""');
  if (NOT_SAFE_INTEGERS.test(structure)) return undefined;
  let depth = 0;
  for (let i = 0; i < structure.length; i++) {
    const c = structure.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > CPYTHON_MAX_DEPTH) return undefined;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return toPyJson(parsed);
}

function toPyJson(value: unknown): PyJson {
  if (typeof value === 'number') return BigInt(value);
  if (value === null || typeof value !== 'object') return value as PyJson;
  if (Array.isArray(value)) return value.map(toPyJson);
  const object = newPyObject();
  for (const key of Object.keys(value)) object[key] = toPyJson((value as Record<string, unknown>)[key]);
  return object;
}
