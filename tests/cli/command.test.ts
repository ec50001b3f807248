import { describe, expect, it } from 'vitest';
import { EXIT, usageError, type Command } from '../../main/cli/command.ts';
import { captureIo } from '../support/capture-io.ts';

const command: Command = {
  path: ['corpus', 'check'],
  summary: 'a command for the test',
  usage: 'corpus check DIR [--json]',
  run: async () => EXIT.ok,
};

describe('usageError', () => {
  it('prints what was wrong under the command name, then the usage line, and exits 2', () => {
    const io = captureIo();
    expect(usageError(io, command, 'give exactly one track folder')).toBe(2);
    expect(io.stderr).toBe(
      'proveit corpus check: give exactly one track folder\nusage: proveit corpus check DIR [--json]\n',
    );
    expect(io.stdout).toBe('');
  });
});
