import type { Db } from './open-database.ts';

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

/** Keeps an entry as served; a uuid already stored keeps its first copy (the log entry never changes). */
export function storeRekorEntry(
  db: Db,
  entry: { uuid: string; url: string; fetchedAt: number; raw: Uint8Array },
): void {
  db.prepare(
    'INSERT INTO rekor_entries (uuid, url, fetched_at_ms, raw) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  ).run(entry.uuid, entry.url, entry.fetchedAt, entry.raw);
}

/** The stored entry's bytes, or null. */
export function rekorEntry(db: Db, uuid: string): Uint8Array | null {
  const raw = db.prepare('SELECT raw FROM rekor_entries WHERE uuid = ?').pluck().get(uuid) as Buffer | undefined;
  return raw === undefined ? null : new Uint8Array(raw);
}
