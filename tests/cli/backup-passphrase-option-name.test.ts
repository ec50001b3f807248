import { afterAll, describe, expect, it } from 'vitest';
import { backupPolicyOf } from '../../main/cli/backup-after-option.ts';
import { consoleCommand } from '../../main/cli/console-command.ts';
import { EXIT } from '../../main/cli/command.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';

// Issue 37 point 3: `proveit console --backup-dir DIR` without a passphrase file refused naming `--passphrase-file`,
// which the console rejects as an unknown option. The refusal names the option the console (and every act run with
// --backup-dir) takes: --backup-passphrase-file.
const dir = tempFolder('backup-passphrase-option-');
afterAll(() => dir.remove());

describe('the backup passphrase refusal of the console names the console’s option', () => {
  it('a --backup-dir without its passphrase file is refused naming --backup-passphrase-file, never --passphrase-file', async () => {
    const io = captureIo();
    expect(await backupPolicyOf(consoleCommand, io, { 'backup-dir': dir.path })).toBe(EXIT.failed);
    expect(io.stderr).toContain('BACKUP_PASSPHRASE_FILE_MISSING');
    expect(io.stderr).toContain('give --backup-passphrase-file FILE holding the passphrase');
    expect(io.stderr).not.toMatch(/(^|[^-])--passphrase-file/);
  });
});
