import type { Statement } from 'better-sqlite3';
import type { Db } from '../open-database.ts';

const cache = new WeakMap<Db, Map<string, Statement>>();

/**
 * A statement prepared once per connection: the season service runs the same few statements for every request, and
 * preparing them again each time was a measurable share of a submission's cost (bench/season-service.ts).
 */
export function prepared(db: Db, sql: string): Statement {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let statement = statements.get(sql);
  if (!statement) statements.set(sql, (statement = db.prepare(sql)));
  return statement;
}
