import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { resolveJsonPointer } from '../json/json-pointer.ts';

/**
 * The entry a pointer into a paged list designates: for "/entrees/3/statut" the object at /entrees/3. Undefined for
 * a record-level pointer ("/page_suivante") or when nothing is there.
 */
export function listEntry(body: PyJson | undefined, field: string, member: string): PyObject | undefined {
  const match = new RegExp(`^/${member}/(0|[1-9][0-9]*)(/|$)`).exec(field);
  if (!match || body === undefined) return undefined;
  const found = resolveJsonPointer(body, `/${member}/${match[1]}`);
  return found.ok && isPyObject(found.value) ? found.value : undefined;
}

export function isEntryPointer(field: string, member: string): boolean {
  return new RegExp(`^/${member}/(0|[1-9][0-9]*)(/|$)`).test(field);
}
