import { ok, type Failure, type Result } from '../core/result.ts';
import type { Db } from '../db/open-database.ts';

/**
 * A refusal found with the write lock held (docs/conventions.md "Values, hashes, results"): thrown inside
 * `inTransaction`, so every write the transaction made rolls back, and returned by it as the failure, code and
 * message untouched. Anywhere else a service returns its failure as a Result, never throws it.
 */
export class Refused<C extends string = string> extends Error {
  constructor(readonly failure: Failure<C>) {
    super(failure.message);
  }
}

/**
 * Runs `write` in one BEGIN IMMEDIATE transaction (the write lock is taken first, so what `write` reads stays true
 * until it commits) and returns its value; a `Refused` thrown inside rolls everything back and becomes the failure.
 * Any other error rolls back too and is thrown on: it is a fault, not a refusal.
 */
export function inTransaction<T, C extends string = string>(db: Db, write: () => T): Result<T, C> {
  try {
    return ok(db.transaction(write).immediate());
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: (error as Refused<C>).failure };
    throw error;
  }
}
