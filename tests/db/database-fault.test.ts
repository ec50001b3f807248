import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit, auditRows } from '../../main/db/audit-log.ts';
import { databaseFaultOf } from '../../main/db/database-fault.ts';
import { migrations } from '../../main/db/migrations/index.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { tempFolder } from './support/temp-db.ts';

/**
 * Real files damaged as a failing disk or a wrong --db would leave them (docs/operator-database.md "Database faults").
 */

let folder: ReturnType<typeof tempFolder>;
let file: string;

beforeEach(() => {
  folder = tempFolder('proveit-db-fault-');
  file = folder.file('console.sqlite');
});
afterEach(() => folder.remove());

/** What openDatabase threw, as the CLI and the console answer it. */
function faultOpening(options: Parameters<typeof openDatabase>[1] = {}) {
  try {
    openDatabase(file, options).close();
  } catch (error) {
    return databaseFaultOf(error) ?? { code: `not a database fault: ${String(error)}`, message: '' };
  }
  return { code: 'opened', message: '' };
}

function oneEntry(db: ReturnType<typeof openDatabase>, n: number) {
  appendAudit(db, {
    atMs: 1_790_000_000_000 + n,
    actor: 'ann',
    action: 'incident.open',
    summary: `entry ${n}`,
    details: pyObjectFrom([['n', BigInt(n)]]),
  });
}

describe('openDatabase on a damaged or wrong file', () => {
  it('a file of random bytes is DB_NOT_A_DATABASE naming the file, opened for writing or read-only', () => {
    writeFileSync(file, randomBytes(8192));
    for (const readOnly of [false, true]) {
      const fault = faultOpening({ readOnly });
      expect(fault.code).toBe('DB_NOT_A_DATABASE');
      expect(fault.message).toContain(file);
      expect(fault.message).toContain('--db');
    }
  });

  it('a truncated database is DB_CORRUPT, opened for writing or read-only', () => {
    const db = openDatabase(file);
    for (let n = 1; n <= 50; n += 1) oneEntry(db, n);
    db.close();
    truncateSync(file, Math.floor(statSync(file).size / 2));
    for (const readOnly of [false, true]) expect(faultOpening({ readOnly }).code).toBe('DB_CORRUPT');
  });

  it('a database of a future schema version is DB_SCHEMA_NEWER, opened for writing or read-only', () => {
    openDatabase(file).close();
    const raw = new Database(file);
    raw
      .prepare("INSERT INTO schema_migrations VALUES (?, 'from a newer console', 'x', '2030-01-01T00:00:00Z')")
      .run(migrations.length + 1);
    raw.close();
    for (const readOnly of [false, true]) {
      const fault = faultOpening({ readOnly });
      expect(fault.code).toBe('DB_SCHEMA_NEWER');
      expect(fault.message).toContain(`schema version ${migrations.length + 1}`);
    }
  });

  it('a read-only open of an older schema is DB_SCHEMA_OLDER and leaves the file as it was (never migrated)', () => {
    openDatabase(file, { migrations: migrations.slice(0, 3) }).close();
    const before = readFileSync(file);
    const fault = faultOpening({ readOnly: true });
    expect(fault.code).toBe('DB_SCHEMA_OLDER');
    expect(fault.message).toContain('open it once with write access');
    expect(readFileSync(file).equals(before)).toBe(true);
    // A command that writes migrates it as before.
    expect(faultOpening().code).toBe('opened');
  });

  it('a folder that cannot be created (a file stands in its place) is DB_UNREADABLE naming the file', () => {
    writeFileSync(folder.file('not-a-folder'), 'x');
    file = folder.file('not-a-folder/console.sqlite');
    const fault = faultOpening();
    expect(fault.code).toBe('DB_UNREADABLE');
    expect(fault.message).toContain(file);
  });

  it('a read-only open reads an intact file and refuses a write with DB_READ_ONLY', () => {
    const db = openDatabase(file);
    oneEntry(db, 1);
    db.close();
    const reader = openDatabase(file, { readOnly: true });
    try {
      expect(auditRows(reader)).toHaveLength(1);
      let caught: unknown;
      try {
        oneEntry(reader, 2);
      } catch (error) {
        caught = error;
      }
      expect(databaseFaultOf(caught)?.code).toBe('DB_READ_ONLY');
    } finally {
      reader.close();
    }
  });

  it('a write on a full disk (max_page_count reached) is DB_DISK_FULL, and the rolled-back write leaves the log as it was', () => {
    const db = openDatabase(file);
    try {
      oneEntry(db, 1);
      const pages = db.pragma('page_count', { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      let caught: unknown;
      try {
        for (let n = 2; n < 10_000; n += 1) oneEntry(db, n);
      } catch (error) {
        caught = error;
      }
      const fault = databaseFaultOf(caught);
      expect(fault?.code).toBe('DB_DISK_FULL');
      expect(fault?.message).toContain('free space');
      const kept = auditRows(db).length;
      expect(kept).toBeGreaterThanOrEqual(1);
      expect(auditRows(db).map((r) => r.seq)).toEqual(Array.from({ length: kept }, (_, i) => i + 1));
    } finally {
      db.close();
    }
  });

  it('an error that is not a database fault is left to its caller', () => {
    expect(databaseFaultOf(new Error('corpus folder unreadable'))).toBeUndefined();
    expect(databaseFaultOf(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBeUndefined();
  });
});
