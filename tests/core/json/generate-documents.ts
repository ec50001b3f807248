import type { SeededRandom } from './seeded-random.ts';

/**
 * Generates JSON documents as code point arrays (so lone surrogates are exact), aimed at every place where Python's
 * json and a naive JS port part ways: number formatting boundaries, huge ints, escapes, astral and lone surrogates,
 * keys that sort differently by code point and by UTF-16 unit, duplicates, NaN/Infinity, deep nesting, and
 * near-miss syntax that CPython refuses.
 *
 * One rule keeps outputs comparable: a lone high surrogate is never placed right before a lone low surrogate, which a
 * JS string cannot tell apart from the astral character they pair into (the documented limitation of loads).
 */

const codePoints = (text: string): number[] => Array.from(text, (ch) => ch.codePointAt(0) as number);

const BOUNDARY_FLOATS = [
  '1e16',
  '1e+16',
  '1E16',
  '9999999999999998.0',
  '1e15',
  '999999999999999.9',
  '123456789012345678.0',
  '1e17',
  '0.0001',
  '0.00001',
  '1e-4',
  '1e-5',
  '1E-5',
  '0.00009999999999999999',
  '0.000100000000000000001',
  '9.999999999999999e-5',
  '5e-324',
  '4.9e-324',
  '2.4703282292062327e-324',
  '2.4703282292062328e-324',
  '2.2250738585072014e-308',
  '2.225073858507201e-308',
  '2.2250738585072011e-308',
  '1.7976931348623157e308',
  '1.7976931348623158e308',
  '1.7976931348623159e308',
  '1e308',
  '1e309',
  '1e400',
  '-1e400',
  '1e-400',
  '-1e-400',
  '-0.0',
  '0.0',
  '-0.0e0',
  '0e0',
  '0E-0',
  '1.0e-7',
  '1E5',
  '1e5',
  '1.5',
  '0.1',
  '0.3',
  '100.0',
  '1e22',
  '1e21',
  '1e23',
  '9007199254740993.0',
  '9007199254740992.0',
  '9007199254740995.0',
  '0.1e1',
  '123.456e-2',
  '1e-7',
  '1.0',
  '-1.0',
  '1e0',
  '1e-0',
  '1e+0',
  '3.141592653589793238462643383279',
  '0.000000000000000000000000000001',
  '1' + '0'.repeat(330) + '.0',
  '0.' + '0'.repeat(330) + '1',
  '2e-323',
  '1e-323',
  '7.2057594037927933e16',
  '1e99999999999999999999',
  '1e-99999999999999999999',
  '4.35e-6',
  '1.2345678901234567e-5',
  '12345678901234567890.0',
];

const BOUNDARY_INTS = [
  '0',
  '-0',
  '1',
  '-1',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551615',
  '18446744073709551616',
  '340282366920938463463374607431768211457',
  '100000000000000000000',
];

const NEAR_MISS_NUMBERS = [
  '01',
  '1.',
  '.5',
  '+1',
  '-',
  '1e',
  '1E+',
  '0x1',
  '1_0',
  '-01',
  '00',
  '1.e3',
  '--1',
  '-NaN',
  'nan',
  'inf',
  'infinity',
  'NAN',
  'True',
  'nul',
  'tru',
  'fals',
  '- 1',
  '1e+-1',
  '-Infinit',
  'Infinit',
  '0.e1',
  '1.5.5',
];

/** Keys whose order differs by code point and by UTF-16 unit, plus look-alikes and JS-special names. */
const KEY_POOL = [
  'a',
  'b',
  'A',
  '',
  'aa',
  'a\\u0000',
  '\\u0061',
  '\\u00e9',
  '\u00e9',
  '\uffff',
  '\\uffff',
  '\ue000',
  '\uff61',
  '\u{10000}',
  '\\ud800\\udc00',
  '\u{1f600}',
  '\\uD83D\\uDE00',
  '\u{10ffff}',
  '\\udbff\\udfff',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '1',
  '10',
  '2',
  '-1',
  '01',
  '\\ud800',
  '\\udfff',
  '\\uDC00x',
  'verdict',
  '\u007f',
  '\\u007f',
  '\\u001f',
  ' ',
  '\\n',
  '\\"',
  '\\\\',
  '\\/',
  'Z',
  'z',
  '\ufeff',
  '\u2028',
];

export interface DocumentOptions {
  maxDepth: number;
}

export class DocumentGenerator {
  private out: number[] = [];
  /** True when the last code point written is a lone high surrogate (escaped or raw). */
  private afterLoneHigh = false;
  /** Deleting a character could join a lone high and a lone low surrogate, so such documents are not cut into. */
  private hasSurrogate = false;

  constructor(private readonly rng: SeededRandom) {}

  private write(text: string): void {
    for (const cp of codePoints(text)) this.out.push(cp);
    this.afterLoneHigh = false;
  }

  private whitespace(): void {
    const rng = this.rng;
    if (!rng.chance(0.25)) return;
    const count = rng.between(1, 3);
    for (let i = 0; i < count; i++) this.write(rng.pick([' ', '\t', '\n', '\r', ' ', ' ']));
    // Characters that look like whitespace but are not JSON whitespace: CPython refuses them.
    if (rng.chance(0.004)) this.write(rng.pick(['\u00a0', '\f', '\v', '\u2028', '\ufeff', '\u3000']));
  }

  private randomDoubleText(): string {
    const rng = this.rng;
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, rng.next());
    view.setUint32(4, rng.next());
    let value = view.getFloat64(0);
    if (!Number.isFinite(value)) value = rng.chance(0.5) ? 1.5 : -2.25e-300;
    switch (rng.below(5)) {
      case 0:
        return value.toPrecision(17);
      case 1:
        return value.toExponential(rng.between(0, 30));
      default: {
        const text = String(value);
        return /[.e]/.test(text) ? text : `${text}.0`;
      }
    }
  }

  /** A double a few ulps away from a formatting boundary (1e16, 1e-4, 1e-5, ...). */
  private nearBoundaryText(): string {
    const rng = this.rng;
    const base = rng.pick([1e16, 1e-4, 1e-5, 1e15, 1e17, 2 ** 53, 2 ** 63, 2 ** 64, 5e-324, 2.2250738585072014e-308]);
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, base);
    const bits = view.getBigUint64(0) + BigInt(rng.between(-3, 3));
    view.setBigUint64(0, bits < 0n ? 0n : bits);
    const value = view.getFloat64(0) * (rng.chance(0.2) ? -1 : 1);
    const text = String(value);
    return /[.e]/.test(text) ? text : `${text}.0`;
  }

  private randomDecimalText(): string {
    const rng = this.rng;
    let mantissa = String(rng.between(1, 9));
    const length = rng.between(0, 25);
    for (let i = 0; i < length; i++) mantissa += String(rng.below(10));
    const point = rng.below(mantissa.length + 1);
    const withPoint =
      point > 0 && point < mantissa.length ? `${mantissa.slice(0, point)}.${mantissa.slice(point)}` : mantissa;
    const exponent = rng.chance(0.6)
      ? `${rng.pick(['e', 'E'])}${rng.pick(['', '+', '-'])}${rng.between(0, 340)}`
      : '.0';
    return `${rng.chance(0.3) ? '-' : ''}${withPoint}${withPoint.includes('.') && exponent === '.0' ? '' : exponent}`;
  }

  private randomDigits(count: number): string {
    let digits = String(this.rng.between(1, 9));
    for (let i = 1; i < count; i++) digits += String(this.rng.below(10));
    return digits;
  }

  private numberText(): string {
    const rng = this.rng;
    const roll = rng.below(100);
    if (roll < 12) return String(rng.between(-1000, 1000));
    if (roll < 20) return rng.pick(BOUNDARY_INTS);
    if (roll < 26) return (rng.chance(0.3) ? '-' : '') + this.randomDigits(rng.between(20, 400));
    if (roll < 27 && rng.chance(0.3)) return (rng.chance(0.5) ? '-' : '') + this.randomDigits(rng.between(4299, 4301));
    if (roll < 45) return rng.pick(BOUNDARY_FLOATS);
    if (roll < 60) return this.randomDoubleText();
    if (roll < 72) return this.nearBoundaryText();
    if (roll < 97) return this.randomDecimalText();
    if (roll < 99) return rng.pick(['NaN', 'Infinity', '-Infinity']);
    return rng.pick(NEAR_MISS_NUMBERS);
  }

  private hex4(value: number): string {
    const hex = value.toString(16).padStart(4, '0');
    return Array.from(hex, (ch) => (this.rng.chance(0.3) ? ch.toUpperCase() : ch)).join('');
  }

  /** One piece of string content; keeps lone high surrogates from touching a following lone low one. */
  private stringPiece(): void {
    const rng = this.rng;
    const roll = rng.below(100);
    const lowNext = (cp: number) => cp >= 0xdc00 && cp <= 0xdfff;
    const push = (cp: number, loneHigh: boolean) => {
      if (this.afterLoneHigh && lowNext(cp)) this.out.push(0x78);
      this.out.push(cp);
      this.afterLoneHigh = loneHigh;
    };
    const escapeUnit = (unit: number, loneHigh: boolean) => {
      if (this.afterLoneHigh && lowNext(unit)) this.out.push(0x78);
      for (const cp of codePoints(`\\u${this.hex4(unit)}`)) this.out.push(cp);
      this.afterLoneHigh = loneHigh;
    };
    if (roll < 35) {
      const ascii = rng.between(0x20, 0x7e);
      push(ascii === 0x22 ? 0x27 : ascii === 0x5c ? 0x2f : ascii, false);
    } else if (roll < 45) this.write(rng.pick(['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t']));
    else if (roll < 52) {
      let unit = rng.below(0x10000);
      if (unit >= 0xd800 && unit <= 0xdfff) unit = 0x7f;
      escapeUnit(unit, false);
    } else if (roll < 56) {
      const cp = rng.between(0x10000, 0x10ffff) - 0x10000;
      escapeUnit(0xd800 | (cp >> 10), false);
      for (const c of codePoints(`\\u${this.hex4(0xdc00 | (cp & 0x3ff))}`)) this.out.push(c);
    } else if (roll < 68)
      push(
        rng.pick([0xe9, 0xf1, 0x20ac, 0x65e5, 0xfeff, 0x2028, 0xffff, 0xfffe, 0xe000, 0xff61, 0x80, 0x9f, 0xa0]),
        false,
      );
    else if (roll < 74) push(rng.between(0xa0, 0xd7ff), false);
    else if (roll < 80) push(rng.pick([0x10000, 0x1f600, 0x10ffff, rng.between(0x10000, 0x10ffff)]), false);
    else if (roll < 84) push(0x7f, false);
    else if (roll < 86) this.write(rng.pick(['\\u007f', '\\u007F', '\\u0000', '\\u001f', '\\u0080']));
    else if (roll < 89) {
      const unit = rng.chance(0.5) ? rng.between(0xd800, 0xdbff) : rng.between(0xdc00, 0xdfff);
      escapeUnit(unit, unit <= 0xdbff);
      this.hasSurrogate = true;
    } else if (roll < 92) {
      const unit = rng.chance(0.5) ? rng.between(0xd800, 0xdbff) : rng.between(0xdc00, 0xdfff);
      push(unit, unit <= 0xdbff);
      this.hasSurrogate = true;
    } else if (roll < 93) push(rng.between(0, 0x1f), false);
    else if (roll < 94 && rng.chance(0.2))
      this.write(rng.pick(['\\x', '\\u12', '\\uZZZZ', '\\U0041', '\\', '\\a', '\\ud800\\u12']));
    else push(rng.between(0x61, 0x7a), false);
  }

  private string(pieces: number): void {
    this.write('"');
    for (let i = 0; i < pieces; i++) this.stringPiece();
    this.write('"');
  }

  private key(): void {
    const rng = this.rng;
    if (rng.chance(0.6)) {
      const key = rng.pick(KEY_POOL);
      if (/\\u[dD][89a-fA-F]/.test(key)) this.hasSurrogate = true;
      this.write(`"${key}"`);
      return;
    }
    this.string(rng.between(0, 6));
  }

  private value(depth: number, options: DocumentOptions, container = false): void {
    const rng = this.rng;
    const roll = container ? rng.between(62, 99) : rng.below(100);
    const containers = depth < options.maxDepth;
    if (roll < 8) this.write(rng.pick(['null', 'true', 'false']));
    else if (roll < 40) this.write(this.numberText());
    else if (roll < 62 || !containers) this.string(rng.between(0, 12));
    else if (roll < 80) {
      this.write('[');
      const count = rng.between(0, 5);
      for (let i = 0; i < count; i++) {
        if (i > 0) this.write(',');
        this.whitespace();
        this.value(depth + 1, options);
        this.whitespace();
      }
      if (count > 0 && rng.chance(0.01)) this.write(',');
      this.write(']');
    } else {
      this.write('{');
      const count = rng.between(0, 6);
      for (let i = 0; i < count; i++) {
        if (i > 0) this.write(',');
        this.whitespace();
        this.key();
        this.whitespace();
        this.write(':');
        this.whitespace();
        this.value(depth + 1, options);
        this.whitespace();
      }
      if (count > 0 && rng.chance(0.01)) this.write(',');
      this.write('}');
    }
  }

  /** A chain of `depth` containers around a small value. */
  private deep(depth: number): void {
    const closers: string[] = [];
    for (let i = 0; i < depth; i++) {
      if (this.rng.chance(0.5)) {
        this.write('[');
        closers.push(']');
      } else {
        this.write(`{"${this.rng.pick(['k', 'a', '\\u00e9', '\u{1f600}'])}":`);
        closers.push('}');
      }
    }
    this.value(0, { maxDepth: 2 });
    this.write(closers.reverse().join(''));
  }

  /** Occasionally damages the text the way typing or transfer does; CPython must refuse most of these. */
  private mutate(): void {
    const rng = this.rng;
    const out = this.out;
    const at = rng.below(out.length + 1);
    switch (rng.below(8)) {
      case 0:
        if (this.hasSurrogate) out.length = at;
        else out.splice(at, 1);
        break;
      case 1:
        out.splice(
          at,
          0,
          ...codePoints(
            rng.pick(['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '0', 'e', '.', '-', '\u0000', '\u00a0', '\ufeff']),
          ),
        );
        break;
      case 2:
        out.length = at;
        break;
      case 3:
        out.push(...codePoints(rng.pick([' x', ' 1', ',', '}', ']', ' {}', '\n\n', '\u0000', ' "a"', 'null'])));
        break;
      case 4:
        out.unshift(0xfeff);
        break;
      default:
        if (out.length > 0)
          out[Math.min(at, out.length - 1)] = rng.pick([0x20, 0x22, 0x2c, 0x7b, 0x5d, 0x31, 0x0a, 0x09]);
    }
  }

  /** One document, as code points. */
  document(): number[] {
    const rng = this.rng;
    this.out = [];
    this.afterLoneHigh = false;
    this.hasSurrogate = false;
    this.whitespace();
    if (rng.chance(0.02)) this.deep(rng.between(100, 700));
    else this.value(0, { maxDepth: rng.between(1, 8) }, rng.chance(0.7));
    this.whitespace();
    if (rng.chance(0.12)) this.mutate();
    return this.out;
  }
}

export type ByteEncoding =
  | 'utf-8'
  | 'utf-8-bom'
  | 'utf-16-le'
  | 'utf-16-be'
  | 'utf-16-le-bom'
  | 'utf-16-be-bom'
  | 'utf-32-le'
  | 'utf-32-be'
  | 'utf-32-le-bom'
  | 'utf-32-be-bom';

/** Encodes code points; surrogate code points get the 'surrogatepass' forms (ED A0 80 in UTF-8, the unit itself elsewhere). */
export function encodeCodePoints(cps: readonly number[], encoding: ByteEncoding): Uint8Array {
  const bytes: number[] = [];
  const unit16 = (u: number, le: boolean) => (le ? bytes.push(u & 0xff, u >> 8) : bytes.push(u >> 8, u & 0xff));
  const le = encoding.includes('-le');
  if (encoding === 'utf-8-bom') bytes.push(0xef, 0xbb, 0xbf);
  if (encoding.startsWith('utf-16') && encoding.endsWith('-bom')) unit16(0xfeff, le);
  if (encoding.startsWith('utf-32') && encoding.endsWith('-bom'))
    bytes.push(...(le ? [0xff, 0xfe, 0, 0] : [0, 0, 0xfe, 0xff]));
  for (const cp of cps) {
    if (encoding.startsWith('utf-8')) {
      if (cp < 0x80) bytes.push(cp);
      else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
      else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
      else bytes.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    } else if (encoding.startsWith('utf-16')) {
      if (cp < 0x10000) unit16(cp, le);
      else {
        unit16(0xd800 | ((cp - 0x10000) >> 10), le);
        unit16(0xdc00 | ((cp - 0x10000) & 0x3ff), le);
      }
    } else {
      const b = [cp >>> 24, (cp >> 16) & 0xff, (cp >> 8) & 0xff, cp & 0xff];
      bytes.push(...(le ? b.reverse() : b));
    }
  }
  return Uint8Array.from(bytes);
}

/** Picks an encoding (mostly plain UTF-8) and sometimes damages a byte, to exercise decoding errors. */
export function encodeDocument(
  rng: SeededRandom,
  cps: readonly number[],
): { encoding: ByteEncoding; bytes: Uint8Array } {
  const encoding: ByteEncoding = rng.chance(0.6)
    ? 'utf-8'
    : rng.pick([
        'utf-8-bom',
        'utf-16-le',
        'utf-16-be',
        'utf-16-le-bom',
        'utf-16-be-bom',
        'utf-32-le',
        'utf-32-be',
        'utf-32-le-bom',
        'utf-32-be-bom',
      ] as const);
  let bytes = encodeCodePoints(cps, encoding);
  if (rng.chance(0.03) && bytes.length > 0) {
    const copy = Array.from(bytes);
    const at = rng.below(copy.length);
    if (rng.chance(0.5)) copy[at] = rng.below(256);
    else copy.splice(at, 1);
    bytes = Uint8Array.from(copy);
  }
  return { encoding, bytes };
}

/**
 * A quoted string of random bytes, weighted toward the bytes where UTF-8 decoders differ (continuations, C0/C1, E0,
 * ED, F0, F4, F5..FF), in UTF-8, or behind a UTF-16 or UTF-32 BOM with random units: for the codecs, not the scanner.
 */
export function randomByteDocument(rng: SeededRandom): Uint8Array {
  const body: number[] = [];
  const count = rng.between(0, 12);
  for (let i = 0; i < count; i++)
    body.push(
      rng.pick([
        rng.below(256),
        rng.between(0x80, 0xbf),
        rng.between(0xc0, 0xff),
        rng.pick([0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff]),
        rng.between(0x20, 0x7e),
      ]),
    );
  switch (rng.below(3)) {
    case 0:
      return Uint8Array.from([0x22, ...body, 0x22]);
    case 1:
      return Uint8Array.from([0xff, 0xfe, 0x22, 0x00, ...body, 0x22, 0x00]);
    default:
      return Uint8Array.from([0xff, 0xfe, 0x00, 0x00, 0x22, 0, 0, 0, ...body, 0x22, 0, 0, 0]);
  }
}
