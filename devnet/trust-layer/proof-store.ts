import type { PyObject } from '../../main/core/json/value.ts';
import type { DevnetDatabase } from '../state/devnet-database.ts';
import { jsonDumps, loadsStored } from '../wire/json-dumps.ts';

export interface StoredProof {
  record: PyObject;
  viewsCount: bigint;
  seller: string;
  buyerFingerprint: string;
  batchId: string;
  tsr: Uint8Array | null;
}

export interface OpenBatch {
  batchId: string;
  openedAt: number;
  size: number;
}

interface ProofRow {
  record: string;
  views_count: number;
  seller: string;
  buyer_fingerprint: string;
  batch_id: string;
  tsr: Buffer | null;
}

/**
 * Proofs and batches in SQLite. A proof's record is stored as the JSON the Python server writes (jsonDumps) so floats stay
 * floats (`amount: 0.0`) and key order survives a restart. A batch is "open" (accepting proofs), "closing"
 * (anchoring in progress; retried on restart) or "closed".
 */
export class ProofStore {
  constructor(private readonly database: DevnetDatabase) {
    database.exec(`
      CREATE TABLE IF NOT EXISTS proofs (
        queue_order INTEGER PRIMARY KEY AUTOINCREMENT,
        proof_id TEXT NOT NULL UNIQUE,
        seller TEXT NOT NULL,
        buyer_fingerprint TEXT NOT NULL,
        batch_id TEXT NOT NULL,
        views_count INTEGER NOT NULL DEFAULT 0,
        record TEXT NOT NULL,
        tsr BLOB
      ) STRICT;
      CREATE INDEX IF NOT EXISTS proofs_by_batch ON proofs (batch_id, queue_order);
      CREATE TABLE IF NOT EXISTS batches (
        batch_id TEXT PRIMARY KEY,
        state TEXT NOT NULL CHECK (state IN ('open', 'closing', 'closed')),
        opened_at INTEGER NOT NULL,
        closed_at INTEGER,
        reason TEXT,
        summary TEXT
      ) STRICT;
    `);
  }

  insertProof(record: PyObject, seller: string, buyerFingerprint: string, batchId: string): void {
    this.database
      .prepare('INSERT INTO proofs (proof_id, seller, buyer_fingerprint, batch_id, record) VALUES (?, ?, ?, ?, ?)')
      .run(record['proof_id'], seller, buyerFingerprint, batchId, jsonDumps(record));
  }

  getProof(proofId: string): StoredProof | undefined {
    const row = this.database.prepare('SELECT * FROM proofs WHERE proof_id = ?').get(proofId) as ProofRow | undefined;
    if (!row) return undefined;
    return {
      record: loadsStored(row.record) as PyObject,
      viewsCount: BigInt(row.views_count),
      seller: row.seller,
      buyerFingerprint: row.buyer_fingerprint,
      batchId: row.batch_id,
      tsr: row.tsr ? new Uint8Array(row.tsr) : null,
    };
  }

  proofExists(proofId: string): boolean {
    return this.database.prepare('SELECT 1 FROM proofs WHERE proof_id = ?').get(proofId) !== undefined;
  }

  countView(proofId: string): void {
    this.database.prepare('UPDATE proofs SET views_count = views_count + 1 WHERE proof_id = ?').run(proofId);
  }

  updateProof(proofId: string, record: PyObject, tsr: Uint8Array | null): void {
    this.database
      .prepare('UPDATE proofs SET record = ?, tsr = ? WHERE proof_id = ?')
      .run(jsonDumps(record), tsr ? Buffer.from(tsr) : null, proofId);
  }

  /** Proof ids of a batch in queue (insertion) order, the order of its leaves (reference §4.5). */
  batchProofIds(batchId: string): string[] {
    return (
      this.database.prepare('SELECT proof_id FROM proofs WHERE batch_id = ? ORDER BY queue_order').all(batchId) as {
        proof_id: string;
      }[]
    ).map((row) => row.proof_id);
  }

  openBatch(): OpenBatch | undefined {
    const row = this.database
      .prepare(
        `SELECT b.batch_id, b.opened_at, (SELECT COUNT(*) FROM proofs p WHERE p.batch_id = b.batch_id) AS size
         FROM batches b WHERE state = 'open'`,
      )
      .get() as { batch_id: string; opened_at: number; size: number } | undefined;
    return row ? { batchId: row.batch_id, openedAt: row.opened_at, size: row.size } : undefined;
  }

  batchExists(batchId: string): boolean {
    return this.database.prepare('SELECT 1 FROM batches WHERE batch_id = ?').get(batchId) !== undefined;
  }

  createBatch(batchId: string, openedAt: number): void {
    this.database
      .prepare("INSERT INTO batches (batch_id, state, opened_at) VALUES (?, 'open', ?)")
      .run(batchId, openedAt);
  }

  markClosing(batchId: string, reason: string): void {
    this.database.prepare("UPDATE batches SET state = 'closing', reason = ? WHERE batch_id = ?").run(reason, batchId);
  }

  closingBatches(): string[] {
    return (
      this.database.prepare("SELECT batch_id FROM batches WHERE state = 'closing' ORDER BY opened_at").all() as {
        batch_id: string;
      }[]
    ).map((row) => row.batch_id);
  }

  markClosed(batchId: string, closedAt: number, summary: PyObject): void {
    this.database
      .prepare("UPDATE batches SET state = 'closed', closed_at = ?, summary = ? WHERE batch_id = ?")
      .run(closedAt, jsonDumps(summary), batchId);
  }

  transaction(work: () => void): void {
    this.database.transaction(work)();
  }

  counts(): { proofs: number; pending: number; batchesClosed: number } {
    const proofs = (this.database.prepare('SELECT COUNT(*) AS n FROM proofs').get() as { n: number }).n;
    const pending = (
      this.database
        .prepare(
          "SELECT COUNT(*) AS n FROM proofs p JOIN batches b ON b.batch_id = p.batch_id WHERE b.state != 'closed'",
        )
        .get() as { n: number }
    ).n;
    const batchesClosed = (
      this.database.prepare("SELECT COUNT(*) AS n FROM batches WHERE state = 'closed'").get() as { n: number }
    ).n;
    return { proofs, pending, batchesClosed };
  }
}
