import { afterAll, describe, expect, it } from 'vitest';
import { openCorpusCallLog, type CorpusCall } from '../../../main/db/corpus-call-log/corpus-calls.ts';
import { corpusCallLogMigrations } from '../../../main/db/corpus-call-log/migrations.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { tempFolder } from '../support/temp-db.ts';

const folder = tempFolder('proveit-corpus-calls-');
afterAll(() => folder.remove());

const call = (path: string, status: number, secretPresent: boolean, track: string | null): CorpusCall => ({
  at: '2026-10-01T08:00:00.000Z',
  method: 'GET',
  path,
  status,
  secretPresent,
  host: 'conformite.corpus.devnet.localhost',
  track,
});

describe('the corpus call log on a real SQLite file', () => {
  it('reads back every call in arrival order, and after a reopen the earlier calls come first', () => {
    const file = folder.file('reopen.sqlite');
    const first = openCorpusCallLog(file);
    first.append(call('/referentiel', 200, true, 'conformite'));
    first.append(call('/referentiel', 403, false, 'conformite'));
    first.close();
    const second = openCorpusCallLog(file);
    second.append(call('/nowhere', 421, true, null));
    expect(second.all()).toEqual([
      call('/referentiel', 200, true, 'conformite'),
      call('/referentiel', 403, false, 'conformite'),
      call('/nowhere', 421, true, null),
    ]);
    second.close();
  });

  it('without a file the log is in memory: a second log starts empty', () => {
    const memory = openCorpusCallLog(undefined);
    memory.append(call('/referentiel', 200, true, 'conformite'));
    expect(memory.all()).toHaveLength(1);
    memory.close();
    const other = openCorpusCallLog(undefined);
    expect(other.all()).toEqual([]);
    other.close();
  });

  it('a recorded call is never changed or deleted: the table is append-only', () => {
    const file = folder.file('append-only.sqlite');
    const log = openCorpusCallLog(file);
    log.append(call('/referentiel', 200, true, 'conformite'));
    log.close();
    const db = openDatabase(file, { migrations: corpusCallLogMigrations });
    expect(() => db.prepare('UPDATE corpus_calls SET status = 404').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM corpus_calls').run()).toThrow(/append-only/);
    expect(() =>
      db
        .prepare("INSERT INTO corpus_calls (at, method, path, status, secret_present) VALUES ('x', 'GET', '/', 200, 2)")
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });

  it('a file holding another schema (an operator database) is refused (DB_SCHEMA_NEWER)', () => {
    const file = folder.file('operator.sqlite');
    openDatabase(file).close();
    expect(() => openCorpusCallLog(file)).toThrow(/DB_SCHEMA_NEWER|schema version/);
  });
});
