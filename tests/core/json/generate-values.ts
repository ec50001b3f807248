import { newPyObject, type PyJson } from '../../../main/core/json/value.ts';
import type { SeededRandom } from './seeded-random.ts';

/** Doubles at the edges of Python's repr layout and of the double format itself. */
const EDGE_DOUBLES = [
  0,
  -0,
  5e-324,
  -5e-324,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  1.7976931348623157e308,
  1e16,
  1e16 - 2,
  1e16 + 2,
  9999999999999998,
  1e15,
  1e-4,
  1e-5,
  9.999999999999999e-5,
  0.00010000000000000002,
  1e21,
  1e22,
  1e23,
  0.1,
  0.2,
  0.30000000000000004,
  1,
  100,
  1.5,
  2 ** 53,
  2 ** 63,
  2 ** 64,
  123456789.12345679,
  NaN,
  Infinity,
  -Infinity,
];

/** Keys whose order differs by code point and by UTF-16 unit. */
const KEYS = [
  'a',
  'b',
  '',
  'é',
  '\uffff',
  '\ue000',
  '\uff61',
  '\u{10000}',
  '\u{1f600}',
  '\u{10ffff}',
  '\ud800',
  '\udfff',
  '\ud800x',
  '\ud800o',
  '\ud800\ud800',
  '\udbff\uffff',
  '\udc00',
  '__proto__',
  '1',
  '10',
  '2',
  '\u007f',
  '\u0000',
  'a\u0000',
  'Z',
];

function randomUnitString(rng: SeededRandom): string {
  const length = rng.between(0, 12);
  let text = '';
  for (let i = 0; i < length; i++) {
    const roll = rng.below(10);
    if (roll < 4) text += String.fromCharCode(rng.between(0x20, 0x7e));
    else if (roll < 5) text += String.fromCharCode(rng.between(0, 0x1f));
    else if (roll < 6) text += String.fromCharCode(rng.pick([0x7f, 0x80, 0xff, 0x2028, 0xfeff, 0xffff, 0xe000]));
    else if (roll < 7) text += String.fromCodePoint(rng.between(0x10000, 0x10ffff));
    else if (roll < 8) text += String.fromCharCode(rng.between(0xd800, 0xdfff));
    else text += String.fromCharCode(rng.below(0x10000));
  }
  return text;
}

function randomDouble(rng: SeededRandom): number {
  if (rng.chance(0.3)) return rng.pick(EDGE_DOUBLES);
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, rng.next());
  view.setUint32(4, rng.next());
  return view.getFloat64(0);
}

function randomInt(rng: SeededRandom): bigint {
  const roll = rng.below(4);
  if (roll === 0) return BigInt(rng.between(-1000, 1000));
  const digits = roll === 1 ? rng.between(15, 25) : roll === 2 ? rng.between(25, 200) : rng.between(1000, 4300);
  let text = String(rng.between(1, 9));
  for (let i = 1; i < digits; i++) text += String(rng.below(10));
  return BigInt(text) * (rng.chance(0.4) ? -1n : 1n);
}

/** A random PyJson value built directly (not parsed), for checking canonical() against json.dumps. */
export function generateValue(rng: SeededRandom, depth = 0): PyJson {
  const roll = rng.below(100);
  if (roll < 6) return rng.pick([null, true, false]);
  if (roll < 26) return randomInt(rng);
  if (roll < 50) return randomDouble(rng);
  if (roll < 72 || depth > 5) return randomUnitString(rng);
  if (roll < 86) return Array.from({ length: rng.between(0, 5) }, () => generateValue(rng, depth + 1));
  const object = newPyObject();
  const count = rng.between(0, 7);
  for (let i = 0; i < count; i++)
    object[rng.chance(0.6) ? rng.pick(KEYS) : randomUnitString(rng)] = generateValue(rng, depth + 1);
  return object;
}
