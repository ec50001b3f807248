import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditEntryHash, AUDIT_GENESIS_HASH } from '../../main/core/audit/entry-hash.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit, auditHead, auditRows } from '../../main/db/audit-log.ts';
import { openDatabase, type Db } from '../../main/db/open-database.ts';
import { tempFolder } from './support/temp-db.ts';

let folder: ReturnType<typeof tempFolder>;
let db: Db;

beforeEach(() => {
  folder = tempFolder('proveit-audit-log-');
  db = openDatabase(folder.file('console.sqlite'));
});

afterEach(() => {
  db.close();
  folder.remove();
});

describe('audit log table (migration 6)', () => {
  it('an empty log has head seq 0 and 64 zeros', () => {
    expect(auditHead(db)).toEqual({ seq: 0, hash: '0'.repeat(64) });
  });

  it('appends chain each entry to the previous one, seq 1, 2, 3', () => {
    const first = appendAudit(db, { atMs: 1000, actor: 'alice', action: 'freeze.create', summary: 'froze' });
    const second = appendAudit(db, {
      atMs: 2000,
      actor: 'bob',
      action: 'season.close',
      summary: 'closed',
      details: pyObjectFrom([['season', 1n]]),
    });
    expect(first.seq).toBe(1);
    expect(second.seq).toBe(2);
    expect(auditHead(db)).toEqual(second);
    const rows = auditRows(db);
    expect(rows[0]!.prevHash).toBe(AUDIT_GENESIS_HASH);
    expect(rows[1]!.prevHash).toBe(first.hash);
    expect(rows[1]!.details).toBe('{"season":1}');
    expect(
      auditEntryHash({
        seq: 2,
        atMs: 2000,
        actor: 'bob',
        action: 'season.close',
        summary: 'closed',
        details: pyObjectFrom([['season', 1n]]),
        prevHash: first.hash,
      }),
    ).toBe(second.hash);
  });

  it('an UPDATE or DELETE through sqlite is refused by the triggers', () => {
    appendAudit(db, { atMs: 1000, actor: 'alice', action: 'freeze.create', summary: 'froze' });
    expect(() => db.prepare("UPDATE audit_log SET actor = 'mallory'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
  });

  it('an append inside a rolled-back transaction leaves no entry', () => {
    expect(() =>
      db.transaction(() => {
        appendAudit(db, { atMs: 1000, actor: 'alice', action: 'freeze.create', summary: 'froze' });
        throw new Error('rollback');
      })(),
    ).toThrow('rollback');
    expect(auditHead(db).seq).toBe(0);
  });
});
