import { join } from 'node:path';
import Database from 'better-sqlite3';

export type DevnetDatabase = Database.Database;

/**
 * The devnet's state: one SQLite file in the state folder, WAL mode, shared by the roles. Each role creates its
 * own tables (CREATE TABLE IF NOT EXISTS) so a restart with the same folder resumes where it stopped.
 */
export function openDevnetDatabase(stateDir: string): DevnetDatabase {
  const database = new Database(join(stateDir, 'devnet.sqlite'));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  return database;
}
