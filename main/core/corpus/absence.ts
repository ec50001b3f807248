import type { PlainJson } from './tree.ts';

/**
 * The body of a reference absent from its collection (spec §2.5): 200 with `exists: false`, because the HTTP status
 * is not anchored and absence must be a fact of the body. `existe: false` carries the same fact under the
 * probative field name of spec §5.7 (`/existe`), so an assertion of absence is admissible.
 */
export function absenceBody(path: string, message: string): PlainJson {
  return { resource: path, exists: false, existe: false, message };
}

export function isAbsenceBody(body: PlainJson | undefined): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && body['exists'] === false;
}
