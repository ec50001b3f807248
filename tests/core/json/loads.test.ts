import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { loads, loadsText } from '../../../main/core/json/loads.ts';
import { CPYTHON_MAX_DEPTH } from '../../../main/core/json/python-limits.ts';
import { PYTHON_EXCEPTION_OF, runOracle } from './cpython-oracle.ts';

interface LoadsCase {
  name: string;
  text?: string;
  hex?: string;
  expect: { canonical: string } | { code: string };
}

const cases = JSON.parse(
  readFileSync(new URL('../../vectors/json/loads-cases.json', import.meta.url), 'utf8'),
) as LoadsCase[];
const bytesOf = (c: LoadsCase) => (c.hex !== undefined ? Buffer.from(c.hex, 'hex') : Buffer.from(c.text ?? '', 'utf8'));
const answerOf = (c: LoadsCase) =>
  'canonical' in c.expect ? `ok ${c.expect.canonical}` : `err ${PYTHON_EXCEPTION_OF[c.expect.code]}`;
const enc = (text: string) => new TextEncoder().encode(text);

describe('loads(bytes) as CPython json.loads(bytes)', () => {
  it('the vectors in tests/vectors/json/loads-cases.json are what CPython itself answers', () => {
    const python = runOracle(
      ['loads'],
      cases.map((c) => bytesOf(c).toString('base64')),
    );
    cases.forEach((c, index) => expect(python[index], c.name).toBe(answerOf(c)));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = loads(bytesOf(c));
    if ('canonical' in c.expect) {
      expect(result.ok && canonical(result.value)).toBe(c.expect.canonical);
    } else {
      expect(!result.ok && result.error.code).toBe(c.expect.code);
    }
  });

  it('keeps ints and floats apart: 1 is a bigint, 1.0 and 1e0 are numbers', () => {
    const result = loads(enc('[1, 1.0, 1e0, -0]'));
    expect(result.ok && result.value).toEqual([1n, 1, 1, 0n]);
  });

  it('reads "__proto__" as an ordinary key of a null-prototype object', () => {
    const result = loads(enc('{"__proto__": {"polluted": true}}'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.value)).toBeNull();
    expect(canonical(result.value)).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reports the CPython message and position of a syntax error', () => {
    const result = loads(enc('{\n  "a": 1\n  "b": 2}'));
    expect(!result.ok && result.error.message).toBe("Expecting ',' delimiter: line 3 column 3 (char 13)");
  });

  it('loadsText refuses a str starting with U+FEFF as CPython json.loads(str) does', () => {
    const result = loadsText('\ufeff{}');
    expect(!result.ok && result.error.message).toMatch(/^Unexpected UTF-8 BOM/);
    expect(loadsText(' {"a": [1.5]} ')).toEqual({ ok: true, value: { a: [1.5] } });
  });

  it(`nesting: depth ${CPYTHON_MAX_DEPTH} loads and one more is JSON_TOO_DEEP, exactly CPython's edge at a script's top level`, () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    // Top-level code in a fresh interpreter: the least stack json.loads can be called with.
    const script = `import json\nfor n in (${CPYTHON_MAX_DEPTH}, ${CPYTHON_MAX_DEPTH + 1}):\n  try:\n    json.loads(b'[' * n + b']' * n); print('ok')\n  except RecursionError:\n    print('RecursionError')\n`;
    const python = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
    expect(python.stdout).toBe('ok\nRecursionError\n');
    expect(loads(enc(nested(CPYTHON_MAX_DEPTH))).ok).toBe(true);
    const deeper = loads(enc(nested(CPYTHON_MAX_DEPTH + 1)));
    expect(!deeper.ok && deeper.error.code).toBe('JSON_TOO_DEEP');
  });

  it('a doubly nested object at depth 20000 is refused without exhausting the JS stack', () => {
    const result = loads(enc('{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)));
    expect(!result.ok && result.error.code).toBe('JSON_TOO_DEEP');
  });

  it('known limitation: a lone high and a lone low surrogate from separate escapes read as one astral character, and encode identically', () => {
    // CPython keeps "\ud83d" + raw U+DE00 as two code points; a JS string cannot. The canonical bytes agree.
    const bytes = Buffer.concat([Buffer.from('"\\ud83d'), Buffer.from([0xed, 0xb8, 0x80]), Buffer.from('"')]);
    const [python] = runOracle(['loads'], [bytes.toString('base64')]);
    const result = loads(bytes);
    expect(python).toBe('ok "\\ud83d\\ude00"');
    expect(result.ok && `ok ${canonical(result.value)}`).toBe(python);
  });
});
