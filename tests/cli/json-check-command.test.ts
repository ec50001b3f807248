import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'proveit-json-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('proveit json check', () => {
  it('exits 0 on a document intake accepts', async () => {
    const io = captureIo('{"verdict": "conforme", "assertions": []}');
    expect(await main(['json', 'check'], io)).toBe(0);
    expect(io.stdout).toBe('stdin: accepted (41 bytes)\n');
  });

  it('exits 1 with code, line, column, byte offset and message on a repeated key', async () => {
    const file = join(dir, 'dup.json');
    writeFileSync(file, '{\n  "verdict": "a",\n  "verdict": "b"\n}\n');
    const io = captureIo();
    expect(await main(['json', 'check', file], io)).toBe(1);
    expect(io.stdout).toBe(
      `${file}:3:3: INTAKE_DUPLICATE_KEY (byte 22): duplicate key "verdict" at line 3 column 3 (byte 22): each key may appear once in an object; remove one of them\n`,
    );
  });

  it('--json prints one JSON document with the refusal', async () => {
    const io = captureIo('[1, NaN]');
    expect(await main(['json', 'check', '--json'], io)).toBe(1);
    expect(JSON.parse(io.stdout)).toEqual({
      ok: false,
      file: 'stdin',
      code: 'INTAKE_NON_FINITE_NUMBER',
      line: 1,
      column: 5,
      offset: 4,
      message: expect.stringContaining('NaN at line 1 column 5 (byte 4)'),
    });
  });

  it('--json on an accepted document', async () => {
    const io = captureIo('[]');
    expect(await main(['json', 'check', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toEqual({ ok: true, file: 'stdin', bytes: 2 });
  });

  it('two FILE arguments are a usage error (exit 2)', async () => {
    const io = captureIo();
    expect(await main(['json', 'check', 'a.json', 'b.json'], io)).toBe(2);
    expect(io.stderr).toContain('usage: proveit json check');
  });

  it('works through the real launcher (node bin/proveit.mjs) with --json', () => {
    const run = spawnSync('node', ['bin/proveit.mjs', 'json', 'check', '--json'], {
      input: '{"a": 1} {"b": 2}',
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ code: 'INTAKE_TRAILING_DATA', line: 1, column: 10, offset: 9 });
  });
});
