import { encodeFloat, encodeString } from '../../main/core/json/canonical.ts';
import { newPyObject, type PyJson } from '../../main/core/json/value.ts';

/**
 * The devnet's JSON on the wire, as the Python Trust Layer reads and writes it.
 *
 * Reading follows `json.loads`: an integer literal is a Python int (bigint), a literal with a fraction or an
 * exponent is a float (number), duplicate keys resolve last-wins, NaN/Infinity are accepted. Writing follows
 * `json.dumps(x, separators=(",", ":"))` without sort_keys: keys in insertion order, floats as Python's repr
 * (`0.0`), ints exact. (JS objects list integer-like keys first; a devnet document never relies on their order.)
 */
export class PyJsonSyntaxError extends Error {}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const MAX_DEPTH = 512;

class Reader {
  position = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new PyJsonSyntaxError(`${what} at character ${this.position}`);
  }

  skipWhitespace(): void {
    while (WHITESPACE.has(this.text.charCodeAt(this.position))) this.position += 1;
  }

  value(depth: number): PyJson {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    this.skipWhitespace();
    const char = this.text[this.position];
    if (char === '{') return this.object(depth);
    if (char === '[') return this.array(depth);
    if (char === '"') return this.string();
    for (const [word, value] of LITERALS) {
      if (this.text.startsWith(word, this.position)) {
        this.position += word.length;
        return value;
      }
    }
    return this.number();
  }

  object(depth: number): PyJson {
    const result = newPyObject();
    this.position += 1;
    this.skipWhitespace();
    if (this.text[this.position] === '}') {
      this.position += 1;
      return result;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.position] !== '"') this.fail('expected a string key');
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.position] !== ':') this.fail("expected ':'");
      this.position += 1;
      result[key] = this.value(depth + 1);
      this.skipWhitespace();
      const next = this.text[this.position];
      this.position += 1;
      if (next === '}') return result;
      if (next !== ',') this.fail("expected ',' or '}'");
    }
  }

  array(depth: number): PyJson {
    const result: PyJson[] = [];
    this.position += 1;
    this.skipWhitespace();
    if (this.text[this.position] === ']') {
      this.position += 1;
      return result;
    }
    for (;;) {
      result.push(this.value(depth + 1));
      this.skipWhitespace();
      const next = this.text[this.position];
      this.position += 1;
      if (next === ']') return result;
      if (next !== ',') this.fail("expected ',' or ']'");
    }
  }

  string(): string {
    this.position += 1;
    let out = '';
    for (;;) {
      const char = this.text[this.position];
      if (char === undefined) this.fail('unterminated string');
      this.position += 1;
      if (char === '"') return out;
      if (char === '\\') {
        const escape = this.text[this.position] ?? '';
        this.position += 1;
        if (escape === 'u') {
          const hex = this.text.slice(this.position, this.position + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('invalid \\u escape');
          out += String.fromCharCode(parseInt(hex, 16));
          this.position += 4;
        } else {
          const simple = SIMPLE_ESCAPES[escape];
          if (simple === undefined) this.fail('invalid escape');
          out += simple;
        }
      } else {
        if (char.charCodeAt(0) < 0x20) this.fail('control character in string');
        out += char;
      }
    }
  }

  number(): PyJson {
    const match = /^-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/.exec(this.text.slice(this.position));
    if (!match) this.fail('expected a JSON value');
    this.position += match[0].length;
    return match[1] === undefined && match[2] === undefined ? BigInt(match[0]) : Number(match[0]);
  }
}

const LITERALS: [string, PyJson][] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
];

/** `json.loads(text)`; throws PyJsonSyntaxError on anything Python would refuse. */
export function parsePyJson(text: string): PyJson {
  const reader = new Reader(text);
  const value = reader.value(0);
  reader.skipWhitespace();
  if (reader.position !== text.length) reader.fail('extra data');
  return value;
}

/** `json.loads(bytes)` for UTF-8 bodies (a BOM is refused, as Python does for str input). */
export function parsePyJsonBytes(bytes: Uint8Array): PyJson {
  return parsePyJson(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
}

function writeInto(value: PyJson | undefined, parts: string[]): void {
  if (value === null || value === undefined) parts.push('null');
  else if (value === true) parts.push('true');
  else if (value === false) parts.push('false');
  else if (typeof value === 'bigint') parts.push(value.toString());
  else if (typeof value === 'number') parts.push(encodeFloat(value));
  else if (typeof value === 'string') parts.push(encodeString(value));
  else if (Array.isArray(value)) {
    parts.push('[');
    value.forEach((item, index) => {
      if (index > 0) parts.push(',');
      writeInto(item, parts);
    });
    parts.push(']');
  } else {
    parts.push('{');
    Object.keys(value).forEach((key, index) => {
      if (index > 0) parts.push(',');
      parts.push(encodeString(key), ':');
      writeInto(value[key], parts);
    });
    parts.push('}');
  }
}

/** `json.dumps(value, separators=(",", ":"))`: insertion order, Python number spellings. */
export function writePyJson(value: PyJson): string {
  const parts: string[] = [];
  writeInto(value, parts);
  return parts.join('');
}
