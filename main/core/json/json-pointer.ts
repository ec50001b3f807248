import { fail, ok, type Result } from '../result.ts';
import { isPyObject, type PyJson } from './value.ts';

export type JsonPointerCode = 'JSON_POINTER_SYNTAX' | 'JSON_POINTER_NOT_FOUND';

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * Splits an RFC 6901 pointer into reference tokens: "" is the whole document, otherwise it starts with "/" and each
 * "~1" decodes to "/" and "~0" to "~" (RFC 6901 §4: ~1 first, so "~01" is "~1"). A "~" followed by anything else is
 * a syntax error.
 */
export function parseJsonPointer(pointer: string): Result<string[], 'JSON_POINTER_SYNTAX'> {
  if (pointer === '') return ok([]);
  if (!pointer.startsWith('/')) {
    return fail('JSON_POINTER_SYNTAX', `JSON Pointer '${pointer}' must be empty or start with '/' (RFC 6901 §3)`, {
      pointer,
    });
  }
  const tokens: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~(?![01])/.test(raw)) {
      return fail('JSON_POINTER_SYNTAX', `JSON Pointer '${pointer}': '~' must be followed by 0 or 1 (RFC 6901 §3)`, {
        pointer,
      });
    }
    tokens.push(raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return ok(tokens);
}

/**
 * The value a pointer designates (RFC 6901 §4). Array tokens are decimal indexes without leading zeros; "-" (the
 * element after the last) designates nothing, so it is "not found" like any other missing member.
 */
export function resolveJsonPointer(document: PyJson, pointer: string): Result<PyJson, JsonPointerCode> {
  const parsed = parseJsonPointer(pointer);
  if (!parsed.ok) return parsed;
  let current: PyJson = document;
  for (const [depth, token] of parsed.value.entries()) {
    const notFound = () =>
      fail('JSON_POINTER_NOT_FOUND', `JSON Pointer '${pointer}': nothing at token ${depth + 1} ('${token}')`, {
        pointer,
        token,
      });
    if (Array.isArray(current)) {
      if (!ARRAY_INDEX.test(token)) return notFound();
      const index = Number(token);
      if (index >= current.length) return notFound();
      current = current[index] as PyJson;
    } else if (isPyObject(current)) {
      if (!Object.prototype.hasOwnProperty.call(current, token)) return notFound();
      current = current[token] as PyJson;
    } else {
      return notFound();
    }
  }
  return ok(current);
}
