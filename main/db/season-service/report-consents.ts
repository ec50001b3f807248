import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

/**
 * One participant's choice for one track (season-service migration 6): whether its detailed report is published in
 * the Index (docs/publications.md "Private reports, public by choice"). Every change is a row; the latest is in force.
 */
export interface ReportConsent {
  seq: number;
  season: number;
  track: string;
  participantId: string;
  public: boolean;
  recordedAt: string;
}

interface ConsentSqlRow {
  seq: number;
  season: number;
  track: string;
  participant_id: string;
  public: number;
  recorded_at: string;
}

const fromSql = (r: ConsentSqlRow): ReportConsent => ({
  seq: r.seq,
  season: r.season,
  track: r.track,
  participantId: r.participant_id,
  public: r.public === 1,
  recordedAt: r.recorded_at,
});

/** Records a choice in the caller's write; returns it with its seq. */
export function recordConsent(db: Db, consent: Omit<ReportConsent, 'seq'>): ReportConsent {
  const info = prepared(
    db,
    'INSERT INTO report_consents (season, track, participant_id, public, recorded_at) VALUES (?, ?, ?, ?, ?)',
  ).run(consent.season, consent.track, consent.participantId, consent.public ? 1 : 0, consent.recordedAt);
  return { ...consent, seq: Number(info.lastInsertRowid) };
}

/** Every choice recorded for the season after `afterSeq`, oldest first, at most `limit`. */
export function consentsAfter(db: Db, season: number, afterSeq: number, limit: number): ReportConsent[] {
  return (
    prepared(db, 'SELECT * FROM report_consents WHERE season = ? AND seq > ? ORDER BY seq LIMIT ?').all(
      season,
      afterSeq,
      limit,
    ) as ConsentSqlRow[]
  ).map(fromSql);
}

/** The choice in force of one participant for one track (its latest), or undefined when it never chose. */
export function consentInForce(
  db: Db,
  season: number,
  track: string,
  participantId: string,
): ReportConsent | undefined {
  const row = prepared(
    db,
    `SELECT * FROM report_consents WHERE season = ? AND track = ? AND participant_id = ?
      ORDER BY seq DESC LIMIT 1`,
  ).get(season, track, participantId) as ConsentSqlRow | undefined;
  return row === undefined ? undefined : fromSql(row);
}
