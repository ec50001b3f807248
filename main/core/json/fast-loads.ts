import { isAscii } from 'node:buffer';
import { CPYTHON_MAX_DEPTH } from './python-limits.ts';
import { newPyObject, type PyJson } from './value.ts';

/**
 * Every string literal of an ASCII JSON text, escapes included (RFC 8259 §7). Written as an unrolled loop (runs of
 * plain characters, then one escape): twice as fast in V8 as an alternation tried at every character.
 */
const STRING_LITERALS = /"[^"\\]*(?:\\.[^"\\]*)*"/g;
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
