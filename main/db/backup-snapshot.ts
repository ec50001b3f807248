import Database from 'better-sqlite3';
import { openDatabase, type Db } from './open-database.ts';

/**
 * A consistent copy of the operator database while the console runs (docs/operator-database.md "Backups"): SQLite's
 * online backup API (better-sqlite3 `db.backup`), which copies the pages of one read snapshot and starts again when
 * another connection writes meanwhile, so the copy never mixes two states. The copy is switched out of WAL into a
 * single self-contained file (journal_mode=DELETE), so its bytes alone are the whole database and open from memory.
 */
export async function snapshotDatabase(source: string, snapshotFile: string): Promise<void> {
  const db = openDatabase(source, { readOnly: true });
  try {
    await db.backup(snapshotFile);
  } finally {
    db.close();
  }
  const copy = new Database(snapshotFile, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/**
 * The same consistent copy taken through a connection the caller already holds and writes through (the season
 * service's own, docs/season-service.md "Backups"), `pagesPerStep` pages at a time with the event loop free between
 * steps. SQLite applies the writes this connection makes meanwhile to the copy as well, so it never starts again under a
 * steady stream of writes, as a second connection's copy would; a write of another connection would restart it.
 */
export async function snapshotThrough(db: Db, snapshotFile: string, pagesPerStep: number): Promise<void> {
  await db.backup(snapshotFile, { progress: () => pagesPerStep });
  const copy = new Database(snapshotFile, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Opens a database image (a snapshot's bytes, decrypted from a backup) in memory, read-only: nothing touches disk. */
export function openDatabaseImage(bytes: Buffer): Db {
  return new Database(bytes, { readonly: true });
}

/**
 * `PRAGMA integrity_check`: the problems SQLite lists, none for a sound file. A check that itself fails (a page so
 * damaged SQLite stops reading: SQLITE_CORRUPT) is one problem, its message.
 */
export function integrityProblems(db: Db): string[] {
  let rows: { integrity_check: string }[];
  try {
    rows = db.pragma('integrity_check') as { integrity_check: string }[];
  } catch (error) {
    return [(error as Error).message];
  }
  const lines = rows.map((r) => r.integrity_check);
  return lines.length === 1 && lines[0] === 'ok' ? [] : lines;
}
