import type { Db } from '../open-database.ts';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the season service (issue 10: "recorded" means on disk). Writes queued in the same turn of the
 * event loop share one transaction, hence one fsync under synchronous=FULL; each runs inside its own savepoint so a
 * write that throws is undone alone. Promises settle only after COMMIT returned: an acknowledged write is durable.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0);
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.db.exec('BEGIN IMMEDIATE');
      for (const item of batch) {
        this.db.exec('SAVEPOINT one_write');
        try {
          outcomes.push({ ok: true, value: item.work() });
          this.db.exec('RELEASE one_write');
        } catch (error) {
          this.db.exec('ROLLBACK TO one_write');
          this.db.exec('RELEASE one_write');
          outcomes.push({ ok: false, error });
        }
      }
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }
}
