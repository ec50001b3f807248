import type { Statement } from 'better-sqlite3';
import type { Db } from '../open-database.ts';

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the season service (docs/season-service.md "Durability and limits": "recorded" means on disk).
 * Writes queued in the same turn of the event loop share one transaction, hence one fsync under synchronous=FULL; each
 * runs inside its own savepoint so a write that throws is undone alone. Promises settle only after COMMIT returned: an
 * acknowledged write is durable.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private scheduled = false;
  private closed = false;

  // Prepared once: BEGIN, COMMIT and the savepoints run for every write, and parsing them each time showed in profiles.
  private readonly sql: Record<'begin' | 'commit' | 'savepoint' | 'release' | 'rollbackTo', Statement<[]>>;

  constructor(private readonly db: Db) {
    this.sql = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      savepoint: db.prepare('SAVEPOINT one_write'),
      release: db.prepare('RELEASE one_write'),
      rollbackTo: db.prepare('ROLLBACK TO one_write'),
    };
  }

  run<T>(work: () => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the service is stopping: no write is taken any more'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /**
   * Commits what is queued now and refuses every later write: the service is stopping (docs/season-service.md
   * "Operations"), and the database closes next.
   */
  close(): void {
    this.closed = true;
    this.flush();
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue.splice(0);
    if (batch.length === 0) return;
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.sql.begin.run();
      for (const item of batch) {
        this.sql.savepoint.run();
        try {
          outcomes.push({ ok: true, value: item.work() });
          this.sql.release.run();
        } catch (error) {
          this.sql.rollbackTo.run();
          this.sql.release.run();
          outcomes.push({ ok: false, error });
        }
      }
      this.sql.commit.run();
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
