import { describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { captureIo } from '../support/capture-io.ts';

describe('proveit CLI dispatch', () => {
  it('--help lists every command and exits 0', async () => {
    const io = captureIo();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.stdout).toContain('console');
  });

  it('an unknown command exits 2 and names what was typed', async () => {
    const io = captureIo();
    expect(await main(['no-such-thing'], io)).toBe(2);
    expect(io.stderr).toContain("unknown command 'no-such-thing'");
  });
});
