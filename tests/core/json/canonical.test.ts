import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { sha256Canonical } from '../../../main/core/json/sha256-canonical.ts';
import { pyObjectFrom } from '../../../main/core/json/value.ts';

describe('canonical(value) as json.dumps(sort_keys=True, separators=(",", ":"))', () => {
  it('writes an int of 4300 digits (sign not counted) and refuses 4301, as CPython 3.11 int.__repr__ does', () => {
    const digits = 10n ** 4299n;
    expect(canonical(-digits)).toHaveLength(4301);
    expect(() => canonical(digits * 10n)).toThrow(RangeError);
  });

  it('sorts keys by code point: U+E000 and U+FFFF before astral keys, unlike JS sort()', () => {
    const object = pyObjectFrom([
      ['\u{1f600}', 1n],
      ['\uffff', 2n],
      ['\ue000', 3n],
      ['a', 4n],
    ]);
    expect(canonical(object)).toBe('{"a":4,"\\ue000":3,"\\uffff":2,"\\ud83d\\ude00":1}');
  });

  it('a float amount of 0 is 0.0 and an int 0 is 0 (spec §2.4: amount forced to 0.0)', () => {
    expect(canonical(pyObjectFrom([['amount', 0]]))).toBe('{"amount":0.0}');
    expect(canonical(pyObjectFrom([['amount', 0n]]))).toBe('{"amount":0}');
  });

  it('escapes lone surrogates, DEL and controls with lowercase hex and leaves "/" alone', () => {
    expect(canonical('\ud800/\u007f\u0000\u001f\u00ff')).toBe('"\\ud800/\\u007f\\u0000\\u001f\\u00ff"');
  });

  it('sha256Canonical hashes the canonical text (proof-spec minimal_transaction request)', () => {
    expect(sha256Canonical(pyObjectFrom([['repo_url', 'https://github.com/example/app']]))).toBe(
      '0987aa49eb45583406b66c77ea6f35498bd318b81040bec9c54ab439114abe42',
    );
  });
});
