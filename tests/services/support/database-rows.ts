import type { Db } from '../../../main/db/open-database.ts';

/**
 * Every row of every table of an operator database, table by table, each row as JSON and sorted: what a test compares before and
 * after an act that must write nothing ("nothing written" is every table unchanged, not the one table the act would
 * have written).
 */
export function databaseRows(db: Db, leaveOut: readonly string[] = []): Record<string, string[]> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const rows: Record<string, string[]> = {};
  for (const table of tables.filter((t) => !leaveOut.includes(t)))
    rows[table] = db
      .prepare(`SELECT * FROM "${table}"`)
      .all()
      .map((row) => JSON.stringify(row))
      .sort();
  return rows;
}
