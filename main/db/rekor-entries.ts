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
