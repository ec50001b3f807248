import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, SchemaError } from '../../main/db/migrate.ts';
import { migrations } from '../../main/db/migrations/index.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { tempFolder } from './support/temp-db.ts';

const folder = tempFolder();
afterAll(() => folder.remove());

// A step some later feature appends: numbered after whatever the real list holds, so adding a migration never
// breaks these tests.
const NEXT = migrations.length + 1;
const laterTable = {
  version: NEXT,
  name: 'a later feature',
  sql: 'CREATE TABLE later_feature (id INTEGER PRIMARY KEY) STRICT;',
};

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof SchemaError ? error.code : `not a SchemaError: ${String(error)}`;
  }
  return undefined;
}

describe('the operator database and its migrations', () => {
  it('a new file (in a new folder) is created in WAL mode with every migration recorded once', () => {
    const file = folder.file('nested/console.sqlite');
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const rows = db.prepare('SELECT version, name FROM schema_migrations').all();
    expect(rows).toEqual(migrations.map((m) => ({ version: m.version, name: m.name })));
    db.close();
  });

  it('every table is STRICT: a text in an integer column is refused', () => {
    const db = openDatabase(folder.file('strict.sqlite'));
    const strict = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND sql NOT LIKE '%STRICT%'").all();
    expect(strict).toEqual([]);
    expect(() =>
      db
        .prepare(
          "INSERT INTO trust_layer_reads (at_ms, endpoint, base_url, ids_count, proof_ids) VALUES ('soon', 'x', 'y', 0, '[]')",
        )
        .run(),
    ).toThrow(/cannot store TEXT value in INTEGER column/);
    db.close();
  });

  it('a feature adds its own numbered migration later and only that step runs', () => {
    const file = folder.file('grow.sqlite');
    openDatabase(file).close();
    const db = new Database(file);
    expect(applyMigrations(db, [...migrations, laterTable])).toEqual([NEXT]);
    expect(applyMigrations(db, [...migrations, laterTable])).toEqual([]);
    db.close();
  });

  it('an applied migration edited afterwards is refused with DB_MIGRATION_CHANGED', () => {
    const db = new Database(folder.file('edited.sqlite'));
    applyMigrations(db, [...migrations, laterTable]);
    const edited = { ...laterTable, sql: `${laterTable.sql} -- tidied` };
    expect(codeOf(() => applyMigrations(db, [...migrations, edited]))).toBe('DB_MIGRATION_CHANGED');
    db.close();
  });

  it('a file written by a newer console is refused with DB_SCHEMA_NEWER, not migrated down', () => {
    const db = new Database(folder.file('newer.sqlite'));
    applyMigrations(db, [...migrations, laterTable]);
    expect(codeOf(() => applyMigrations(db, migrations))).toBe('DB_SCHEMA_NEWER');
    db.close();
  });

  it('a gap in the numbering is refused with DB_MIGRATIONS_UNORDERED', () => {
    const db = new Database(':memory:');
    expect(codeOf(() => applyMigrations(db, [...migrations, { ...laterTable, version: NEXT + 1 }]))).toBe(
      'DB_MIGRATIONS_UNORDERED',
    );
    db.close();
  });

  it('a migration that fails leaves nothing of itself behind', () => {
    const db = new Database(':memory:');
    const broken = { version: NEXT, name: 'broken', sql: 'CREATE TABLE half (x INTEGER) STRICT; CREATE TABLE oops (' };
    expect(() => applyMigrations(db, [...migrations, broken])).toThrow();
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name = 'half'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT max(version) FROM schema_migrations').pluck().get()).toBe(migrations.length);
    db.close();
  });

  it('processes opening the same new file at once each find every migration applied exactly once', async () => {
    const file = folder.file('race/console.sqlite');
    const run = promisify(execFile);
    const opened = await Promise.all(
      [1, 2, 3, 4].map(() => run(process.execPath, ['bin/run-ts.mjs', 'tests/db/support/open-worker.ts', file])),
    );
    expect(opened.map((o) => Number(o.stdout))).toEqual([1, 2, 3, 4].map(() => migrations.length));
    const db = new Database(file);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual(
      migrations.map((m) => m.version),
    );
    db.close();
  }, 60_000);
});
