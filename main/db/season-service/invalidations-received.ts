import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

/** An operator-signed invalidation the season service received through the proxy (season-service migration 4). */
export interface InvalidationReceived {
  season: number;
  track: string;
  receivedAt: string;
  /** The document's text as received, served back byte for byte. */
  document: string;
  documentSha256: string;
  /** The document_sha256 of the freeze in force it ended. */
  freezeSha256: string;
  reason: string;
  invalidatedAt: string;
}

interface InvalidationSqlRow {
  season: number;
  track: string;
  received_at: string;
  document: string;
  document_sha256: string;
  freeze_sha256: string;
  reason: string;
  invalidated_at: string;
}

/** Records an invalidation; one per season and track (the primary key), append-only. */
export function recordInvalidationReceived(db: Db, row: InvalidationReceived): void {
  prepared(
    db,
    `INSERT INTO track_invalidations (season, track, received_at, document, document_sha256, freeze_sha256, reason,
       invalidated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.season,
    row.track,
    row.receivedAt,
    row.document,
    row.documentSha256,
    row.freezeSha256,
    row.reason,
    row.invalidatedAt,
  );
}

/** Every invalidation of a season, by track. */
export function invalidationsReceived(db: Db, season: number): Map<string, InvalidationReceived> {
  const rows = prepared(db, 'SELECT * FROM track_invalidations WHERE season = ? ORDER BY track').all(
    season,
  ) as InvalidationSqlRow[];
  return new Map(
    rows.map((r) => [
      r.track,
      {
        season: r.season,
        track: r.track,
        receivedAt: r.received_at,
        document: r.document,
        documentSha256: r.document_sha256,
        freezeSha256: r.freeze_sha256,
        reason: r.reason,
        invalidatedAt: r.invalidated_at,
      },
    ]),
  );
}
