import type { FreezeDocument, FreezeDocumentVersion, Track } from '../core/freeze/freeze-document.ts';
import type { Db } from './open-database.ts';

/** One row of `freezes` (migration 2): what was anchored and published. Never the key, the salt or the API key. */
export interface FreezeRow {
  proofId: string;
  /** 2 when opens_at and closes_at are anchored in the document (docs/freeze.md). */
  documentVersion: FreezeDocumentVersion;
  season: number;
  track: Track;
  rulesVersion: string;
  rulesHash: string;
  manifestHash: string;
  keyCommitment: string;
  url: string;
  replaces: string | null;
  reason: string | null;
  opensAt: string;
  closesAt: string;
  requestHash: string;
  requestHashNonce: string;
  trustLayer: string;
  createdAtMs: number;
  /** The POST /v1/proxy answer (whose `proof` member is the proof) and the owner full view, as served. */
  proxyProof: Uint8Array;
  fullView: Uint8Array;
}

/** The sealed material of one freeze: kept in `freeze_seals` only, read back for the reveal. */
export interface FreezeSeal {
  saltHex: string;
  /** canonical(key): the exact text the commitment covers. */
  answerKey: string;
}

/** A `freezes` row as SQLite returns it: the freeze document's columns carry its field names and types. */
interface FreezeSqlRow extends FreezeDocument {
  proof_id: string;
  url: string;
  opens_at: string;
  closes_at: string;
  request_hash: string;
  request_hash_nonce: string;
  trust_layer: string;
  created_at_ms: number;
  proxy_proof: Buffer;
  full_view: Buffer;
}

const fromSql = (r: FreezeSqlRow): FreezeRow => ({
  proofId: r.proof_id,
  documentVersion: r.document_version,
  season: r.season,
  track: r.track,
  rulesVersion: r.rules_version,
  rulesHash: r.rules_hash,
  manifestHash: r.manifest_hash,
  keyCommitment: r.key_commitment,
  url: r.url,
  replaces: r.replaces,
  reason: r.reason,
  opensAt: r.opens_at,
  closesAt: r.closes_at,
  requestHash: r.request_hash,
  requestHashNonce: r.request_hash_nonce,
  trustLayer: r.trust_layer,
  createdAtMs: r.created_at_ms,
  proxyProof: new Uint8Array(r.proxy_proof),
  fullView: new Uint8Array(r.full_view),
});

/** Why a freeze could not be recorded: another freeze of the track took the place first (unique chain indexes). */
export type InsertFreezeOutcome = { inserted: true } | { inserted: false; reason: 'CHAIN_TAKEN' };

/**
 * Records a freeze and its seal in one transaction, so a freeze is never stored without the material its reveal
 * needs. The unique indexes keep one chain per season and track: a first freeze when there is already one, or a
 * second replacement of the same freeze (two operators racing), is refused with CHAIN_TAKEN.
 */
export function insertFreeze(db: Db, row: FreezeRow, seal: FreezeSeal): InsertFreezeOutcome {
  const insertRow = db.prepare(
    `INSERT INTO freezes (proof_id, season, track, rules_version, rules_hash, manifest_hash, key_commitment, url,
                          replaces, reason, opens_at, closes_at, request_hash, request_hash_nonce, trust_layer,
                          created_at_ms, proxy_proof, full_view, document_version)
     VALUES (@proofId, @season, @track, @rulesVersion, @rulesHash, @manifestHash, @keyCommitment, @url,
             @replaces, @reason, @opensAt, @closesAt, @requestHash, @requestHashNonce, @trustLayer,
             @createdAtMs, @proxyProof, @fullView, @documentVersion)`,
  );
  const insertSeal = db.prepare('INSERT INTO freeze_seals (proof_id, salt_hex, answer_key) VALUES (?, ?, ?)');
  try {
    db.transaction(() => {
      insertRow.run({ ...row, proxyProof: Buffer.from(row.proxyProof), fullView: Buffer.from(row.fullView) });
      insertSeal.run(row.proofId, seal.saltHex, seal.answerKey);
    }).immediate();
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE')
      return { inserted: false, reason: 'CHAIN_TAKEN' };
    throw error;
  }
  return { inserted: true };
}

/** Every freeze of a season and track, oldest first (the order a publication lists them in). */
export function freezesOf(db: Db, season: number, track: Track): FreezeRow[] {
  const rows = db
    .prepare('SELECT * FROM freezes WHERE season = ? AND track = ? ORDER BY created_at_ms, rowid')
    .all(season, track) as FreezeSqlRow[];
  return rows.map(fromSql);
}

/** The freeze no other freeze replaces, or null when the track has never been frozen. */
export function freezeInForceOf(db: Db, season: number, track: Track): FreezeRow | null {
  const row = db
    .prepare(
      `SELECT * FROM freezes f WHERE season = ? AND track = ?
       AND NOT EXISTS (SELECT 1 FROM freezes r WHERE r.replaces = f.proof_id)`,
    )
    .get(season, track) as FreezeSqlRow | undefined;
  return row ? fromSql(row) : null;
}

export function sealOf(db: Db, proofId: string): FreezeSeal | null {
  const row = db.prepare('SELECT salt_hex, answer_key FROM freeze_seals WHERE proof_id = ?').get(proofId) as
    { salt_hex: string; answer_key: string } | undefined;
  return row ? { saltHex: row.salt_hex, answerKey: row.answer_key } : null;
}

export interface RevealRow {
  proofId: string;
  revealedAtMs: number;
  revealSha256: string;
}

/**
 * Records the reveal of these freezes in one transaction. A freeze already revealed keeps its first record (the
 * reveal is published once; running it again prints the same document).
 */
export function recordReveals(db: Db, rows: readonly RevealRow[]): void {
  const insert = db.prepare(
    'INSERT INTO freeze_reveals (proof_id, revealed_at_ms, reveal_sha256) VALUES (?, ?, ?) ON CONFLICT (proof_id) DO NOTHING',
  );
  db.transaction(() => {
    for (const r of rows) insert.run(r.proofId, r.revealedAtMs, r.revealSha256);
  }).immediate();
}

/** The first reveal time of these freezes, if they were revealed. */
export function revealedAtOf(db: Db, proofIds: readonly string[]): number | null {
  const value = db
    .prepare('SELECT min(revealed_at_ms) FROM freeze_reveals WHERE proof_id IN (SELECT value FROM json_each(?))')
    .pluck()
    .get(JSON.stringify(proofIds)) as number | null;
  return value ?? null;
}
