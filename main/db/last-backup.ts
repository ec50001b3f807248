import type { Db } from './open-database.ts';

/**
 * When the database was last backed up: its latest backup.create audit entry (docs/operator-database.md "Backups"), or
 * null.
 */
export function lastBackupAtMs(db: Db): number | null {
  const row = db.prepare("SELECT max(at_ms) AS at FROM audit_log WHERE action = 'backup.create'").get() as {
    at: number | null;
  };
  return row.at;
}
