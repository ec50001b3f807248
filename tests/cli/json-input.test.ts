import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonCommandInput } from '../../main/cli/json-input.ts';
import { may, positional } from '../../main/cli/options/synopsis.ts';
import { captureIo } from '../support/capture-io.ts';
import { usageOnlyCommand } from '../support/usage-only-command.ts';

const dir = mkdtempSync(join(tmpdir(), 'proveit-json-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const command = usageOnlyCommand(['json', 'check'], [may('json'), positional('[FILE]')]);

/** The input with its bytes as text, or the exit code as is. */
function readable(input: number | { flags: object; bytes: Uint8Array; name: string }) {
  return typeof input === 'number'
    ? input
    : { flags: input.flags, name: input.name, text: Buffer.from(input.bytes).toString() };
}

describe('readJsonCommandInput', () => {
  it('reads FILE with the flags given', async () => {
    const file = join(dir, 'doc.json');
    writeFileSync(file, '{"a": 1}');
    expect(readable(await readJsonCommandInput(captureIo(), command, ['--json', file]))).toEqual({
      flags: { json: true },
      name: file,
      text: '{"a": 1}',
    });
  });

  it('reads stdin when FILE is absent or "-"', async () => {
    for (const args of [[], ['-']]) {
      expect(readable(await readJsonCommandInput(captureIo('[1]'), command, args))).toEqual({
        flags: { json: false },
        name: 'stdin',
        text: '[1]',
      });
    }
  });

  it('two FILE arguments: the count and the usage line, exit 2', async () => {
    const io = captureIo();
    expect(await readJsonCommandInput(io, command, ['a.json', 'b.json'])).toBe(2);
    expect(io.stderr).toBe('proveit json check: one FILE at most, got 2\nusage: proveit json check [--json] [FILE]\n');
  });

  it('an unknown flag: parseArgs message and the usage line, exit 2', async () => {
    const io = captureIo();
    expect(await readJsonCommandInput(io, command, ['--bogus'])).toBe(2);
    expect(io.stderr).toMatch(
      /^proveit json check: Unknown option '--bogus'.*\nusage: proveit json check \[--json\] \[FILE\]\n$/s,
    );
  });

  it('a FILE that cannot be read is named, exit 2', async () => {
    const missing = join(dir, 'absent.json');
    const io = captureIo();
    expect(await readJsonCommandInput(io, command, [missing])).toBe(2);
    expect(io.stderr).toMatch(new RegExp(`^proveit json check: cannot read ${missing}: ENOENT`));
  });
});
