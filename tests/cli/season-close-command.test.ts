import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'season-close-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = [
  '--season',
  '1',
  '--track',
  'conformite',
  '--corpus',
  'corpus/season-1/conformite',
  '--trust-layer',
  'http://127.0.0.1:9',
  '--out',
  join(dir, 'out'),
  '--db',
  join(dir, 'console.sqlite'),
];

const SERVICE_KEY = ['--service-key', 'ab'.repeat(32)];

async function proveit(args: string[]) {
  const io = captureIo();
  const code = await main(['season', 'close', ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe('proveit season close: usage errors exit 2 with what to type instead', () => {
  it.each([
    ['no --season', base.slice(2).concat('--submissions', 'x'), '--season N is required'],
    [
      'an unknown track',
      ['--season', '1', '--track', 'other', ...base.slice(4), '--submissions', 'x', ...SERVICE_KEY],
      '--track must be conformite or generique',
    ],
    [
      'no --corpus',
      base.filter((_, i) => i !== 4 && i !== 5).concat('--submissions', 'x', ...SERVICE_KEY),
      '--corpus DIR is required: the track folder the season ran on',
    ],
    [
      'no --out',
      base.filter((_, i) => i !== 8 && i !== 9).concat('--submissions', 'x', ...SERVICE_KEY),
      '--out DIR is required',
    ],
    ['no submissions source', base, 'exactly one of --submissions FILE'],
    [
      'both submissions sources',
      [...base, '--submissions', 'x', '--season-url', 'http://127.0.0.1:9', '--operator-token-file', 'y'],
      'exactly one of --submissions FILE',
    ],
    ['--season-url without its token file', [...base, '--season-url', 'http://127.0.0.1:9'], 'go together'],
    [
      '--submissions without the key that signed it',
      [...base, '--submissions', 'x'],
      '--submissions FILE and --service-key HEX go together',
    ],
    ['a --service-key that is not a key', [...base, '--submissions', 'x', '--service-key', 'abc'], 'is not 64 hex'],
    [
      'a --trust-layer that is not a URL',
      [...base.slice(0, 6), '--trust-layer', 'trust', ...base.slice(8), '--submissions', 'x', ...SERVICE_KEY],
      "--trust-layer 'trust' is not a URL, e.g. --trust-layer https://trust.arkforge.tech",
    ],
    ['an unknown option', [...base, '--submissions', 'x', '--now', '2026-11-01T00:00:00Z'], "Unknown option '--now'"],
  ])('%s', async (_name, args, message) => {
    const { code, stderr } = await proveit(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
    expect(stderr).toContain('usage: proveit season close --season N');
  });

  it('an unreadable submissions file is refused (exit 1) naming it', async () => {
    const { code, stderr } = await proveit([...base, '--submissions', join(dir, 'missing.ndjson'), ...SERVICE_KEY]);
    expect(code).toBe(1);
    expect(stderr).toContain('INPUT_UNREADABLE');
    expect(stderr).toContain('missing.ndjson');
  });

  it('a season with no freeze in the database is refused (exit 1, FREEZE_NOT_FOUND) with --json', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(dir, 'export.ndjson');
    writeFileSync(file, '');
    const { code, stdout } = await proveit([...base, '--submissions', file, ...SERVICE_KEY, '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, code: 'FREEZE_NOT_FOUND' });
  });

  it('is listed by --help next to season serve, with season replay', async () => {
    const io = captureIo();
    await main(['--help'], io);
    const text = io.stdout + io.stderr;
    expect(text).toMatch(/season serve[\s\S]*season close[\s\S]*season replay/);
  });
});
