import { describe, expect, it } from 'vitest';
import { loads, loadsUniqueKeys } from '../../../main/core/json/loads.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('loadsUniqueKeys', () => {
  it('a key named twice is refused with JSON_DUPLICATE_KEY naming the key, where loads keeps the last', () => {
    const doc = bytes('{"proof_id":"prf_a",\n "proof_id":"prf_b"}');
    expect(loads(doc).ok).toBe(true);
    expect(loadsUniqueKeys(doc)).toMatchObject({
      ok: false,
      error: { code: 'JSON_DUPLICATE_KEY', details: { key: 'proof_id', line: 2, column: 2 } },
    });
  });

  it('a key spelled twice differently ("a" and "\\u0061"), deep in the document, is the same key', () => {
    expect(loadsUniqueKeys(bytes('[{"x":{"a":1,"\\u0061":2}}]'))).toMatchObject({
      ok: false,
      error: { code: 'JSON_DUPLICATE_KEY', details: { key: 'a' } },
    });
  });

  it('reads NaN and a lone surrogate as json.loads does: a service may have hashed them', () => {
    const doc = bytes('{"v":NaN,"s":"\\ud800"}');
    const unique = loadsUniqueKeys(doc);
    expect(unique.ok).toBe(true);
    expect(unique).toEqual(loads(doc));
  });

  it('any other refusal is loads’s own, with its code and CPython message', () => {
    for (const text of ['{"a":1,}', '\xff', '[1] 2']) {
      const doc = text === '\xff' ? new Uint8Array([0xff]) : bytes(text);
      expect(loadsUniqueKeys(doc)).toEqual(loads(doc));
    }
  });
});
