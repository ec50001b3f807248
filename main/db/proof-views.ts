import { sha256Hex } from '../core/hash/sha256.ts';
import type { ClassifiedAnswer, ViewStatus } from '../core/proofs-plan/classify-view.ts';
import type { CachedView } from '../core/proofs-plan/plan-reads.ts';
import type { Db } from './open-database.ts';
import { insertReadResult, type ReadResult } from './read-ledger.ts';

/**
 * Stores one read's outcome and every view it returned in ONE transaction (crash safety: docs/operator-database.md
 * "Proof reads"): a process killed before the commit leaves the read counted and no view half-written. An anchored view
 * already stored stays as it is (another process may have stored it while this read was in flight). Each view's bytes
 * get their SHA-256 as read (migration 14), which a close checks before it uses them.
 */
export function recordAnswers(db: Db, result: ReadResult, answers: readonly ClassifiedAnswer[]): void {
  const insertAnswer = db.prepare(
    'INSERT INTO proof_view_answers (read_id, proof_id, status, refusal_code, raw) VALUES (?, ?, ?, ?, ?)',
  );
  const insertDigest = db.prepare(
    `INSERT INTO proof_view_answer_digests (proof_id, read_id, sha256, taken, at_ms) VALUES (?, ?, ?, 'as_read', ?)`,
  );
  const upsertView = db.prepare(
    `INSERT INTO proof_views (proof_id, status, refusal_code, spec_version, batch_id, batch_root, rekor_uuid,
                              first_read_at_ms, last_read_at_ms, last_read_id)
     VALUES (@proofId, @status, @refusalCode, @specVersion, @batchId, @batchRoot, @rekorUuid, @at, @at, @readId)
     ON CONFLICT (proof_id) DO UPDATE SET
       status = excluded.status, refusal_code = excluded.refusal_code, spec_version = excluded.spec_version,
       batch_id = excluded.batch_id, batch_root = excluded.batch_root, rekor_uuid = excluded.rekor_uuid,
       last_read_at_ms = excluded.last_read_at_ms, last_read_id = excluded.last_read_id
     WHERE proof_views.status <> 'anchored'`,
  );
  db.transaction(() => {
    insertReadResult(db, result);
    for (const a of answers) {
      insertAnswer.run(result.readId, a.proofId, a.status, a.refusalCode, a.raw);
      if (a.raw !== null) insertDigest.run(a.proofId, result.readId, sha256Hex(a.raw), result.finishedAt);
      upsertView.run({
        proofId: a.proofId,
        status: a.status,
        refusalCode: a.refusalCode,
        specVersion: a.specVersion,
        batchId: a.batchId,
        batchRoot: a.batchRoot,
        rekorUuid: a.rekorUuid,
        at: result.finishedAt,
        readId: result.readId,
      });
    }
  })();
}

interface CachedSqlRow {
  proof_id: string;
  status: ViewStatus;
  last_read_at_ms: number;
}

/** What the store holds for these ids (ids it has never answered for are simply missing from the map). */
export function cachedViews(db: Db, ids: readonly string[]): Map<string, CachedView> {
  const rows = db
    .prepare(
      `SELECT proof_id, status, last_read_at_ms FROM proof_views
       WHERE proof_id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as CachedSqlRow[];
  return new Map(rows.map((r) => [r.proof_id, { status: r.status, lastReadAt: r.last_read_at_ms }]));
}

export interface StoredView {
  proofId: string;
  status: ViewStatus;
  refusalCode: string | null;
  specVersion: string | null;
  batchId: string | null;
  batchRoot: string | null;
  rekorUuid: string | null;
  firstReadAt: number;
  lastReadAt: number;
  /** The latest view's bytes as served (null for an absent answer). */
  raw: Uint8Array | null;
  /** The read that served them (proof_view_answers.read_id). */
  readId: number;
  /** The SHA-256 of those bytes as read (migration 14); null for a view stored before it and never hashed since. */
  rawSha256: string | null;
  /** 'as_read' when hashed as stored, 'first_use' when hashed at its first use after migration 14. */
  digestTaken: DigestTaken | null;
}

export type DigestTaken = 'as_read' | 'first_use';

interface StoredSqlRow {
  proof_id: string;
  status: ViewStatus;
  refusal_code: string | null;
  spec_version: string | null;
  batch_id: string | null;
  batch_root: string | null;
  rekor_uuid: string | null;
  first_read_at_ms: number;
  last_read_at_ms: number;
  last_read_id: number;
  raw: Buffer | null;
  sha256: string | null;
  taken: DigestTaken | null;
}

/** The latest stored view of each id found, with its bytes: what the verifier and the scorer read. */
export function storedViews(db: Db, ids: readonly string[]): StoredView[] {
  const rows = db
    .prepare(
      `SELECT v.proof_id, v.status, v.refusal_code, v.spec_version, v.batch_id, v.batch_root, v.rekor_uuid,
              v.first_read_at_ms, v.last_read_at_ms, v.last_read_id, a.raw, d.sha256, d.taken
       FROM proof_views v JOIN proof_view_answers a ON a.proof_id = v.proof_id AND a.read_id = v.last_read_id
       LEFT JOIN proof_view_answer_digests d ON d.proof_id = v.proof_id AND d.read_id = v.last_read_id
       WHERE v.proof_id IN (SELECT value FROM json_each(?))
       ORDER BY v.proof_id`,
    )
    .all(JSON.stringify(ids)) as StoredSqlRow[];
  return rows.map((r) => ({
    proofId: r.proof_id,
    status: r.status,
    refusalCode: r.refusal_code,
    specVersion: r.spec_version,
    batchId: r.batch_id,
    batchRoot: r.batch_root,
    rekorUuid: r.rekor_uuid,
    firstReadAt: r.first_read_at_ms,
    lastReadAt: r.last_read_at_ms,
    raw: r.raw === null ? null : new Uint8Array(r.raw),
    readId: r.last_read_id,
    rawSha256: r.sha256,
    digestTaken: r.taken,
  }));
}

/**
 * Records the SHA-256 of a view stored before migration 14, hashed at its first use (docs/operator-database.md
 * "Stored bytes digests"). A view that has a digest keeps it.
 */
export function keepFirstUseViewDigest(
  db: Db,
  view: { proofId: string; readId: number; sha256: string; atMs: number },
): void {
  db.prepare(
    `INSERT INTO proof_view_answer_digests (proof_id, read_id, sha256, taken, at_ms) VALUES (?, ?, ?, 'first_use', ?)
     ON CONFLICT DO NOTHING`,
  ).run(view.proofId, view.readId, view.sha256, view.atMs);
}

/** What the store says of a view, without its bytes. */
export type ViewState = Pick<StoredView, 'proofId' | 'status' | 'batchId' | 'rekorUuid' | 'firstReadAt' | 'lastReadAt'>;

/**
 * The state of each stored view among these ids, without the bytes: what the season's follower looks at every cycle
 * for tens of thousands of cited proofs (its bytes are read only for the few it verifies).
 */
export function viewStates(db: Db, ids: readonly string[]): Map<string, ViewState> {
  const rows = db
    .prepare(
      `SELECT proof_id, status, batch_id, rekor_uuid, first_read_at_ms, last_read_at_ms FROM proof_views
       WHERE proof_id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids)) as Pick<
    StoredSqlRow,
    'proof_id' | 'status' | 'batch_id' | 'rekor_uuid' | 'first_read_at_ms' | 'last_read_at_ms'
  >[];
  return new Map(
    rows.map((r) => [
      r.proof_id,
      {
        proofId: r.proof_id,
        status: r.status,
        batchId: r.batch_id,
        rekorUuid: r.rekor_uuid,
        firstReadAt: r.first_read_at_ms,
        lastReadAt: r.last_read_at_ms,
      },
    ]),
  );
}
