/**
 * One numbered schema step. Migrations are TypeScript modules (not .sql files) so the bundled Electron app carries
 * them without a file lookup. A feature adds its own file under main/db/migrations/ with the next number and one line
 * in main/db/migrations/index.ts; an applied migration is never edited (its SQL digest is checked at every open).
 */
export interface Migration {
  /** 1, 2, 3, ...: applied in order, each once, each in its own transaction. */
  version: number;
  /** What the step adds, e.g. "proof reads". */
  name: string;
  sql: string;
  /**
   * The step rebuilds a table other tables reference (SQLite cannot alter a CHECK): it runs with foreign keys off, as
   * https://www.sqlite.org/lang_altertable.html#otheralter prescribes, and `PRAGMA foreign_key_check` must find
   * nothing before it commits.
   */
  rebuildsReferencedTable?: true;
}
