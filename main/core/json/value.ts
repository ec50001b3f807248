/**
 * A JSON value as CPython's `json.loads` produces it (design brief §4).
 *
 * Python keeps integers and floats apart (`1` is not `1.0`), so the model does too:
 * - `bigint` is a Python int, of any size;
 * - `number` is a Python float (an IEEE double, NaN and ±Infinity included);
 * - strings are JS strings (UTF-16 units, lone surrogates allowed, as Python keeps them).
 * Objects are null-prototype records, so a key such as "__proto__" is an ordinary key.
 */
export type PyJson = null | boolean | bigint | number | string | PyJson[] | PyObject;

export interface PyObject {
  [key: string]: PyJson;
}

/** A fresh object with no prototype: every key, "__proto__" included, is plain data. */
export function newPyObject(): PyObject {
  return Object.create(null) as PyObject;
}

export function isPyObject(value: PyJson | undefined): value is PyObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Builds a PyObject from entries (last one wins on a repeated key, as `dict(pairs)` does). */
export function pyObjectFrom(entries: Iterable<readonly [string, PyJson]>): PyObject {
  const object = newPyObject();
  for (const [key, value] of entries) object[key] = value;
  return object;
}
