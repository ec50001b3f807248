import type { Db } from './open-database.ts';

/** A delivery of one publication version's reports to the season service (migration 21). */
export interface ReportDeliveryRow {
  season: number;
  track: string;
  publicationVersion: number;
  seasonUrl: string;
  reports: number;
  recorded: number;
  operatorPublicKey: string;
  deliveredAtMs: number;
  actor: string;
}

export function insertReportDelivery(db: Db, row: ReportDeliveryRow): void {
  db.prepare(
    `INSERT INTO report_deliveries (season, track, publication_version, season_url, reports, recorded,
       operator_public_key, delivered_at_ms, actor)
     VALUES (@season, @track, @publicationVersion, @seasonUrl, @reports, @recorded, @operatorPublicKey,
       @deliveredAtMs, @actor)`,
  ).run(row);
}

/** A participant's choice as the season service recorded it (its `seq` there), copied by `season consents`. */
export interface ConsentRow {
  serviceSeq: number;
  track: string;
  participantId: string;
  public: boolean;
  recordedAt: string;
}

/** Copies choices; one already copied (same season and service seq) is skipped. Returns how many were new. */
export function insertConsents(db: Db, season: number, rows: readonly ConsentRow[], readAtMs: number): number {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO report_consents (season, service_seq, track, participant_id, public, recorded_at, read_at_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  let added = 0;
  for (const r of rows) {
    added += insert.run(
      season,
      r.serviceSeq,
      r.track,
      r.participantId,
      r.public ? 1 : 0,
      r.recordedAt,
      readAtMs,
    ).changes;
  }
  return added;
}

/** The highest service seq copied for the season (0 before any): where the next read starts. */
export function lastConsentSeq(db: Db, season: number): number {
  return (db
    .prepare('SELECT COALESCE(MAX(service_seq), 0) FROM report_consents WHERE season = ?')
    .pluck()
    .get(season) ?? 0) as number;
}

/**
 * Each participant's choice in force for the track (its latest by the service's seq), by participant id. A participant
 * absent has never chosen: its detailed report stays private (docs/publications.md "Private reports, public by choice").
 */
export function consentsInForce(db: Db, season: number, track: string): Map<string, ConsentRow> {
  const rows = db
    .prepare(
      `SELECT service_seq, track, participant_id, public, recorded_at FROM report_consents c
        WHERE season = ? AND track = ? AND service_seq = (SELECT MAX(service_seq) FROM report_consents
          WHERE season = c.season AND track = c.track AND participant_id = c.participant_id)
        ORDER BY participant_id`,
    )
    .all(season, track) as {
    service_seq: number;
    track: string;
    participant_id: string;
    public: number;
    recorded_at: string;
  }[];
  return new Map(
    rows.map((r) => [
      r.participant_id,
      {
        serviceSeq: r.service_seq,
        track: r.track,
        participantId: r.participant_id,
        public: r.public === 1,
        recordedAt: r.recorded_at,
      },
    ]),
  );
}

/** The tracks of the season any choice was copied for. */
export function consentTracksOf(db: Db, season: number): string[] {
  return db
    .prepare('SELECT DISTINCT track FROM report_consents WHERE season = ? ORDER BY track')
    .pluck()
    .all(season) as string[];
}
