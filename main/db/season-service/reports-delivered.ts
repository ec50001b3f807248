import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

/** A participant's signed report of one publication version, as the operator delivered it (season-service migration 6). */
export interface ReportDelivered {
  season: number;
  track: string;
  publicationVersion: number;
  participantId: string;
  deliveredAt: string;
  /** The signed document's text as posted, served back byte for byte. */
  document: string;
  documentSha256: string;
}

interface ReportSqlRow {
  season: number;
  track: string;
  publication_version: number;
  participant_id: string;
  delivered_at: string;
  document: string;
  document_sha256: string;
}

const fromSql = (r: ReportSqlRow): ReportDelivered => ({
  season: r.season,
  track: r.track,
  publicationVersion: r.publication_version,
  participantId: r.participant_id,
  deliveredAt: r.delivered_at,
  document: r.document,
  documentSha256: r.document_sha256,
});

/** What recording a delivery did: rows added, rows already there with the same document, and the first conflict. */
export interface DeliveryOutcome {
  recorded: number;
  already: number;
  conflict: { participantId: string; storedSha256: string; postedSha256: string } | null;
}

/**
 * Records the reports of one delivery in the caller's write (GroupCommit.run). A report already delivered for the same
 * participant and version is kept: the same document again counts as `already`; another one is a conflict, and the
 * caller throws to roll the whole delivery back (a delivered report is never replaced; a correction is a new version).
 */
export function recordReportsDelivered(db: Db, rows: readonly ReportDelivered[]): DeliveryOutcome {
  const outcome: DeliveryOutcome = { recorded: 0, already: 0, conflict: null };
  for (const row of rows) {
    const stored = prepared(
      db,
      `SELECT document_sha256 FROM reports_delivered
        WHERE season = ? AND track = ? AND participant_id = ? AND publication_version = ?`,
    ).get(row.season, row.track, row.participantId, row.publicationVersion) as { document_sha256: string } | undefined;
    if (stored !== undefined) {
      if (stored.document_sha256 === row.documentSha256) {
        outcome.already++;
        continue;
      }
      outcome.conflict = {
        participantId: row.participantId,
        storedSha256: stored.document_sha256,
        postedSha256: row.documentSha256,
      };
      return outcome;
    }
    prepared(
      db,
      `INSERT INTO reports_delivered (season, track, publication_version, participant_id, delivered_at, document,
         document_sha256) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      row.season,
      row.track,
      row.publicationVersion,
      row.participantId,
      row.deliveredAt,
      row.document,
      row.documentSha256,
    );
    outcome.recorded++;
  }
  return outcome;
}

/** The participant's report of the highest publication version delivered for the track, or undefined. */
export function latestReportOf(
  db: Db,
  season: number,
  track: string,
  participantId: string,
): ReportDelivered | undefined {
  const row = prepared(
    db,
    `SELECT * FROM reports_delivered WHERE season = ? AND track = ? AND participant_id = ?
      ORDER BY publication_version DESC LIMIT 1`,
  ).get(season, track, participantId) as ReportSqlRow | undefined;
  return row === undefined ? undefined : fromSql(row);
}

/** The highest publication version delivered for the track (any participant's), or null before any delivery. */
export function latestVersionDelivered(db: Db, season: number, track: string): number | null {
  const row = prepared(
    db,
    'SELECT MAX(publication_version) AS v FROM reports_delivered WHERE season = ? AND track = ?',
  ).get(season, track) as { v: number | null };
  return row.v;
}
