import { describe, expect, it } from 'vitest';
import { compareCodePoints, sortByCodePoint } from '../../../main/core/json/code-point-order.ts';
import { runOracle } from './cpython-oracle.ts';

// Pairs where UTF-16 order and code point order part ways, or where lone surrogates sit next to pairs.
const KEYS = [
  'a',
  '',
  '\uffff',
  '\ue000',
  '\u{10000}',
  '\u{1f600}',
  '\u{10ffff}',
  '\ud800',
  '\ud800o',
  '\ud800x',
  '\ud800\ud800',
  '\ud800\u{10000}',
  '\udc00',
  '\udc00a',
  '\ud800\udc00x',
  '\ud800\udbff',
  'a\ud800',
  'a\u{1f600}',
  'a\uffff',
  '\udbff',
  '\udbff\uffff',
];

describe('compareCodePoints as Python sorted() on str', () => {
  it('orders every pair of tricky keys as CPython sorts them', () => {
    const units = (text: string) => Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));
    // CPython sorts the same strings (rebuilt from their UTF-16 units) and returns the order as indexes.
    const [order] = runOracle(
      ['dumps'],
      [JSON.stringify(['o', KEYS.map((key, index) => [units(key), ['i', String(index)]])])],
    );
    const pythonOrder = [...(order ?? '').matchAll(/:(\d+)/g)].map((m) => KEYS[Number(m[1])]);
    expect([...KEYS].sort(compareCodePoints)).toEqual(pythonOrder);
  });

  it('a lone high surrogate followed by different letters compares by the letters', () => {
    expect(compareCodePoints('\ud800o', '\ud800x')).toBeLessThan(0);
    expect(compareCodePoints('\ud800x', '\ud800o')).toBeGreaterThan(0);
  });

  it('sortByCodePoint gives compareCodePoints order, with or without surrogates among the strings', () => {
    expect(sortByCodePoint([...KEYS])).toEqual([...KEYS].sort(compareCodePoints));
    const ascii = ['response_hash', 'agent_identity', 'request_hash', 'did_resolution_status', 'Z', ''];
    expect(sortByCodePoint([...ascii])).toEqual([...ascii].sort(compareCodePoints));
    // Astral after U+E000–U+FFFF, as Python sorts: the case UTF-16 order gets wrong.
    expect(sortByCodePoint(['\u{1f600}', '\uffff'])).toEqual(['\uffff', '\u{1f600}']);
  });
});
