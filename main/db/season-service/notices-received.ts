import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

/** An operator-signed notice the season service received (season-service migration 5, docs/season-service.md "Notices"). */
export interface NoticeReceived {
  season: number;
  receivedAt: string;
  kind: string;
  track: string | null;
  issuedAt: string;
  /** The document's text as received, served back byte for byte. */
  document: string;
  documentSha256: string;
}

interface NoticeSqlRow {
  season: number;
  received_at: string;
  kind: string;
  track: string | null;
  issued_at: string;
  document: string;
  document_sha256: string;
}

/** Records a notice after the ones before it (its `seq`); a second row of one document_sha256 fails (UNIQUE). */
export function recordNoticeReceived(db: Db, row: NoticeReceived): void {
  prepared(
    db,
    `INSERT INTO season_notices (season, received_at, kind, track, issued_at, document, document_sha256)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.season, row.receivedAt, row.kind, row.track, row.issuedAt, row.document, row.documentSha256);
}

/** The notice of this name, or null. */
export function noticeReceived(db: Db, documentSha256: string): NoticeReceived | null {
  const row = prepared(db, 'SELECT * FROM season_notices WHERE document_sha256 = ?').get(documentSha256) as
    NoticeSqlRow | undefined;
  return row === undefined ? null : fromSql(row);
}

/** Every notice of a season, oldest first (the order they were received in). */
export function noticesReceived(db: Db, season: number): NoticeReceived[] {
  return (prepared(db, 'SELECT * FROM season_notices WHERE season = ? ORDER BY seq').all(season) as NoticeSqlRow[]).map(
    fromSql,
  );
}

const fromSql = (r: NoticeSqlRow): NoticeReceived => ({
  season: r.season,
  receivedAt: r.received_at,
  kind: r.kind,
  track: r.track,
  issuedAt: r.issued_at,
  document: r.document,
  documentSha256: r.document_sha256,
});
