import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freezeInForceOf,
  freezesOf,
  insertFreeze,
  recordReveals,
  revealedAtOf,
  sealOf,
} from '../../main/db/freezes.ts';
import { openDatabase, type Db } from '../../main/db/open-database.ts';
import { freezeRow } from './support/freeze-row.ts';
import { tempFolder } from './support/temp-db.ts';

const folder = tempFolder('proveit-freezes-');
let db: Db;
let file: string;

const seal = { saltHex: '5a'.repeat(32), answerKey: '{"tasks":[]}' };

beforeAll(() => {
  file = folder.file('console.sqlite');
  db = openDatabase(file);
  expect(insertFreeze(db, freezeRow('prf_20260914_181440_541795', null, 1), seal)).toEqual({ inserted: true });
  expect(insertFreeze(db, freezeRow('prf_20260923_072144_2ad720', 'prf_20260914_181440_541795', 2), seal)).toEqual({
    inserted: true,
  });
});

afterAll(() => {
  db.close();
  folder.remove();
});

describe('freeze tables (migration 2): append-only on a real SQLite file', () => {
  it('both freezes are kept, oldest first, and the replacement is the one in force', () => {
    expect(freezesOf(db, 1, 'conformite').map((f) => f.proofId)).toEqual([
      'prf_20260914_181440_541795',
      'prf_20260923_072144_2ad720',
    ]);
    expect(freezeInForceOf(db, 1, 'conformite')?.proofId).toBe('prf_20260923_072144_2ad720');
    expect(freezeInForceOf(db, 1, 'generique')).toBeNull();
    expect(sealOf(db, 'prf_20260923_072144_2ad720')).toEqual(seal);
  });

  it.each([
    ['freezes', "UPDATE freezes SET key_commitment = 'x'", /append-only/],
    ['freezes', 'DELETE FROM freezes', /append-only/],
    ['freeze_seals', "UPDATE freeze_seals SET salt_hex = 'x'", /append-only/],
    ['freeze_seals', 'DELETE FROM freeze_seals', /append-only/],
  ])('the trigger on %s refuses: %s', (_table, sql, message) => {
    // A second connection, as another process would open the file: the triggers live in the file itself.
    const other = new Database(file);
    expect(() => other.prepare(sql).run()).toThrow(message);
    other.close();
  });

  it('freeze_reveals is append-only and a second reveal keeps the first record', () => {
    recordReveals(db, [{ proofId: 'prf_20260914_181440_541795', revealedAtMs: 100, revealSha256: 'f'.repeat(64) }]);
    recordReveals(db, [{ proofId: 'prf_20260914_181440_541795', revealedAtMs: 200, revealSha256: '0'.repeat(64) }]);
    expect(revealedAtOf(db, ['prf_20260914_181440_541795', 'prf_20260923_072144_2ad720'])).toBe(100);
    const other = new Database(file);
    expect(() => other.prepare('UPDATE freeze_reveals SET revealed_at_ms = 0').run()).toThrow(/append-only/);
    expect(() => other.prepare('DELETE FROM freeze_reveals').run()).toThrow(/append-only/);
    other.close();
  });

  it('a second first freeze of the track, or a second replacement of the same freeze, is refused (one chain)', () => {
    expect(insertFreeze(db, freezeRow('prf_20260924_000000_aaaaaa', null, 3), seal)).toEqual({
      inserted: false,
      reason: 'CHAIN_TAKEN',
    });
    expect(insertFreeze(db, freezeRow('prf_20260924_000000_bbbbbb', 'prf_20260914_181440_541795', 3), seal)).toEqual({
      inserted: false,
      reason: 'CHAIN_TAKEN',
    });
    // Neither the refused freeze nor its seal was written: they go in one transaction.
    expect(sealOf(db, 'prf_20260924_000000_aaaaaa')).toBeNull();
    expect(freezesOf(db, 1, 'conformite')).toHaveLength(2);
  });

  it('a replacement without a reason, or of a freeze that does not exist, is refused by the table itself', () => {
    const noReason = { ...freezeRow('prf_20260925_000000_cccccc', 'prf_20260923_072144_2ad720', 4), reason: null };
    expect(() => insertFreeze(db, noReason, seal)).toThrow(/CHECK constraint/);
    const replacingNothing = { ...freezeRow('prf_20260925_000000_dddddd', 'prf_20990101_000000_000000', 4) };
    expect(() => insertFreeze(db, replacingNothing, seal)).toThrow(/FOREIGN KEY/);
  });
});
