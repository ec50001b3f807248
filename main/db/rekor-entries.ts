import { sha256Hex } from '../core/hash/sha256.ts';
import type { Db } from './open-database.ts';
import type { DigestTaken } from './proof-views.ts';

/**
 * Rekor uuids named by anchored views whose log entry is not stored yet: one per batch root, since every proof of a
 * batch points at the same entry (trust-layer-reference §6.2).
 */
export function missingRekorEntries(db: Db, ids: readonly string[]): string[] {
  return db
    .prepare(
      `SELECT DISTINCT v.rekor_uuid FROM proof_views v
       WHERE v.status = 'anchored' AND v.rekor_uuid IS NOT NULL
         AND v.proof_id IN (SELECT value FROM json_each(?))
         AND NOT EXISTS (SELECT 1 FROM rekor_entries e WHERE e.uuid = v.rekor_uuid)
       ORDER BY v.rekor_uuid`,
    )
    .pluck()
    .all(JSON.stringify(ids)) as string[];
}

/** A Rekor entry the store lacks, with the batch it witnesses and the view of one proof that names it. */
export interface MissingRekorEntry {
  uuid: string;
  batchId: string | null;
  /** The proof whose view is given (the smallest id naming the entry). */
  proofId: string;
  /** That view's bytes as served: its transparency_log names the log the entry is in. */
  view: Uint8Array;
}

/**
 * missingRekorEntries with, for each entry, the batch and the stored view of one proof naming it (one per uuid, so
 * one per batch root), for fetching each entry from the log its proofs name.
 */
export function missingRekorEntriesWithViews(db: Db, ids: readonly string[]): MissingRekorEntry[] {
  const rows = db
    .prepare(
      `SELECT v.rekor_uuid AS uuid, min(v.proof_id) AS proofId FROM proof_views v
       WHERE v.status = 'anchored' AND v.rekor_uuid IS NOT NULL
         AND v.proof_id IN (SELECT value FROM json_each(?))
         AND NOT EXISTS (SELECT 1 FROM rekor_entries e WHERE e.uuid = v.rekor_uuid)
       GROUP BY v.rekor_uuid ORDER BY v.rekor_uuid`,
    )
    .all(JSON.stringify(ids)) as { uuid: string; proofId: string }[];
  const view = db.prepare(
    `SELECT v.batch_id AS batchId, a.raw AS raw FROM proof_views v
     JOIN proof_view_answers a ON a.proof_id = v.proof_id AND a.read_id = v.last_read_id
     WHERE v.proof_id = ?`,
  );
  return rows.map(({ uuid, proofId }) => {
    const row = view.get(proofId) as { batchId: string | null; raw: Buffer | null };
    return { uuid, batchId: row.batchId, proofId, view: new Uint8Array(row.raw ?? Buffer.alloc(0)) };
  });
}

/**
 * Keeps an entry as served, with the SHA-256 of its bytes as read (migration 14), in one transaction; a uuid already
 * stored keeps its first copy and its digest (the log entry never changes).
 */
export function storeRekorEntry(
  db: Db,
  entry: { uuid: string; url: string; fetchedAt: number; raw: Uint8Array },
): void {
  db.transaction(() => {
    const inserted = db
      .prepare('INSERT INTO rekor_entries (uuid, url, fetched_at_ms, raw) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(entry.uuid, entry.url, entry.fetchedAt, entry.raw);
    if (inserted.changes === 0) return;
    db.prepare(`INSERT INTO rekor_entry_digests (uuid, sha256, taken, at_ms) VALUES (?, ?, 'as_read', ?)`).run(
      entry.uuid,
      sha256Hex(entry.raw),
      entry.fetchedAt,
    );
  })();
}

/** The stored entry's bytes, or null. */
export function rekorEntry(db: Db, uuid: string): Uint8Array | null {
  return rekorEntryWithDigest(db, uuid)?.raw ?? null;
}

/** A stored entry's bytes with the SHA-256 kept for them (null for an entry stored before migration 14, unhashed). */
export interface StoredRekorEntry {
  raw: Uint8Array;
  sha256: string | null;
  taken: DigestTaken | null;
}

export function rekorEntryWithDigest(db: Db, uuid: string): StoredRekorEntry | null {
  const row = db
    .prepare(
      `SELECT e.raw, d.sha256, d.taken FROM rekor_entries e LEFT JOIN rekor_entry_digests d ON d.uuid = e.uuid
       WHERE e.uuid = ?`,
    )
    .get(uuid) as { raw: Buffer; sha256: string | null; taken: DigestTaken | null } | undefined;
  return row === undefined ? null : { raw: new Uint8Array(row.raw), sha256: row.sha256, taken: row.taken };
}

/** Records the SHA-256 of an entry stored before migration 14, hashed at its first use; a digest kept stays. */
export function keepFirstUseRekorDigest(db: Db, entry: { uuid: string; sha256: string; atMs: number }): void {
  db.prepare(
    `INSERT INTO rekor_entry_digests (uuid, sha256, taken, at_ms) VALUES (?, ?, 'first_use', ?) ON CONFLICT DO NOTHING`,
  ).run(entry.uuid, entry.sha256, entry.atMs);
}
