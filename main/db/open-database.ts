import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DatabaseFaultError, openingFault } from './database-fault.ts';
import { applyMigrations, checkSchema, SchemaError } from './migrate.ts';
import type { Migration } from './migration.ts';
import { migrations as allMigrations } from './migrations/index.ts';

/** An open operator database. Services receive it and pass it to the repository functions in main/db/. */
export type Db = Database.Database;

export interface OpenOptions {
  /** The schema steps to apply; every migration by default. */
  migrations?: readonly Migration[];
  /** How long a writer waits for another process's transaction before failing (ms). */
  busyTimeoutMs?: number;
  /**
   * For a command that only reads (audit verify, proofs plan, dispute list, ...): an existing file is opened read-only
   * and never migrated, so the command works on a file the operator may not write (docs/operator-database.md "Opening
   * and migrations"). A missing file is created as by any command (there is nothing to protect: `proofs plan` before
   * the first fetch plans every read).
   */
  readOnly?: boolean;
}

/** Opens for writing: creates the file and its folder if needed, sets WAL and migrates. */
function openForWriting(file: string, options: OpenOptions): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 10_000)}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    applyMigrations(db, options.migrations ?? allMigrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Opens an existing file read-only and checks its schema without writing (journal mode and migrations untouched). */
function openForReading(file: string, options: OpenOptions): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 10_000)}`);
    checkSchema(db, options.migrations ?? allMigrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens (creating it and its folder if needed) the operator's SQLite file and migrates it; with `readOnly`, opens an
 * existing file without writing to it. WAL lets the app and the CLI read while one of them writes; synchronous=FULL
 * makes a committed ledger row survive a power cut as well as a killed process, because the read quota depends on it.
 * A fault of the file (unreadable, read-only, full, not a database, damaged) is thrown as a DatabaseFaultError naming
 * it; a schema the code disagrees with, as a SchemaError naming it too.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  try {
    return options.readOnly && file !== ':memory:' && existsSync(file)
      ? openForReading(file, options)
      : openForWriting(file, options);
  } catch (error) {
    if (error instanceof SchemaError) throw new SchemaError(error.code, `${error.message} (database ${file})`);
    const fault = openingFault(error, file);
    if (fault) throw new DatabaseFaultError(fault.code, fault.message);
    throw error;
  }
}
