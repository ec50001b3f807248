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
}
