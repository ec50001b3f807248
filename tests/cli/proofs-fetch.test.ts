import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';

const folder = mkdtempSync(join(tmpdir(), 'proveit-cli-fetch-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('proveit proofs fetch: arguments', () => {
  it('without --trust-layer it is a usage error (exit 2) showing an example', async () => {
    const io = captureIo();
    expect(await main(['proofs', 'fetch', '--ids', 'x'], io)).toBe(2);
    expect(io.stderr).toContain('--trust-layer https://trust.arkforge.tech');
  });

  it('a malformed id stops before any read, naming its line (exit 1)', async () => {
    const file = join(folder, 'ids.txt');
    writeFileSync(file, 'prf_20261001_120000_000001\nprf_20261001_120000_00000G\n');
    const io = captureIo();
    const code = await main(
      ['proofs', 'fetch', '--trust-layer', 'http://127.0.0.1:9', '--ids', file, '--db', join(folder, 'x.sqlite')],
      io,
    );
    expect(code).toBe(1);
    expect(io.stderr).toContain('line 2:');
  });

  it('a batch size above 50 is a usage error', async () => {
    const io = captureIo();
    expect(await main(['proofs', 'fetch', '--trust-layer', 'http://x', '--ids', 'x', '--batch-size', '51'], io)).toBe(
      2,
    );
    expect(io.stderr).toContain('a whole number from 1 to 50');
  });
});
