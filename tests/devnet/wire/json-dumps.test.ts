import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { jsonDumps, loadsOrUndefined, loadsStored } from '../../../devnet/wire/json-dumps.ts';

describe('devnet JSON writer (json.dumps with compact separators, no sort_keys)', () => {
  it('keeps insertion order where canonical JSON sorts', () => {
    const value = { b: 1n, a: [true, null, 'é'] };
    expect(jsonDumps(value)).toBe('{"b":1,"a":[true,null,"\\u00e9"]}');
    expect(canonical(value)).toBe('{"a":[true,null,"\\u00e9"],"b":1}');
  });

  it('writes a Python float as a float (amount 0.0 stays 0.0 through storage)', () => {
    const stored = jsonDumps({ amount: 0, big: 100000000000000000000n });
    expect(stored).toBe('{"amount":0.0,"big":100000000000000000000}');
    expect(jsonDumps(loadsStored(stored))).toBe(stored);
  });

  it('reads bodies as json.loads does and gives undefined where Python raises', () => {
    expect(loadsOrUndefined(Buffer.from('{"x": 1e3}'))).toEqual({ x: 1000 });
    expect(loadsOrUndefined(Buffer.from('<html>'))).toBeUndefined();
  });
});
