import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCreateCommand } from '../../main/cli/backup-commands.ts';
import { captureIo } from '../support/capture-io.ts';
import { databaseOfManyPages, overwriteAPage } from '../db/support/damaged-database.ts';
import { tempFolder } from '../db/support/temp-db.ts';

// `proveit backup create` on a database whose pages were overwritten on disk (docs/operator-database.md "Backups"):
// a refusal with its code in the --json shape and exit 1, where it used to write a backup and say ok.
const folder = tempFolder('proveit-backup-damaged-cli-');

afterAll(() => folder.remove());

describe('proveit backup create on a damaged database', () => {
  it('exits 1 with BACKUP_SOURCE_DAMAGED as JSON and writes no backup', async () => {
    const dbFile = folder.file('console.sqlite');
    databaseOfManyPages(dbFile);
    overwriteAPage(dbFile);
    const passFile = folder.file('passphrase');
    writeFileSync(passFile, 'correct horse battery staple 7319\n', { mode: 0o600 });
    const out = folder.file('out.backup');

    const io = captureIo();
    const code = await backupCreateCommand.run(
      ['--db', dbFile, '--out', out, '--passphrase-file', passFile, '--json'],
      io,
    );

    expect(code).toBe(1);
    expect(JSON.parse(io.stdout)).toMatchObject({ ok: false, code: 'BACKUP_SOURCE_DAMAGED' });
    expect(existsSync(out)).toBe(false);
  });
});
