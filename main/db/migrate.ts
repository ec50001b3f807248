import type Database from 'better-sqlite3';
import { sha256HexOfText } from '../core/hash/sha256.ts';
import type { Migration } from './migration.ts';

/** Thrown when the database file and the code disagree about the schema: the operator must act, nothing is guessed. */
export class SchemaError extends Error {
  constructor(
    readonly code: 'DB_MIGRATIONS_UNORDERED' | 'DB_SCHEMA_NEWER' | 'DB_SCHEMA_OLDER' | 'DB_MIGRATION_CHANGED',
    message: string,
  ) {
    super(message);
    this.name = 'SchemaError';
  }
}

const LEDGER = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  sql_sha256 TEXT NOT NULL,
  applied_at TEXT NOT NULL
) STRICT`;

interface AppliedRow {
  version: number;
  name: string;
  sql_sha256: string;
}

function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new SchemaError(
        'DB_MIGRATIONS_UNORDERED',
        `migration '${m.name}' has number ${m.version} at position ${i + 1}: migrations are numbered 1, 2, 3, ... ` +
          'without gaps; give the new file the next number and list it last in main/db/migrations/index.ts',
      );
    }
  });
}

function newerSchema(newest: number, known: number): SchemaError {
  return new SchemaError(
    'DB_SCHEMA_NEWER',
    `the database is at schema version ${newest} but this console knows versions up to ${known}: ` +
      'open it with the newer console that wrote it',
  );
}

function changedMigration(migration: Migration, stored: string, digest: string): SchemaError {
  return new SchemaError(
    'DB_MIGRATION_CHANGED',
    `migration ${migration.version} ('${migration.name}') differs from the one applied to this database ` +
      `(sha256 ${stored}, now ${digest}): an applied migration is never edited; add a new one instead`,
  );
}

/**
 * Checks, without writing, that the database holds exactly these migrations: what a read-only open does instead of
 * migrating (docs/operator-database.md "Opening and migrations"). A file the code is ahead of is DB_SCHEMA_OLDER, never
 * migrated behind the reader's back.
 */
export function checkSchema(db: Database.Database, migrations: readonly Migration[]): void {
  checkOrder(migrations);
  const ledger = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const rows = ledger
    ? (db.prepare('SELECT version, name, sql_sha256 FROM schema_migrations').all() as AppliedRow[])
    : [];
  const applied = new Map(rows.map((r) => [r.version, r]));
  const newest = Math.max(0, ...applied.keys());
  if (newest > migrations.length) throw newerSchema(newest, migrations.length);
  for (const migration of migrations) {
    const row = applied.get(migration.version);
    if (!row) {
      throw new SchemaError(
        'DB_SCHEMA_OLDER',
        `the database is at schema version ${newest} but this console's is ${migrations.length}, and a command ` +
          'that only reads never migrates it: open it once with write access (any command that writes, or the ' +
          'console) to migrate it, then run this command again',
      );
    }
    const digest = sha256HexOfText(migration.sql);
    if (row.sql_sha256 !== digest) throw changedMigration(migration, row.sql_sha256, digest);
  }
}

/** After a rebuild run with foreign keys off: every reference must still resolve, or the step is rolled back. */
function checkForeignKeys(db: Database.Database, migration: Migration): void {
  const broken = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  if (broken.length > 0) {
    const [first] = broken;
    throw new Error(
      `migration ${migration.version} ('${migration.name}') would leave ${broken.length} row(s) referencing nothing ` +
        `(first: ${first!.table} row ${first!.rowid} → ${first!.parent}); it was rolled back`,
    );
  }
}

/**
 * Brings the schema up to the last migration. Each step runs in a `BEGIN IMMEDIATE` transaction, so two processes
 * opening the same new file apply it once: the second waits, then sees the step recorded and skips it.
 * Returns the versions applied by this call.
 */
export function applyMigrations(db: Database.Database, migrations: readonly Migration[]): number[] {
  checkOrder(migrations);
  db.exec(LEDGER);
  const applied = new Map(
    (db.prepare('SELECT version, name, sql_sha256 FROM schema_migrations').all() as AppliedRow[]).map((r) => [
      r.version,
      r,
    ]),
  );
  const newest = Math.max(0, ...applied.keys());
  if (newest > migrations.length) throw newerSchema(newest, migrations.length);
  const done: number[] = [];
  for (const migration of migrations) {
    const digest = sha256HexOfText(migration.sql);
    const step = db.transaction(() => {
      const row = db
        .prepare('SELECT version, name, sql_sha256 FROM schema_migrations WHERE version = ?')
        .get(migration.version) as AppliedRow | undefined;
      if (row) {
        if (row.sql_sha256 !== digest) throw changedMigration(migration, row.sql_sha256, digest);
        return false;
      }
      db.exec(migration.sql);
      if (migration.rebuildsReferencedTable) checkForeignKeys(db, migration);
      db.prepare(
        "INSERT INTO schema_migrations (version, name, sql_sha256, applied_at) VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
      ).run(migration.version, migration.name, digest);
      return true;
    });
    // foreign_keys cannot change inside a transaction: it is turned off around the step, then on again.
    if (migration.rebuildsReferencedTable) db.pragma('foreign_keys = OFF');
    try {
      if (step.immediate()) done.push(migration.version);
    } finally {
      if (migration.rebuildsReferencedTable) db.pragma('foreign_keys = ON');
    }
  }
  return done;
}
