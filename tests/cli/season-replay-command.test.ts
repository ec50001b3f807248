import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'season-replay-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function proveit(args: string[]) {
  const io = captureIo();
  const code = await main(['season', 'replay', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('proveit season replay', () => {
  it.each([
    ['no bundle', ['--out', join(dir, 'o')], 'give the bundle folder'],
    ['two bundles', ['a', 'b', '--out', join(dir, 'o')], 'give one bundle folder'],
    ['no --out', ['a'], '--out DIR is required'],
    [
      'an unknown option',
      ['a', '--out', join(dir, 'o'), '--trust-layer', 'http://x'],
      "Unknown option '--trust-layer'",
    ],
  ])('%s: usage error, exit 2', async (_name, args, message) => {
    const { code, stderr } = await proveit(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('usage: proveit season replay BUNDLE --out DIR');
  });

  it('a folder that is not a bundle: exit 1, REPLAY_FILE_MISSING naming bundle.json', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const { code, stdout } = await proveit([empty, '--out', join(dir, 'out-empty'), '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      identical: false,
      code: 'REPLAY_FILE_MISSING',
      failures: [{ details: { file: 'bundle.json' } }],
    });
  });

  it('a bundle.json of another format: exit 1, REPLAY_INDEX_INVALID', async () => {
    const other = join(dir, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'bundle.json'), '{"format": "proveit-trust-bundle/1"}\n');
    const { code, stderr } = await proveit([other, '--out', join(dir, 'out-other')]);
    expect(code).toBe(1);
    expect(stderr).toContain('REPLAY_INDEX_INVALID');
  });

  it('an --out folder that holds files is refused', async () => {
    const busy = join(dir, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep'), 'x');
    const { code, stderr } = await proveit([join(dir, 'empty'), '--out', busy]);
    expect(code).toBe(1);
    expect(stderr).toContain('REPLAY_OUT_NOT_EMPTY');
  });
});
