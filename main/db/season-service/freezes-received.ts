import { chainEnd } from '../../core/freeze/freeze-chain.ts';
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
  /**
   * Version 3 (migration 2): SHA-256 of the canonical document, signature included; the document_sha256 it replaces
   * (null for the first of a chain); the operator's time of signing. Null on rows received before, which are unsigned
   * and never in force.
   */
  documentSha256: string | null;
  replacesSha256: string | null;
  signedAt: string | null;
}

/** A version-3 row: what the freeze chain is made of. */
export type SignedFreezeReceived = FreezeReceived & { documentSha256: string; signedAt: string };

/**
 * Records an operator-signed freeze document posted through the Trust Layer proxy (docs/freeze.md step 6), once it
 * is the end of its track's chain. Append-only; a document is recorded once (unique document_sha256).
 */
export function recordFreezeReceived(db: Db, freeze: SignedFreezeReceived): void {
  prepared(
    db,
    `INSERT INTO freezes_received (season, track, received_at, opens_at, closes_at, document, document_sha256,
                                   replaces_sha256, signed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    freeze.season,
    freeze.track,
    freeze.receivedAt,
    freeze.opensAt,
    freeze.closesAt,
    freeze.document,
    freeze.documentSha256,
    freeze.replacesSha256,
    freeze.signedAt,
  );
}

interface FreezeSqlRow {
  season: number;
  track: string;
  received_at: string;
  opens_at: string | null;
  closes_at: string | null;
  document: string;
  document_sha256: string;
  replaces_sha256: string | null;
  signed_at: string;
}

const fromSql = (row: FreezeSqlRow): SignedFreezeReceived => ({
  season: row.season,
  track: row.track,
  receivedAt: row.received_at,
  opensAt: row.opens_at,
  closesAt: row.closes_at,
  document: row.document,
  documentSha256: row.document_sha256,
  replacesSha256: row.replaces_sha256,
  signedAt: row.signed_at,
});

/** Every operator-signed freeze document received for one track, in the order received (the chain's material). */
export function signedFreezesOf(db: Db, season: number, track: string): SignedFreezeReceived[] {
  const rows = prepared(
    db,
    `SELECT season, track, received_at, opens_at, closes_at, document, document_sha256, replaces_sha256, signed_at
       FROM freezes_received WHERE season = ? AND track = ? AND document_sha256 IS NOT NULL ORDER BY id`,
  ).all(season, track) as FreezeSqlRow[];
  return rows.map(fromSql);
}

/**
 * The freeze in force of each track of a season: the end of the chain its signed documents write
 * (docs/season-service.md "Only the operator changes the season"; main/core/freeze/freeze-chain.ts), whatever order
 * they arrived in. A track with no signed document has none.
 */
export function freezesInForce(db: Db, season: number): SignedFreezeReceived[] {
  const tracks = prepared(
    db,
    `SELECT DISTINCT track FROM freezes_received WHERE season = ? AND document_sha256 IS NOT NULL ORDER BY track`,
  )
    .pluck()
    .all(season) as string[];
  return tracks
    .map((track) => chainEnd(signedFreezesOf(db, season, track)))
    .filter((f): f is SignedFreezeReceived => f !== null);
}
