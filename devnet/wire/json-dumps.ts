import { encodeFloat, encodeString } from '../../main/core/json/canonical.ts';
import { loads } from '../../main/core/json/loads.ts';
import type { PyJson } from '../../main/core/json/value.ts';

function writeInto(value: PyJson | undefined, parts: string[]): void {
  if (value === null || value === undefined) parts.push('null');
  else if (value === true) parts.push('true');
  else if (value === false) parts.push('false');
  else if (typeof value === 'bigint') parts.push(value.toString());
  else if (typeof value === 'number') parts.push(encodeFloat(value));
  else if (typeof value === 'string') parts.push(encodeString(value));
  else if (Array.isArray(value)) {
    parts.push('[');
    value.forEach((item, index) => {
      if (index > 0) parts.push(',');
      writeInto(item, parts);
    });
    parts.push(']');
  } else {
    parts.push('{');
    Object.keys(value).forEach((key, index) => {
      if (index > 0) parts.push(',');
      parts.push(encodeString(key), ':');
      writeInto(value[key], parts);
    });
    parts.push('}');
  }
}

/**
 * `json.dumps(value, separators=(",", ":"))` as the Python Trust Layer writes its answers: keys in insertion
 * order (no sort_keys), floats in Python's repr (`0.0`), ints exact, ASCII escapes. JS objects list integer-like
 * keys first; no devnet document relies on their order.
 */
export function jsonDumps(value: PyJson): string {
  const parts: string[] = [];
  writeInto(value, parts);
  return parts.join('');
}

/** `json.loads(bytes)` (main/core/json/loads.ts), or undefined where Python would raise. */
export function loadsOrUndefined(bytes: Uint8Array): PyJson | undefined {
  const result = loads(bytes);
  return result.ok ? result.value : undefined;
}

/** Reads back what jsonDumps wrote (state kept in SQLite); a stored document that does not parse is a bug. */
export function loadsStored(text: string): PyJson {
  const result = loads(Buffer.from(text, 'utf8'));
  if (!result.ok) throw new Error(`stored devnet JSON does not parse: ${result.error.message}`);
  return result.value;
}
