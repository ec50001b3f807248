import { describe, expect, it } from 'vitest';
import { freezeAdoptCommand } from '../../main/cli/freeze-adopt.ts';
import { captureIo } from '../support/capture-io.ts';

const run = async (args: string[]) => {
  const io = captureIo();
  const code = await freezeAdoptCommand.run(args, io);
  return { code, ...io };
};

describe('proveit freeze adopt: usage', () => {
  it('without a published freeze, or without the seals, exits 2 and says what to type', async () => {
    const none = await run(['--corpus', 'c', '--seals', 's', '--trust-layer', 'http://127.0.0.1:1']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /--freeze FILE is required: give each published freeze document of the track\nusage: proveit freeze adopt/,
    );
    const noSeals = await run(['--corpus', 'c', '--freeze', 'f', '--trust-layer', 'http://127.0.0.1:1']);
    expect(noSeals.code).toBe(2);
    expect(noSeals.stderr).toContain('--seals FILE is required');
  });

  it('a seals file that cannot be read is refused before any database is opened', async () => {
    const result = await run([
      ...['--corpus', 'c', '--freeze', 'tests/vectors/freeze/publication-with-replacement.json'],
      ...['--seals', '/nonexistent/seals.json', '--trust-layer', 'http://127.0.0.1:1', '--json'],
    ]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: false, code: 'INPUT_UNREADABLE' });
  });
});
