import type { Db } from './open-database.ts';

/** One row of `season_invalidations` (migration 19; docs/freeze.md "Invalidating a season"). */
export interface InvalidationRow {
  season: number;
  track: string;
  /** The freeze in force it ended. */
  freezeProofId: string;
  /** The invalidation's own proof. */
  proofId: string;
  /** The signed document's canonical text, as anchored, and its SHA-256. */
  document: string;
  documentSha256: string;
  reason: string;
  invalidatedAt: string;
  url: string;
  requestHash: string;
  requestHashNonce: string;
  trustLayer: string;
  actor: string;
  createdAtMs: number;
  proxyProof: Uint8Array;
  fullView: Uint8Array;
}

interface InvalidationSqlRow {
  season: number;
  track: string;
  freeze_proof_id: string;
  proof_id: string;
  document: string;
  document_sha256: string;
  reason: string;
  invalidated_at: string;
  url: string;
  request_hash: string;
  request_hash_nonce: string;
  trust_layer: string;
  actor: string;
  created_at_ms: number;
  proxy_proof: Buffer;
  full_view: Buffer;
}

const fromSql = (r: InvalidationSqlRow): InvalidationRow => ({
  season: r.season,
  track: r.track,
  freezeProofId: r.freeze_proof_id,
  proofId: r.proof_id,
  document: r.document,
  documentSha256: r.document_sha256,
  reason: r.reason,
  invalidatedAt: r.invalidated_at,
  url: r.url,
  requestHash: r.request_hash,
  requestHashNonce: r.request_hash_nonce,
  trustLayer: r.trust_layer,
  actor: r.actor,
  createdAtMs: r.created_at_ms,
  proxyProof: new Uint8Array(r.proxy_proof),
  fullView: new Uint8Array(r.full_view),
});

/** Records an invalidation (in the caller's transaction, with its audit entry). One per season and track. */
export function insertInvalidation(db: Db, row: InvalidationRow): void {
  db.prepare(
    `INSERT INTO season_invalidations (season, track, freeze_proof_id, proof_id, document, document_sha256, reason,
       invalidated_at, url, request_hash, request_hash_nonce, trust_layer, actor, created_at_ms, proxy_proof, full_view)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.season,
    row.track,
    row.freezeProofId,
    row.proofId,
    row.document,
    row.documentSha256,
    row.reason,
    row.invalidatedAt,
    row.url,
    row.requestHash,
    row.requestHashNonce,
    row.trustLayer,
    row.actor,
    row.createdAtMs,
    Buffer.from(row.proxyProof),
    Buffer.from(row.fullView),
  );
}

/** The invalidation of a season's track, or null when it was not invalidated. */
export function invalidationOf(db: Db, season: number, track: string): InvalidationRow | null {
  const row = db.prepare('SELECT * FROM season_invalidations WHERE season = ? AND track = ?').get(season, track) as
    InvalidationSqlRow | undefined;
  return row === undefined ? null : fromSql(row);
}

/** Every invalidation of a season, by track. */
export function invalidationsOf(db: Db, season: number): InvalidationRow[] {
  return (
    db.prepare('SELECT * FROM season_invalidations WHERE season = ? ORDER BY track').all(season) as InvalidationSqlRow[]
  ).map(fromSql);
}
