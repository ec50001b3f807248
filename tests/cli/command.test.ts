import { describe, expect, it } from 'vitest';
import { usageError } from '../../main/cli/command.ts';
import { may, positional } from '../../main/cli/options/synopsis.ts';
import { captureIo } from '../support/capture-io.ts';
import { usageOnlyCommand } from '../support/usage-only-command.ts';

const command = usageOnlyCommand(['corpus', 'check'], [positional('DIR'), may('json')]);

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
