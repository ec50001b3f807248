import { compareCodePoints } from './code-point-order.ts';
import { pythonFloatRepr } from './float-repr.ts';
import type { PyJson } from './value.ts';

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

function hex4(unit: number): string {
  return unit.toString(16).padStart(4, '0');
}

/** `json.encoder.py_encode_basestring_ascii`: every unit outside printable ASCII as \uXXXX (lowercase). */
export function encodeString(text: string): string {
  let out = '"';
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit <= 0x7e && unit !== 0x22 && unit !== 0x5c) continue;
    out += text.slice(runStart, i);
    // Astral characters are already two UTF-16 units: escaping each gives Python's surrogate pair.
    out += SHORT_ESCAPES[unit] ?? `\\u${hex4(unit)}`;
    runStart = i + 1;
  }
  return `${out}${text.slice(runStart)}"`;
}

/** `float.__repr__` plus json's spellings for the non-finite values (allow_nan=True). */
export function encodeFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return pythonFloatRepr(value);
}

function encodeInto(value: PyJson, parts: string[]): void {
  if (value === null) parts.push('null');
  else if (value === true) parts.push('true');
  else if (value === false) parts.push('false');
  else if (typeof value === 'bigint') parts.push(value.toString());
  else if (typeof value === 'number') parts.push(encodeFloat(value));
  else if (typeof value === 'string') parts.push(encodeString(value));
  else if (Array.isArray(value)) {
    parts.push('[');
    value.forEach((item, index) => {
      if (index > 0) parts.push(',');
      encodeInto(item, parts);
    });
    parts.push(']');
  } else {
    parts.push('{');
    const keys = Object.keys(value).sort(compareCodePoints);
    keys.forEach((key, index) => {
      if (index > 0) parts.push(',');
      parts.push(encodeString(key), ':');
      encodeInto(value[key] as PyJson, parts);
    });
    parts.push('}');
  }
}

/**
 * `json.dumps(value, sort_keys=True, separators=(",", ":"))` exactly as CPython writes it
 * (spec §2.4, design brief §4). The result is pure ASCII.
 */
export function canonical(value: PyJson): string {
  const parts: string[] = [];
  encodeInto(value, parts);
  return parts.join('');
}
