import type { Db } from './open-database.ts';

/** One row of `season_notices` (migration 20; docs/season-service.md "Notices"). */
export interface NoticeRow {
  season: number;
  kind: string;
  track: string | null;
  /** The incident the notice was drafted from, when it was. */
  incidentId: number | null;
  /** The signed document's canonical text, as posted, and its SHA-256. */
  document: string;
  documentSha256: string;
  issuedAt: string;
  /** Where it was posted: {season service}/v1/season/{n}/notice. */
  url: string;
  actor: string;
  createdAtMs: number;
}

interface NoticeSqlRow {
  season: number;
  kind: string;
  track: string | null;
  incident_id: number | null;
  document: string;
  document_sha256: string;
  issued_at: string;
  url: string;
  actor: string;
  created_at_ms: number;
}

export function insertNotice(db: Db, row: NoticeRow): void {
  db.prepare(
    `INSERT INTO season_notices (season, kind, track, incident_id, document, document_sha256, issued_at, url, actor,
       created_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.season,
    row.kind,
    row.track,
    row.incidentId,
    row.document,
    row.documentSha256,
    row.issuedAt,
    row.url,
    row.actor,
    row.createdAtMs,
  );
}

/** A season's notices, oldest first (the order they were published in). */
export function noticesOf(db: Db, season: number): NoticeRow[] {
  const rows = db.prepare('SELECT * FROM season_notices WHERE season = ? ORDER BY seq').all(season) as NoticeSqlRow[];
  return rows.map((r) => ({
    season: r.season,
    kind: r.kind,
    track: r.track,
    incidentId: r.incident_id,
    document: r.document,
    documentSha256: r.document_sha256,
    issuedAt: r.issued_at,
    url: r.url,
    actor: r.actor,
    createdAtMs: r.created_at_ms,
  }));
}
