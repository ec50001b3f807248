import { isPyObject, type PyJson } from './value.ts';

/**
 * Strict JSON equality for claim values (spec §4: "strict JSON equality, type included"): Python's `==` on the values
 * `json.loads` makes, with the type compared first, so int 1 ≠ float 1.0 and true ≠ 1 (Python's `True == 1` does not
 * carry over). Objects compare by key set and values, arrays by order.
 *
 * Floats compare as Python floats: 0.0 equals -0.0, and NaN equals nothing, not even NaN. (Python's `[nan] == [nan]`
 * is True only when both lists hold the same float object, which two separate `json.loads` calls never share.)
 * Intake refuses NaN in claim values anyway.
 */
export function jsonEquals(a: PyJson, b: PyJson): boolean {
  if (typeof a !== typeof b) return false;
  if (typeof a === 'number') return a === b;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEquals(item, b[index] as PyJson));
  }
  if (!isPyObject(a) || !isPyObject(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && jsonEquals(a[key] as PyJson, b[key] as PyJson));
}
