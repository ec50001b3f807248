import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { applyMigrations } from './migrate.ts';
import type { Migration } from './migration.ts';
import { migrations as allMigrations } from './migrations/index.ts';

/** An open operator database. Services receive it and pass it to the repository functions in main/db/. */
export type Db = Database.Database;

export interface OpenOptions {
  /** The schema steps to apply; every migration by default. */
  migrations?: readonly Migration[];
  /** How long a writer waits for another process's transaction before failing (ms). */
  busyTimeoutMs?: number;
}

/**
 * Opens (creating it and its folder if needed) the operator's SQLite file and migrates it.
 * WAL lets the app and the CLI read while one of them writes; synchronous=FULL makes a committed ledger row survive
 * a power cut as well as a killed process, because the read quota depends on it.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 10_000)}`);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  applyMigrations(db, options.migrations ?? allMigrations);
  return db;
}
