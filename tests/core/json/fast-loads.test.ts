import { describe, expect, it } from 'vitest';
import { fastLoads, hasUnsafeNumber } from '../../../main/core/json/fast-loads.ts';
import { loadsText } from '../../../main/core/json/loads.ts';

// The shortcut of loads() (fast-loads.ts) must build exactly what the CPython-exact scanner builds, or decline.
// loadsText() runs the scanner alone, so it is the reference here; the CPython differential test covers loads().

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the JSON.parse shortcut of loads', () => {
  it.each([
    ['a proof-like object', '{"proof_id":"prf_1","leaf_index":3,"audit_path":["e3b0c442","9f86d081"],"ok":true}'],
    ['repeated keys, last value at the first position', '{"b":1,"a":2,"b":3}'],
    ['a "__proto__" key as plain data', '{"__proto__":{"x":1},"y":[]}'],
    ['integer-like keys', '{"10":1,"2":2,"a":3}'],
    ['a lone surrogate escape', '["\\ud800","\\udc00x","\\u00e9"]'],
    ['minus zero and fifteen-digit integers', '[-0,999999999999999,-999999999999999]'],
    ['a top-level scalar', ' 42 '],
    ['strings holding dots and exponents', '{"t":"2026-11-30T01:00:00.123Z","h":"1e5"}'],
    ['escaped quotes and backslashes before a closing quote', '["a\\"1.5\\"", "b\\\\", 3, "x\\\\\\"2e1"]'],
    ['true and false after a number', '[1,true,2,false]'],
  ])('%s: the same value as the scanner', (_name, text) => {
    const scanned = loadsText(text);
    if (!scanned.ok) throw new Error(`the scanner refused ${text}`);
    const fast = fastLoads(bytes(text));
    expect(fast).not.toBeUndefined();
    expect(fast).toStrictEqual(scanned.value);
    if (typeof fast === 'object' && fast !== null && !Array.isArray(fast)) {
      expect(Object.getPrototypeOf(fast)).toBeNull();
      expect(Object.keys(fast)).toEqual(Object.keys(scanned.value as object));
    }
  });

  it.each([
    ['a float', '{"a":1.0}'],
    ['an exponent', '[1e3]'],
    ['a sixteen-digit integer', '[1234567890123456]'],
    ['non-ASCII bytes', '{"a":"é"}'],
    ['a NUL byte', '[1]\u0000'],
    ['a byte-order mark', '\ufeff[1]'],
    ['NaN', '[NaN]'],
    ['a syntax error', '{"a":}'],
    ['a float after an escaped quote', '["\\"",1.5]'],
    ['an unterminated string', '["abc'],
    ['a raw control character in a string', '["a\tb"]'],
    ['nesting deeper than CPython accepts', '['.repeat(996) + ']'.repeat(996)],
  ])('%s: declined, so the scanner decides', (_name, text) => {
    expect(fastLoads(bytes(text))).toBeUndefined();
  });

  it('finds a float or long integer outside strings exactly where blanking the string literals finds one', () => {
    const literals = /"[^"\\]*(?:\\.[^"\\]*)*"/g;
    const reference = (text: string) => /\.|\d[eE]|\d{16}/.test(text.replace(literals, '""'));
    const pieces = ['"a.b"', '"\\""', '"\\\\"', '1', '1.5', '2e3', '12345678901234567', 'true', 'false', ',', ':', '['];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 3000; n++) {
      let text = '';
      for (let i = next() % 8; i >= 0; i--) text += pieces[next() % pieces.length];
      expect(hasUnsafeNumber(text), text).toBe(reference(text));
    }
  });
});
