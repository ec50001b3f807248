import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { GroupCommit } from '../../../main/db/season-service/group-commit.ts';
import { seasonServiceMigrations } from '../../../main/db/season-service/migrations.ts';
import { enrollParticipant } from '../../../main/db/season-service/participants.ts';
import { recordSubmission, type NewSubmission } from '../../../main/db/season-service/submissions.ts';
import { tempFolder } from '../support/temp-db.ts';

// The storage bounds of a participant (docs/season-service.md "Durability and limits"), on a real SQLite file: what
// recordSubmission counts must be what the table holds, whatever happened to earlier writes.
const folder = tempFolder('season-storage-');
let db: Db;

beforeAll(() => {
  db = openDatabase(folder.file('season.sqlite'), { migrations: seasonServiceMigrations });
  for (const id of ['par_a', 'par_b']) {
    enrollParticipant(db, {
      participantId: id,
      season: 1,
      did: `did:key:${id}`,
      dids: [`did:key:${id}`],
      apiKeySha256: `${id}-key`,
      seasonTokenSha256: `${id}-token`,
      agentName: id,
      declaredStack: 'test',
      enrolledAt: '2026-10-10T12:00:00.000Z',
    });
  }
});

afterAll(() => {
  db.close();
  folder.remove();
});

const version = (participantId: string, taskId: string, size: number): NewSubmission => ({
  participantId,
  track: 'conformite',
  taskId,
  receivedAt: '2026-10-10T12:00:00.000Z',
  body: new Uint8Array(size).fill(0x20),
  bodySha256: 'f'.repeat(64),
});

const tableBytes = (participantId: string) =>
  db.prepare('SELECT SUM(length(body)) FROM submissions WHERE participant_id = ?').pluck().get(participantId);

describe('recordSubmission within a participant storage bound', () => {
  const bounds = { storedBytes: 10_000, versionsPerTask: 3 };

  it('counts every version of every task, replaced ones included, and refuses the one that would pass the bound', () => {
    expect(recordSubmission(db, version('par_a', 'conf-01', 4_000), bounds)).toMatchObject({ recorded: true });
    expect(recordSubmission(db, version('par_a', 'conf-01', 4_000), bounds)).toMatchObject({ recorded: true });
    expect(recordSubmission(db, version('par_a', 'conf-02', 2_001), bounds)).toEqual({
      recorded: false,
      bound: 'stored_bytes',
      storedBytes: 8_000,
      bodyBytes: 2_001,
      limit: 10_000,
    });
    expect(recordSubmission(db, version('par_a', 'conf-02', 2_000), bounds)).toMatchObject({ recorded: true });
    expect(tableBytes('par_a')).toBe(10_000);
    // Another participant's bound is its own.
    expect(recordSubmission(db, version('par_b', 'conf-01', 9_000), bounds)).toMatchObject({ recorded: true });
  });

  it('a task past its versions is refused with the count, whatever its size', () => {
    const roomy = { storedBytes: 1_000_000, versionsPerTask: 3 };
    expect(recordSubmission(db, version('par_b', 'conf-01', 10), roomy)).toMatchObject({ version: 2 });
    expect(recordSubmission(db, version('par_b', 'conf-01', 10), roomy)).toMatchObject({ version: 3 });
    expect(recordSubmission(db, version('par_b', 'conf-01', 1), roomy)).toEqual({
      recorded: false,
      bound: 'versions_per_task',
      versions: 3,
      limit: 3,
    });
  });

  it('a version rolled back with its transaction is not counted: the next write sees the bytes the table holds', async () => {
    const before = tableBytes('par_b') as number;
    const bound = { storedBytes: before + 5_000, versionsPerTask: 50 };
    db.exec('BEGIN IMMEDIATE');
    expect(recordSubmission(db, version('par_b', 'conf-05', 5_000), bound)).toMatchObject({ recorded: true });
    db.exec('ROLLBACK');
    expect(tableBytes('par_b')).toBe(before);
    // Through the group commit, as the service writes: the 5,000 bytes rolled back are free again.
    const writes = new GroupCommit(db);
    const outcome = await writes.run(() => recordSubmission(db, version('par_b', 'conf-05', 5_000), bound));
    expect(outcome).toMatchObject({ recorded: true, version: 1 });
    expect(tableBytes('par_b')).toBe(before + 5_000);
  });
});
