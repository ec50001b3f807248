import { closeSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { pyObjectFrom } from '../../../main/core/json/value.ts';
import { appendAudit } from '../../../main/db/audit-log.ts';
import { openDatabase } from '../../../main/db/open-database.ts';

/** An operator database at `file` with 200 audit entries (enough pages to damage one), closed: its WAL folded in. */
export function databaseOfManyPages(file: string): void {
  const db = openDatabase(file);
  for (let i = 0; i < 200; i++)
    appendAudit(db, {
      atMs: 1_790_000_000_000 + i,
      actor: 'alice',
      action: 'incident.note',
      summary: `note ${i} ${'x'.repeat(200)}`,
      details: pyObjectFrom([]),
    });
  db.close();
}

/**
 * Overwrites a page in the middle of a closed database, as a failing disk or a stray write would: the header stays
 * intact, so SQLite still opens and copies the file, and only integrity_check finds the damage.
 */
export function overwriteAPage(file: string): void {
  const pageSize = readFileSync(file).readUInt16BE(16);
  const pages = statSync(file).size / pageSize;
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, Math.floor(pages / 2) * pageSize);
  } finally {
    closeSync(fd);
  }
}
