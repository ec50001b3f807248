import { PYTHON_INT_MAX_STR_DIGITS } from './python-limits.ts';
import { newPyObject, type PyJson, type PyObject } from './value.ts';

/**
 * What the scanner does where CPython's `json.loads` is lenient and the intake parser is strict.
 * `loads` keeps CPython's choices; `parseIntake` refuses each of them.
 */
export interface ScanPolicy {
  /** Containers nested deeper than this are refused (TOO_DEEP). */
  maxDepth: number;
  /** CPython keeps the last value of a repeated key; intake refuses the repetition. */
  refuseDuplicateKeys: boolean;
  /** NaN, Infinity, -Infinity, and number literals that overflow to ±Infinity. */
  refuseNonFinite: boolean;
  /** A \uXXXX escape of a surrogate that is not half of an escaped pair. */
  refuseLoneSurrogates: boolean;
}

/**
 * Why a text is refused. The first nine are CPython's JSONDecodeError messages; INT_TOO_LONG is its ValueError and
 * TOO_DEEP its RecursionError; the last three are intake policy only.
 */
export type ScanErrorKind =
  | 'EXPECTING_VALUE'
  | 'EXTRA_DATA'
  | 'UNTERMINATED_STRING'
  | 'CONTROL_CHARACTER'
  | 'INVALID_ESCAPE'
  | 'INVALID_UNICODE_ESCAPE'
  | 'EXPECTING_PROPERTY_NAME'
  | 'EXPECTING_COLON'
  | 'EXPECTING_COMMA'
  | 'INT_TOO_LONG'
  | 'TOO_DEEP'
  | 'DUPLICATE_KEY'
  | 'NON_FINITE_NUMBER'
  | 'LONE_SURROGATE';

export interface ScanError {
  kind: ScanErrorKind;
  /** Index in the text (UTF-16 units) where CPython would report the error. */
  index: number;
  /** The key, number or escape concerned, when there is one. */
  subject?: string;
}

export type ScanResult = { ok: true; value: PyJson } | { ok: false; error: ScanError };

/** CPython's JSONDecodeError messages (Modules/_json.c), without the position suffix. */
export const CPYTHON_MESSAGES: Record<ScanErrorKind, string> = {
  EXPECTING_VALUE: 'Expecting value',
  EXTRA_DATA: 'Extra data',
  UNTERMINATED_STRING: 'Unterminated string starting at',
  CONTROL_CHARACTER: 'Invalid control character at',
  INVALID_ESCAPE: 'Invalid \\escape',
  INVALID_UNICODE_ESCAPE: 'Invalid \\uXXXX escape',
  EXPECTING_PROPERTY_NAME: 'Expecting property name enclosed in double quotes',
  EXPECTING_COLON: "Expecting ':' delimiter",
  EXPECTING_COMMA: "Expecting ',' delimiter",
  INT_TOO_LONG: `Exceeds the limit (${PYTHON_INT_MAX_STR_DIGITS} digits) for integer string conversion`,
  TOO_DEEP: 'maximum recursion depth exceeded while decoding a JSON object from a unicode string',
  DUPLICATE_KEY: 'Duplicate key',
  NON_FINITE_NUMBER: 'Non-finite number',
  LONE_SURROGATE: 'Lone surrogate escape',
};

const SIMPLE_ESCAPES: Record<number, string> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};

// eslint-disable-next-line no-control-regex -- control characters are exactly what strict=True refuses in strings.
const ESCAPE_OR_CONTROL = /[\\\x00-\x1f]/;

const isDigit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;
// JSON whitespace is exactly these four (RFC 8259 §2; CPython's IS_WHITESPACE).
const isWhitespace = (unit: number): boolean => unit === 0x20 || unit === 0x09 || unit === 0x0a || unit === 0x0d;

function hexValue(unit: number): number {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  if (unit >= 0x61 && unit <= 0x66) return unit - 0x57;
  if (unit >= 0x41 && unit <= 0x46) return unit - 0x37;
  return -1;
}

/** Four hex digits at `at` as a number, or -1 if any of them is not hex. */
function hex4At(text: string, at: number): number {
  let value = 0;
  for (let k = 0; k < 4; k++) {
    const digit = hexValue(text.charCodeAt(at + k));
    if (digit < 0) return -1;
    value = (value << 4) | digit;
  }
  return value;
}

/**
 * A recursive-descent port of CPython 3.11's C scanner (Modules/_json.c: scan_once_unicode, _parse_object_unicode,
 * _parse_array_unicode, scanstring_unicode with strict=True, _match_number_unicode). It refuses what CPython refuses,
 * at the same point in the text, so the first error found is of the same kind.
 */
class Scanner {
  pos = 0;
  error: ScanError | undefined;

  constructor(
    private readonly text: string,
    private readonly policy: ScanPolicy,
  ) {}

  fail(kind: ScanErrorKind, index: number, subject?: string): undefined {
    this.error = subject === undefined ? { kind, index } : { kind, index, subject };
    return undefined;
  }

  skipWhitespace(): void {
    const text = this.text;
    let i = this.pos;
    while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
    this.pos = i;
  }

  value(depth: number): PyJson | undefined {
    const text = this.text;
    const i = this.pos;
    switch (text.charCodeAt(i)) {
      case 0x22:
        return this.string();
      case 0x7b:
        if (depth >= this.policy.maxDepth) return this.fail('TOO_DEEP', i);
        return this.object(depth + 1);
      case 0x5b:
        if (depth >= this.policy.maxDepth) return this.fail('TOO_DEEP', i);
        return this.array(depth + 1);
      case 0x6e:
        if (text.startsWith('null', i)) return this.constant(4, null);
        break;
      case 0x74:
        if (text.startsWith('true', i)) return this.constant(4, true);
        break;
      case 0x66:
        if (text.startsWith('false', i)) return this.constant(5, false);
        break;
      case 0x4e:
        if (text.startsWith('NaN', i)) return this.nonFinite(3, NaN, 'NaN');
        break;
      case 0x49:
        if (text.startsWith('Infinity', i)) return this.nonFinite(8, Infinity, 'Infinity');
        break;
      case 0x2d:
        if (text.startsWith('-Infinity', i)) return this.nonFinite(9, -Infinity, '-Infinity');
        break;
    }
    return this.number();
  }

  constant(length: number, value: PyJson): PyJson {
    this.pos += length;
    return value;
  }

  nonFinite(length: number, value: number, spelling: string): PyJson | undefined {
    if (this.policy.refuseNonFinite) return this.fail('NON_FINITE_NUMBER', this.pos, spelling);
    this.pos += length;
    return value;
  }

  /** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`, backing off a '.' or 'e' that no digit follows, as CPython does. */
  number(): PyJson | undefined {
    const text = this.text;
    const start = this.pos;
    let i = start;
    if (text.charCodeAt(i) === 0x2d) i++;
    const first = text.charCodeAt(i);
    if (first === 0x30) i++;
    else if (first >= 0x31 && first <= 0x39) {
      i++;
      while (isDigit(text.charCodeAt(i))) i++;
    } else return this.fail('EXPECTING_VALUE', start);
    const integerEnd = i;
    let isFloat = false;
    if (text.charCodeAt(i) === 0x2e && isDigit(text.charCodeAt(i + 1))) {
      isFloat = true;
      i += 2;
      while (isDigit(text.charCodeAt(i))) i++;
    }
    const e = text.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      let j = i + 1;
      const sign = text.charCodeAt(j);
      if (sign === 0x2b || sign === 0x2d) j++;
      if (isDigit(text.charCodeAt(j))) {
        isFloat = true;
        j++;
        while (isDigit(text.charCodeAt(j))) j++;
        i = j;
      }
    }
    this.pos = i;
    const literal = text.slice(start, i);
    if (isFloat) {
      // Number() rounds correctly (ECMA-262 StringToNumber), as CPython's dtoa-based float() does; 1e400 is Infinity.
      const value = Number(literal);
      if (this.policy.refuseNonFinite && !Number.isFinite(value)) return this.fail('NON_FINITE_NUMBER', start, literal);
      return value;
    }
    const digits = integerEnd - start - (text.charCodeAt(start) === 0x2d ? 1 : 0);
    if (digits > PYTHON_INT_MAX_STR_DIGITS) return this.fail('INT_TOO_LONG', start, String(digits));
    // Up to 15 digits a double holds the int exactly, and BigInt(number) is much faster than parsing the text again.
    return digits <= 15 ? BigInt(Number(literal)) : BigInt(literal);
  }

  /** scanstring_unicode with strict=True; `pos` is at the opening quote. */
  string(): string | undefined {
    const text = this.text;
    const quote = this.pos;
    // Most strings hold no escape and no control character: then the next quote ends them (two native scans).
    const end = text.indexOf('"', quote + 1);
    if (end !== -1) {
      const body = text.slice(quote + 1, end);
      if (!ESCAPE_OR_CONTROL.test(body)) {
        this.pos = end + 1;
        return body;
      }
    }
    return this.escapedString(quote);
  }

  /** The general case: escapes to decode, or an error to locate exactly where CPython reports it. */
  escapedString(quote: number): string | undefined {
    const text = this.text;
    let i = quote + 1;
    let runStart = i;
    let out = '';
    for (;;) {
      if (i >= text.length) return this.fail('UNTERMINATED_STRING', quote);
      const unit = text.charCodeAt(i);
      if (unit === 0x22) break;
      if (unit < 0x20) return this.fail('CONTROL_CHARACTER', i);
      if (unit !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(runStart, i);
      const escape = text.charCodeAt(i + 1);
      if (Number.isNaN(escape)) return this.fail('UNTERMINATED_STRING', quote);
      if (escape !== 0x75) {
        const replacement = SIMPLE_ESCAPES[escape];
        if (replacement === undefined) return this.fail('INVALID_ESCAPE', i, text.slice(i, i + 2));
        out += replacement;
        i += 2;
      } else {
        // CPython wants the four digits and one more character (the string must still close).
        const unitValue = i + 6 < text.length ? hex4At(text, i + 2) : -1;
        if (unitValue < 0) return this.fail('INVALID_UNICODE_ESCAPE', i, text.slice(i, i + 6));
        const next = i + 6;
        if (unitValue >= 0xd800 && unitValue <= 0xdbff && next + 6 < text.length && text.startsWith('\\u', next)) {
          // An escaped high surrogate followed by an escaped low one is one character (RFC 8259 §7).
          const low = hex4At(text, next + 2);
          if (low < 0) return this.fail('INVALID_UNICODE_ESCAPE', next, text.slice(next, next + 6));
          if (low >= 0xdc00 && low <= 0xdfff) {
            out += String.fromCharCode(unitValue, low);
            i = next + 6;
            runStart = i;
            continue;
          }
        }
        if (unitValue >= 0xd800 && unitValue <= 0xdfff && this.policy.refuseLoneSurrogates)
          return this.fail('LONE_SURROGATE', i, text.slice(i, i + 6));
        out += String.fromCharCode(unitValue);
        i = next;
      }
      runStart = i;
    }
    this.pos = i + 1;
    return out + text.slice(runStart, i);
  }

  object(depth: number): PyObject | undefined {
    const text = this.text;
    const result = newPyObject();
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return result;
    }
    for (;;) {
      const keyAt = this.pos;
      if (text.charCodeAt(keyAt) !== 0x22) return this.fail('EXPECTING_PROPERTY_NAME', keyAt);
      const key = this.string();
      if (key === undefined) return undefined;
      if (this.policy.refuseDuplicateKeys && key in result) return this.fail('DUPLICATE_KEY', keyAt, key);
      this.skipWhitespace();
      if (text.charCodeAt(this.pos) !== 0x3a) return this.fail('EXPECTING_COLON', this.pos);
      this.pos++;
      this.skipWhitespace();
      const item = this.value(depth);
      if (item === undefined) return undefined;
      // A repeated key keeps its last value, as dict assignment in CPython's scanner does.
      result[key] = item;
      this.skipWhitespace();
      const delimiter = text.charCodeAt(this.pos);
      if (delimiter === 0x7d) {
        this.pos++;
        return result;
      }
      if (delimiter !== 0x2c) return this.fail('EXPECTING_COMMA', this.pos);
      this.pos++;
      this.skipWhitespace();
    }
  }

  array(depth: number): PyJson[] | undefined {
    const text = this.text;
    const result: PyJson[] = [];
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return result;
    }
    for (;;) {
      const item = this.value(depth);
      if (item === undefined) return undefined;
      result.push(item);
      this.skipWhitespace();
      const delimiter = text.charCodeAt(this.pos);
      if (delimiter === 0x5d) {
        this.pos++;
        return result;
      }
      if (delimiter !== 0x2c) return this.fail('EXPECTING_COMMA', this.pos);
      this.pos++;
      this.skipWhitespace();
    }
  }
}

/**
 * Reads one JSON document from decoded text: `JSONDecoder.decode` (skip whitespace, one value, skip whitespace, then
 * the text must end, else "Extra data"). A text starting with U+FEFF fails with EXPECTING_VALUE, since U+FEFF is not
 * JSON whitespace; that is what CPython's `json.loads(bytes)` reports for a doubled BOM.
 */
export function scanDocument(text: string, policy: ScanPolicy): ScanResult {
  const scanner = new Scanner(text, policy);
  scanner.skipWhitespace();
  const value = scanner.value(0);
  if (value === undefined)
    return { ok: false, error: scanner.error ?? { kind: 'EXPECTING_VALUE', index: scanner.pos } };
  scanner.skipWhitespace();
  if (scanner.pos !== text.length) return { ok: false, error: { kind: 'EXTRA_DATA', index: scanner.pos } };
  return { ok: true, value };
}
