import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonical } from '../../../main/core/json/canonical.ts';
import { INTAKE_MAX_BYTES, INTAKE_MAX_DEPTH, parseIntake } from '../../../main/core/json/intake.ts';

interface RefusalCase {
  name: string;
  text?: string;
  hex?: string;
  code: string;
  line: number;
  column: number;
  offset: number;
}

const refusals = JSON.parse(
  readFileSync(new URL('../../vectors/json/intake-refusals.json', import.meta.url), 'utf8'),
) as RefusalCase[];
const enc = (text: string) => new TextEncoder().encode(text);

describe('parseIntake: the strict parser for untrusted documents', () => {
  it.each(refusals.map((c) => [c.name, c] as const))(
    'refuses %s with its code, line, column and byte offset',
    (_n, c) => {
      const bytes = c.hex !== undefined ? Buffer.from(c.hex, 'hex') : enc(c.text ?? '');
      const result = parseIntake(bytes);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(c.code);
      expect(result.error.details).toMatchObject({ line: c.line, column: c.column, offset: c.offset });
      expect(result.error.message).toContain(`line ${c.line} column ${c.column} (byte ${c.offset})`);
    },
  );

  it('names the repeated key and says what to do in the message', () => {
    const result = parseIntake(enc('{\n  "verdict": "conforme",\n  "verdict": "non_conforme"\n}'));
    expect(!result.ok && result.error.message).toBe(
      'duplicate key "verdict" at line 3 column 3 (byte 29): each key may appear once in an object; remove one of them',
    );
  });

  it('accepts a spec §4 submission and reads it to the value CPython reads', () => {
    const submission = readFileSync(new URL('../../vectors/json/submission-example.json', import.meta.url));
    const result = parseIntake(submission);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(canonical(result.value)).toBe(
      readFileSync(new URL('../../vectors/json/submission-example.canonical', import.meta.url), 'utf8').trimEnd(),
    );
  });

  it('accepts escaped astral characters, -0, 1E5, huge ints and raw non-ASCII text', () => {
    const result = parseIntake(enc('{"k": ["\\ud83d\\ude00", "é😀", -0, 1E5, 123456789012345678901234567890]}'));
    expect(result.ok && canonical(result.value)).toBe(
      '{"k":["\\ud83d\\ude00","\\u00e9\\ud83d\\ude00",0,100000.0,123456789012345678901234567890]}',
    );
  });

  it(`accepts exactly ${INTAKE_MAX_DEPTH} levels of nesting`, () => {
    const depth = INTAKE_MAX_DEPTH;
    expect(parseIntake(enc('['.repeat(depth) + ']'.repeat(depth))).ok).toBe(true);
  });

  it(`accepts exactly ${INTAKE_MAX_BYTES} bytes and refuses one more with INTAKE_TOO_LARGE at the first excess byte`, () => {
    const fits = enc(`"${'a'.repeat(INTAKE_MAX_BYTES - 2)}"`);
    expect(fits.length).toBe(INTAKE_MAX_BYTES);
    expect(parseIntake(fits).ok).toBe(true);
    const tooLarge = parseIntake(enc(`"${'a'.repeat(INTAKE_MAX_BYTES - 1)}"`));
    expect(!tooLarge.ok && tooLarge.error.code).toBe('INTAKE_TOO_LARGE');
    expect(!tooLarge.ok && tooLarge.error.details).toMatchObject({ offset: INTAKE_MAX_BYTES, line: 1 });
  });

  it('takes smaller caps from the caller', () => {
    const deep = parseIntake(enc('[[[]]]'), { maxDepth: 2 });
    expect(!deep.ok && deep.error.code).toBe('INTAKE_TOO_DEEP');
    expect(!deep.ok && deep.error.message).toContain('deeper than 2 levels');
    const large = parseIntake(enc('[1, 2, 3]'), { maxBytes: 8 });
    expect(!large.ok && large.error.code).toBe('INTAKE_TOO_LARGE');
  });

  it('counts columns in characters and offsets in bytes after multi-byte text', () => {
    const result = parseIntake(enc('{"né😀": 1 "x"}'));
    expect(!result.ok && result.error.details).toMatchObject({ line: 1, column: 11, offset: 14 });
  });
});
