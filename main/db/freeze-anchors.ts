import type { Db } from './open-database.ts';

/** A freeze proof's anchoring as last checked (migration 11): verified with its RFC 3161 time, or pending. */
export interface FreezeAnchorRow {
  proofId: string;
  state: 'anchored' | 'pending';
  /** The RFC 3161 genTime (null while pending). */
  anchorTime: string | null;
  rekorUuid: string | null;
  /** Whether the Rekor entry was given to the verifier and its check passed. */
  rekorVerified: boolean;
  independentWitnesses: number;
  trustBundleDigest: string | null;
  checkedAtMs: number;
}

interface FreezeAnchorSqlRow {
  proof_id: string;
  state: 'anchored' | 'pending';
  anchor_time: string | null;
  rekor_uuid: string | null;
  rekor_verified: number;
  independent_witnesses: number;
  trust_bundle_digest: string | null;
  checked_at_ms: number;
}

/** Records a check; an anchored row is kept as first verified (the upsert skips it, the trigger guards it). */
export function recordFreezeAnchor(db: Db, row: FreezeAnchorRow): void {
  db.prepare(
    `INSERT INTO freeze_anchors (proof_id, state, anchor_time, rekor_uuid, rekor_verified, independent_witnesses,
                                 trust_bundle_digest, checked_at_ms)
     VALUES (@proofId, @state, @anchorTime, @rekorUuid, @rekorVerified, @independentWitnesses, @trustBundleDigest,
             @checkedAtMs)
     ON CONFLICT (proof_id) DO UPDATE SET
       state = excluded.state, anchor_time = excluded.anchor_time, rekor_uuid = excluded.rekor_uuid,
       rekor_verified = excluded.rekor_verified, independent_witnesses = excluded.independent_witnesses,
       trust_bundle_digest = excluded.trust_bundle_digest, checked_at_ms = excluded.checked_at_ms
     WHERE freeze_anchors.state <> 'anchored'`,
  ).run({ ...row, rekorVerified: row.rekorVerified ? 1 : 0 });
}

/** The stored checks of these freeze proofs, by proof id. */
export function freezeAnchorsOf(db: Db, ids: readonly string[]): Map<string, FreezeAnchorRow> {
  const rows = db
    .prepare('SELECT * FROM freeze_anchors WHERE proof_id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as FreezeAnchorSqlRow[];
  return new Map(
    rows.map((r) => [
      r.proof_id,
      {
        proofId: r.proof_id,
        state: r.state,
        anchorTime: r.anchor_time,
        rekorUuid: r.rekor_uuid,
        rekorVerified: r.rekor_verified === 1,
        independentWitnesses: r.independent_witnesses,
        trustBundleDigest: r.trust_bundle_digest,
        checkedAtMs: r.checked_at_ms,
      },
    ]),
  );
}
