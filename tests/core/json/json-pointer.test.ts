import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonEquals } from '../../../main/core/json/json-equals.ts';
import { resolveJsonPointer } from '../../../main/core/json/json-pointer.ts';
import { loads } from '../../../main/core/json/loads.ts';
import type { PyJson, PyObject } from '../../../main/core/json/value.ts';

const loaded = loads(readFileSync(new URL('../../vectors/json-pointer/rfc6901.json', import.meta.url)));
if (!loaded.ok) throw new Error(loaded.error.message);
const vectors = loaded.value as PyObject;
const document = vectors['document'] as PyJson;

describe('RFC 6901 JSON Pointer', () => {
  it.each(vectors['found'] as [string, PyJson][])('%j designates the value of RFC 6901 §5', (pointer, expected) => {
    const result = resolveJsonPointer(document, pointer);
    expect(result.ok).toBe(true);
    // The empty pointer designates the whole document (null in the vector file stands for it).
    const want = pointer === '' ? document : expected;
    if (result.ok) expect(jsonEquals(result.value, want)).toBe(true);
  });

  it.each(vectors['not_found'] as string[])('%j designates nothing: JSON_POINTER_NOT_FOUND', (pointer) => {
    const result = resolveJsonPointer(document, pointer);
    expect(result.ok ? 'found' : result.error.code).toBe('JSON_POINTER_NOT_FOUND');
  });

  it.each(vectors['syntax_error'] as string[])('%j is malformed: JSON_POINTER_SYNTAX', (pointer) => {
    const result = resolveJsonPointer(document, pointer);
    expect(result.ok ? 'found' : result.error.code).toBe('JSON_POINTER_SYNTAX');
  });

  it('a key named __proto__ is an ordinary member', () => {
    const parsed = loads(new TextEncoder().encode('{"__proto__": "x"}'));
    expect(parsed.ok && resolveJsonPointer(parsed.value, '/__proto__')).toEqual({ ok: true, value: 'x' });
    const empty = loads(new TextEncoder().encode('{"a": 1}'));
    expect(empty.ok && resolveJsonPointer(empty.value, '/toString').ok).toBe(false);
  });
});
