import { describe, expect, it } from 'vitest';
import { jsonEquals } from '../../../main/core/json/json-equals.ts';
import { loads } from '../../../main/core/json/loads.ts';
import type { PyJson } from '../../../main/core/json/value.ts';

const read = (text: string): PyJson => {
  const result = loads(new TextEncoder().encode(text));
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const equal = (a: string, b: string) => jsonEquals(read(a), read(b));

describe('jsonEquals: strict JSON equality, type included (spec §4)', () => {
  it('int 1 is not float 1.0, in either order', () => {
    expect(equal('1', '1.0')).toBe(false);
    expect(equal('1.0', '1')).toBe(false);
    expect(equal('1', '1')).toBe(true);
    expect(equal('1.0', '1e0')).toBe(true);
  });

  it('true is not 1 and false is not 0 (Python True == 1 does not carry over)', () => {
    expect(equal('true', '1')).toBe(false);
    expect(equal('false', '0')).toBe(false);
    expect(equal('null', 'false')).toBe(false);
  });

  it('a string is not the number it spells', () => {
    expect(equal('"1"', '1')).toBe(false);
  });

  it('objects compare by key set and values, whatever the key order', () => {
    expect(equal('{"a": 1, "b": [2]}', '{"b": [2], "a": 1}')).toBe(true);
    expect(equal('{"a": 1}', '{"a": 1, "b": 2}')).toBe(false);
    expect(equal('{"a": 1, "b": 2}', '{"a": 1, "c": 2}')).toBe(false);
    expect(equal('{"a": 1}', '{"a": 1.0}')).toBe(false);
    expect(equal('{}', '[]')).toBe(false);
  });

  it('arrays compare in order', () => {
    expect(equal('[1, 2]', '[2, 1]')).toBe(false);
    expect(equal('[1, [2, {"x": null}]]', '[1, [2, {"x": null}]]')).toBe(true);
    expect(equal('[1]', '[1, 1]')).toBe(false);
  });

  it('huge ints compare exactly; 0.0 equals -0.0 as Python floats do', () => {
    expect(equal('100000000000000000001', '100000000000000000001')).toBe(true);
    expect(equal('100000000000000000001', '100000000000000000000')).toBe(false);
    expect(equal('0.0', '-0.0')).toBe(true);
    expect(equal('Infinity', '1e400')).toBe(true);
  });

  it('NaN equals nothing, not even NaN, also inside arrays from separate reads', () => {
    expect(equal('NaN', 'NaN')).toBe(false);
    expect(equal('[NaN]', '[NaN]')).toBe(false);
  });

  it('a repeated key compares by its last value, as json.loads keeps it', () => {
    expect(equal('{"a": 1, "a": 2}', '{"a": 2}')).toBe(true);
  });
});
