import { openDatabase } from '../open-database.ts';
import { corpusCallLogMigrations } from './migrations.ts';

/**
 * One call as the corpus saw it. `secretPresent` is true when the request carried the right X-Challenge-Secret;
 * `host` is the Host header as received (null without one), `track` the track that answered (null for a host that
 * names none of a season's tracks: 421).
 */
export interface CorpusCall {
  at: string;
  method: string;
  path: string;
  status: number;
  secretPresent: boolean;
  host: string | null;
  track: string | null;
}

/** The call log of one corpus server: appended as each call is answered, read back whole in arrival order. */
export interface CorpusCallLog {
  append(call: CorpusCall): void;
  all(): CorpusCall[];
  close(): void;
}

interface CallRow {
  at: string;
  method: string;
  path: string;
  status: number;
  secret_present: number;
  host: string | null;
  track: string | null;
}

/**
 * Opens the call log in `file` (created with its folder on first use; the calls of earlier runs stay and new ones
 * follow), or in memory when no file is given. A file that holds another schema is refused (SchemaError).
 */
export function openCorpusCallLog(file: string | undefined): CorpusCallLog {
  const db = openDatabase(file ?? ':memory:', { migrations: corpusCallLogMigrations });
  const insert = db.prepare(
    'INSERT INTO corpus_calls (at, method, path, status, secret_present, host, track) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const select = db.prepare(
    'SELECT at, method, path, status, secret_present, host, track FROM corpus_calls ORDER BY seq',
  );
  return {
    append(call) {
      insert.run(call.at, call.method, call.path, call.status, call.secretPresent ? 1 : 0, call.host, call.track);
    },
    all: () =>
      (select.all() as CallRow[]).map((row) => ({
        at: row.at,
        method: row.method,
        path: row.path,
        status: row.status,
        secretPresent: row.secret_present === 1,
        host: row.host,
        track: row.track,
      })),
    close: () => db.close(),
  };
}
