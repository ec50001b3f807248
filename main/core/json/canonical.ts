import { sortByCodePoint } from './code-point-order.ts';
import { pythonFloatRepr } from './float-repr.ts';
import { PYTHON_INT_MAX_STR_DIGITS } from './python-limits.ts';
import type { PyJson, PyObject } from './value.ts';

/** CPython's ensure_ascii escapes: the short forms json.encoder uses, \u00XX for the rest. */
const SHORT_ESCAPES: Record<number, string> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x08: '\\b',
  0x0c: '\\f',
};

/** Any UTF-16 unit that `py_encode_basestring_ascii` escapes: everything but printable ASCII, and '"' and '\'. */
const NEEDS_ESCAPE = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/** `json.encoder.py_encode_basestring_ascii`: every unit outside printable ASCII as \uXXXX (lowercase). */
export function encodeString(text: string): string {
  // Most strings (hashes, ids, URLs) need no escape: one native regex scan settles them.
  if (!NEEDS_ESCAPE.test(text)) return `"${text}"`;
  let out = '"';
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit <= 0x7e && unit !== 0x22 && unit !== 0x5c) continue;
    out += text.slice(runStart, i);
    // Astral characters are already two UTF-16 units: escaping each gives Python's surrogate pair.
    out += SHORT_ESCAPES[unit] ?? `\\u${unit.toString(16).padStart(4, '0')}`;
    runStart = i + 1;
  }
  return `${out}${text.slice(runStart)}"`;
}

/** `float.__repr__` plus json's spellings for the non-finite values (allow_nan=True). */
export function encodeFloat(value: number): string {
  const magnitude = Math.abs(value);
  // Where both languages write positional notation (Python: 1e-4 <= |x| < 1e16; JS: 1e-7 <= |x| < 1e21) their
  // shortest round-trip digits agree; Python only adds ".0" to integral values. Everything else takes the full repr.
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    const text = String(value);
    return Number.isInteger(value) ? `${text}.0` : text;
  }
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return pythonFloatRepr(value);
}

/** `int.__repr__`, which CPython 3.11 refuses beyond 4300 digits (ValueError in json.dumps too). */
function encodeInt(value: bigint): string {
  const text = value.toString();
  if (text.length > PYTHON_INT_MAX_STR_DIGITS && text.length - (value < 0n ? 1 : 0) > PYTHON_INT_MAX_STR_DIGITS)
    throw new RangeError(
      `canonical(): an int of ${text.length} characters exceeds CPython's ${PYTHON_INT_MAX_STR_DIGITS}-digit limit, so json.dumps cannot write it; loads() never produces one`,
    );
  return text;
}

/** Keys in Python's sorted() order: by code point. UTF-16 order is the same unless a key holds a surrogate. */
function sortedKeys(object: PyObject): string[] {
  const keys = Object.keys(object);
  return keys.length < 2 ? keys : sortByCodePoint(keys);
}

function encode(value: PyJson): string {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return encodeString(value);
  if (typeof value === 'number') return encodeFloat(value);
  if (typeof value === 'bigint') return encodeInt(value);
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + encode(value[i] as PyJson);
    return `${out}]`;
  }
  const keys = sortedKeys(value);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    out += `${i > 0 ? ',' : ''}${encodeString(key)}:${encode(value[key] as PyJson)}`;
  }
  return `${out}}`;
}

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))` exactly as CPython writes it
 * (spec §2.4, design brief §4). The result is pure ASCII.
 *
 * Throws RangeError on an int of more than 4300 digits, which CPython 3.11 refuses to write; such a value never comes
 * from untrusted input, since loads() refuses the literal.
 */
export function canonical(value: PyJson): string {
  const text = encode(value);
  // V8 keeps a string built by `+` as a tree with a node per piece for as long as it lives; reading one character
  // flattens it in place into one sequential string. A canonical text that is kept (a map key, a cached disclosure)
  // then costs its bytes: the keys of a close's 60,000 cited disclosures took a million string nodes (about 25 MiB
  // more heap) as trees. Hashing or writing the text flattens it anyway, so this costs nothing there.
  text.charCodeAt(0);
  return text;
}
