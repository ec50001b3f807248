import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction, Refused } from '../../main/services/refused.ts';

let dir: string;
let db: Database.Database;
let other: Database.Database;

const rows = () => (db.prepare('SELECT name FROM item ORDER BY name').all() as { name: string }[]).map((r) => r.name);
const insert = (name: string) => db.prepare('INSERT INTO item (name) VALUES (?)').run(name);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'in-transaction-'));
  const file = join(dir, 'items.sqlite');
  db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE item (name TEXT PRIMARY KEY)');
  // A second connection to the same file, which never waits for a lock.
  other = new Database(file, { timeout: 0 });
});

afterEach(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('inTransaction: one write transaction whose refusal is a Result', () => {
  it('a success commits every write and returns the value', () => {
    const result = inTransaction(db, () => {
      insert('a');
      insert('b');
      return 2;
    });
    expect(result).toEqual({ ok: true, value: 2 });
    expect(rows()).toEqual(['a', 'b']);
    expect(other.prepare('SELECT count(*) AS n FROM item').get()).toEqual({ n: 2 });
  });

  it('a refusal inside rolls back every write made before it and is returned with its code, message and details', () => {
    insert('kept');
    const failure = { code: 'ITEM_REFUSED', message: 'the second item is refused', details: { name: 'b' } };
    const result = inTransaction(db, () => {
      insert('a');
      insert('b');
      throw new Refused(failure);
    });
    expect(result).toEqual({ ok: false, error: failure });
    expect(rows()).toEqual(['kept']);
    expect(db.inTransaction).toBe(false);
  });

  it('an error that is not a refusal rolls back too and is thrown on (a fault, not a Result)', () => {
    expect(() =>
      inTransaction(db, () => {
        insert('a');
        insert('a');
      }),
    ).toThrow(/UNIQUE constraint failed/);
    expect(rows()).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });

  it('takes the write lock before the first write (BEGIN IMMEDIATE): another writer is refused while it runs', () => {
    const result = inTransaction(db, () => {
      expect(() => other.exec('BEGIN IMMEDIATE')).toThrow(/database is locked/);
      return 'read under the lock';
    });
    expect(result.ok).toBe(true);
    other.exec('BEGIN IMMEDIATE');
    other.exec('ROLLBACK');
  });
});
