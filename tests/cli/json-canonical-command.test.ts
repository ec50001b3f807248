import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'proveit-json-canonical-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('proveit json canonical', () => {
  it('prints the canonical form of stdin with one newline', async () => {
    const io = captureIo('{"b": 1.0, "a": "café", "c": [1e16, 1E-5]}');
    expect(await main(['json', 'canonical'], io)).toBe(0);
    expect(io.stdout).toBe('{"a":"caf\\u00e9","b":1.0,"c":[1e+16,1e-05]}\n');
  });

  it('reads FILE, UTF-16 included, as json.loads(bytes) does', async () => {
    const file = join(dir, 'utf16.json');
    writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"k": 10}', 'utf16le')]));
    const io = captureIo();
    expect(await main(['json', 'canonical', file], io)).toBe(0);
    expect(io.stdout).toBe('{"k":10}\n');
  });

  it('--lines prints one canonical line per input line', async () => {
    const io = captureIo('{"z": 1, "a": 2}\r\n[NaN, -0.0]\n"\\ud83d\\ude00"\n');
    expect(await main(['json', 'canonical', '--lines'], io)).toBe(0);
    expect(io.stdout).toBe('{"a":2,"z":1}\n[NaN,-0.0]\n"\\ud83d\\ude00"\n');
  });

  it('--sha256 prints the hash of the canonical text (the proof-spec request_hash vector)', async () => {
    const io = captureIo('{ "repo_url" : "https://github.com/example/app" }');
    expect(await main(['json', 'canonical', '--sha256'], io)).toBe(0);
    expect(io.stdout).toBe('0987aa49eb45583406b66c77ea6f35498bd318b81040bec9c54ab439114abe42\n');
  });

  it('--lines exits 2 naming every line CPython refuses, and prints nothing on stdout', async () => {
    const io = captureIo('{"ok": 1}\n{"a": 1,}\n[1]\n01\n');
    expect(await main(['json', 'canonical', '--lines'], io)).toBe(2);
    expect(io.stdout).toBe('');
    expect(io.stderr).toContain('stdin line 2: ');
    expect(io.stderr).toContain('stdin line 4: ');
    expect(io.stderr).toContain('JSON_SYNTAX');
    expect(io.stderr).not.toContain('line 3:');
  });

  it('a refused document exits 2 with CPython’s reason', async () => {
    const io = captureIo('1'.repeat(4301));
    expect(await main(['json', 'canonical'], io)).toBe(2);
    expect(io.stderr).toContain('JSON_INT_TOO_LONG');
  });

  it('an unknown option or a missing file is a usage error (exit 2)', async () => {
    const unknown = captureIo();
    expect(await main(['json', 'canonical', '--pretty'], unknown)).toBe(2);
    expect(unknown.stderr).toContain('usage: proveit json canonical');
    const missing = captureIo();
    expect(await main(['json', 'canonical', join(dir, 'absent.json')], missing)).toBe(2);
    expect(missing.stderr).toContain('cannot read');
  });

  it('works through the real launcher (node bin/proveit.mjs) on stdin', () => {
    const run = spawnSync('node', ['bin/proveit.mjs', 'json', 'canonical', '--lines'], {
      input: '{"b":[1,2.50],"a":null}\n{"\uffff":1,"\u{10000}":2}\n',
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('{"a":null,"b":[1,2.5]}\n{"\\uffff":1,"\\ud800\\udc00":2}\n');
  });
});

describe('proveit json canonical --json', () => {
  it('prints one JSON document with each canonical text and its SHA-256', async () => {
    const io = captureIo('{}\n[1.0]\n');
    expect(await main(['json', 'canonical', '--lines', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toEqual({
      ok: true,
      file: 'stdin',
      documents: [
        { canonical: '{}', sha256: '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a' },
        { canonical: '[1.0]', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    });
  });

  it('lists the refused lines with code and message, exit 2', async () => {
    const io = captureIo('{}\n{"a"}\n');
    expect(await main(['json', 'canonical', '--lines', '--json'], io)).toBe(2);
    expect(JSON.parse(io.stdout)).toEqual({
      ok: false,
      file: 'stdin',
      refused: [{ line: 2, code: 'JSON_SYNTAX', message: "Expecting ':' delimiter: line 1 column 5 (char 4)" }],
    });
  });
});
