import type { Db } from '../open-database.ts';
import { prepared } from './prepared.ts';

export interface FreezeReceived {
  season: number;
  track: string;
  receivedAt: string;
  /** From the anchored freeze document (version 2 on); null for a version-1 document, which carries no times. */
  opensAt: string | null;
  closesAt: string | null;
  /** The document's text as received through the proxy. */
  document: string;
}

/** Records a freeze document posted through the Trust Layer proxy (docs/freeze.md step 6). Append-only. */
export function recordFreezeReceived(db: Db, freeze: FreezeReceived): void {
  prepared(
    db,
    `INSERT INTO freezes_received (season, track, received_at, opens_at, closes_at, document)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(freeze.season, freeze.track, freeze.receivedAt, freeze.opensAt, freeze.closesAt, freeze.document);
}

/** The last freeze received for each track of a season: the one in force (a replacement is posted after). */
export function freezesInForce(db: Db, season: number): FreezeReceived[] {
  const rows = prepared(
    db,
    `SELECT season, track, received_at, opens_at, closes_at, document FROM freezes_received f
       WHERE season = ? AND id = (SELECT MAX(id) FROM freezes_received WHERE season = f.season AND track = f.track)
       ORDER BY track`,
  ).all(season) as {
    season: number;
    track: string;
    received_at: string;
    opens_at: string | null;
    closes_at: string | null;
    document: string;
  }[];
  return rows.map((row) => ({
    season: row.season,
    track: row.track,
    receivedAt: row.received_at,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    document: row.document,
  }));
}
