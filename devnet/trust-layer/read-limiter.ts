import type { DevnetDatabase } from '../state/devnet-database.ts';

export type ReadDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The public proof-read limit (reference §7, §9.16): `limit` reads per IP per sliding `windowSeconds`, shared by
 * GET /v1/proof/{id} and POST /v1/proofs, one unit per call whatever the number of ids. Reads are kept in SQLite
 * so the window survives a restart. A refused call is not counted.
 */
export class ReadLimiter {
  constructor(
    private readonly database: DevnetDatabase,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {
    database.exec(`CREATE TABLE IF NOT EXISTS proof_reads (ip TEXT NOT NULL, at_ms INTEGER NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS proof_reads_by_ip ON proof_reads (ip, at_ms);`);
  }

  take(ip: string, nowMs: number): ReadDecision {
    const since = nowMs - this.windowSeconds * 1000;
    const rows = this.database
      .prepare('SELECT at_ms FROM proof_reads WHERE ip = ? AND at_ms > ? ORDER BY at_ms')
      .all(ip, since) as { at_ms: number }[];
    if (rows.length >= this.limit) {
      // The call would be allowed again once the oldest read in the window slides out of it.
      const oldest = (rows[0] as { at_ms: number }).at_ms;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowSeconds * 1000 - nowMs) / 1000)),
      };
    }
    this.database.prepare('INSERT INTO proof_reads (ip, at_ms) VALUES (?, ?)').run(ip, nowMs);
    return { allowed: true };
  }

  /** Reads per IP inside the current window (GET /_devnet/stats). */
  readsPerIp(nowMs: number): Record<string, number> {
    const rows = this.database
      .prepare('SELECT ip, COUNT(*) AS n FROM proof_reads WHERE at_ms > ? GROUP BY ip ORDER BY ip')
      .all(nowMs - this.windowSeconds * 1000) as { ip: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.ip, row.n]));
  }

  get settings(): { limit: number; windowSeconds: number } {
    return { limit: this.limit, windowSeconds: this.windowSeconds };
  }
}
