import type { TrackName } from '../core/corpus/model.ts';
import type { FreezeDocument, FreezeDocumentVersion } from '../core/freeze/freeze-document.ts';
import type { Db } from './open-database.ts';

/** What a version-3 document adds (migration 13): the operator's signature and what it covers beyond version 2. */
export interface FreezeOperatorSignature {
  replacesSha256: string | null;
  signedAt: string;
  operatorPublicKey: string;
  operatorSignature: string;
}

/** One row of `freezes` (migration 2): what was anchored and published. Never the key, the salt or the API key. */
export interface FreezeRow {
  proofId: string;
  /** 2 when opens_at and closes_at are anchored in the document, 3 when it is also signed (docs/freeze.md). */
  documentVersion: FreezeDocumentVersion;
  /** Version 3 only: the row of freeze_operator_signatures. */
  operator?: FreezeOperatorSignature;
  season: number;
  track: TrackName;
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
  /** From the LEFT JOIN on freeze_operator_signatures: null for a version-1 or version-2 freeze. */
  op_replaces_sha256: string | null;
  op_signed_at: string | null;
  op_public_key: string | null;
  op_signature: string | null;
}

/** Every read of `freezes` goes through this, so a version-3 freeze always comes back with its signature. */
const SELECT_FREEZES = `SELECT f.*, s.replaces_sha256 AS op_replaces_sha256, s.signed_at AS op_signed_at,
         s.operator_public_key AS op_public_key, s.operator_signature AS op_signature
    FROM freezes f LEFT JOIN freeze_operator_signatures s ON s.proof_id = f.proof_id`;

const fromSql = (r: FreezeSqlRow): FreezeRow => ({
  proofId: r.proof_id,
  documentVersion: r.op_signed_at === null ? r.document_version : 3,
  ...(r.op_signed_at === null
    ? {}
    : {
        operator: {
          replacesSha256: r.op_replaces_sha256,
          signedAt: r.op_signed_at,
          operatorPublicKey: r.op_public_key as string,
          operatorSignature: r.op_signature as string,
        },
      }),
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
  const insertSignature = db.prepare(
    `INSERT INTO freeze_operator_signatures (proof_id, replaces_sha256, signed_at, operator_public_key,
                                             operator_signature) VALUES (?, ?, ?, ?, ?)`,
  );
  const { operator, ...anchored } = row;
  if ((row.documentVersion === 3) !== (operator !== undefined))
    throw new Error('a version-3 freeze is recorded with its operator signature, and only a version-3 one');
  try {
    db.transaction(() => {
      insertRow.run({
        ...anchored,
        // Migration 13: the column keeps its CHECK (1, 2); the signature row makes the freeze version 3.
        documentVersion: row.documentVersion === 3 ? 2 : row.documentVersion,
        proxyProof: Buffer.from(row.proxyProof),
        fullView: Buffer.from(row.fullView),
      });
      insertSeal.run(row.proofId, seal.saltHex, seal.answerKey);
      if (operator !== undefined)
        insertSignature.run(
          row.proofId,
          operator.replacesSha256,
          operator.signedAt,
          operator.operatorPublicKey,
          operator.operatorSignature,
        );
    }).immediate();
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE')
      return { inserted: false, reason: 'CHAIN_TAKEN' };
    throw error;
  }
  return { inserted: true };
}

/** Every freeze of a season and track, oldest first (the order a publication lists them in). */
export function freezesOf(db: Db, season: number, track: TrackName): FreezeRow[] {
  const rows = db
    .prepare(`${SELECT_FREEZES} WHERE f.season = ? AND f.track = ? ORDER BY f.created_at_ms, f.rowid`)
    .all(season, track) as FreezeSqlRow[];
  return rows.map(fromSql);
}

/** The freeze no other freeze replaces, or null when the track has never been frozen. */
export function freezeInForceOf(db: Db, season: number, track: TrackName): FreezeRow | null {
  const row = db
    .prepare(
      `${SELECT_FREEZES} WHERE f.season = ? AND f.track = ?
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

/** Every season with at least one freeze in this database, in order. */
export function freezeSeasons(db: Db): number[] {
  return db.prepare('SELECT DISTINCT season FROM freezes ORDER BY season').pluck().all() as number[];
}

/** The Trust Layer the latest freeze was made through: where the console reads proofs from (undefined: no freeze). */
export function latestFreezeTrustLayer(db: Db): string | undefined {
  return db.prepare('SELECT trust_layer FROM freezes ORDER BY created_at_ms DESC LIMIT 1').pluck().get() as
    string | undefined;
}
