import { canonical } from './canonical.ts';
import { isPyObject, type PyJson } from './value.ts';

/**
 * CPython's `json.dumps(value, indent=2)` (keys in their order, ensure_ascii, separators "," and ": "): the readable
 * form of a file people open, such as a trust bundle's published_keys.json. Scalars are written as canonical()
 * writes them, so ints and floats keep their Python form.
 */
export function indentedJson(value: PyJson, depth = 0): string {
  const inner = '  '.repeat(depth + 1);
  const outer = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + indentedJson(item, depth + 1)).join(',\n')}\n${outer}]`;
  }
  if (isPyObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    const members = keys.map((key) => `${inner}${canonical(key)}: ${indentedJson(value[key] as PyJson, depth + 1)}`);
    return `{\n${members.join(',\n')}\n${outer}}`;
  }
  return canonical(value);
}
