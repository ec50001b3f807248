import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

interface Stored {
  rows: number;
  bytes: number;
}

const known = new WeakMap<Db, Map<string, Stored>>();

/**
 * The versions a participant has stored and their bytes, read from the store. Summing length(body) reads a page per
 * version (about 100 µs for 200 versions, every submission), while counting them reads the primary key's index only
 * (about 10 µs). The submissions table is append-only (its triggers refuse UPDATE and DELETE), so a participant's
 * rows only grow: the sum kept for the count the index still shows is the sum the table would give, and any other
 * count (a write rolled back after the sum was noted) reads the sum again. Call inside the write transaction.
 */
export function storedBy(db: Db, participantId: string): Stored {
  const rows = (
    prepared(db, 'SELECT COUNT(*) AS n FROM submissions WHERE participant_id = ?').get(participantId) as { n: number }
  ).n;
  let sums = known.get(db);
  if (!sums) known.set(db, (sums = new Map()));
  const noted = sums.get(participantId);
  if (noted && noted.rows === rows) return noted;
  // length() of a BLOB column is read from the record header: the bodies themselves are not loaded.
  const bytes = (
    prepared(db, 'SELECT COALESCE(SUM(length(body)), 0) AS n FROM submissions WHERE participant_id = ?').get(
      participantId,
    ) as { n: number }
  ).n;
  const stored = { rows, bytes };
  sums.set(participantId, stored);
  return stored;
}

/** Notes one version just inserted (same transaction): the next check reads the count only. */
export function noteStored(db: Db, participantId: string, before: Stored, bodyBytes: number): void {
  known.get(db)?.set(participantId, { rows: before.rows + 1, bytes: before.bytes + bodyBytes });
}

/**
 * Bytes of every submission version of a season's participants (the metrics' starting point; the service adds each
 * version it records after). Read once at start: it reads a record header per version.
 */
export function seasonStoredBytes(db: Db, season: number): number {
  return (
    prepared(
      db,
      'SELECT COALESCE(SUM(length(s.body)), 0) AS n FROM submissions s ' +
        'JOIN participants p ON p.participant_id = s.participant_id WHERE p.season = ?',
    ).get(season) as { n: number }
  ).n;
}

/** The database file's size as SQLite counts it: its pages (the -wal file aside). */
export function databaseBytes(db: Db): number {
  const pages = prepared(db, 'PRAGMA page_count').pluck().get() as number;
  const size = prepared(db, 'PRAGMA page_size').pluck().get() as number;
  return pages * size;
}
