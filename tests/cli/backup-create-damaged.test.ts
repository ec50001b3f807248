import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { backupCreateCommand } from '../../main/cli/backup-commands.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit } from '../../main/db/audit-log.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';

// `proveit backup create` on a database whose pages were overwritten on disk (docs/operator-database.md "Backups"):
// a refusal with its code in the --json shape and exit 1, where it used to write a backup and say ok.
const folder = tempFolder('proveit-backup-damaged-cli-');

afterAll(() => folder.remove());

describe('proveit backup create on a damaged database', () => {
  it('exits 1 with BACKUP_SOURCE_DAMAGED as JSON and writes no backup', async () => {
    const dbFile = folder.file('console.sqlite');
    const db = openDatabase(dbFile);
    for (let i = 0; i < 200; i++)
      appendAudit(db, {
        atMs: 1_790_000_000_000 + i,
        actor: 'alice',
        action: 'incident.note',
        summary: `note ${i} ${'x'.repeat(200)}`,
        details: pyObjectFrom([]),
      });
    db.close();
    const pageSize = readFileSync(dbFile).readUInt16BE(16);
    const fd = openSync(dbFile, 'r+');
    writeSync(
      fd,
      Buffer.alloc(pageSize, 0x5a),
      0,
      pageSize,
      Math.floor(statSync(dbFile).size / pageSize / 2) * pageSize,
    );
    closeSync(fd);
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
