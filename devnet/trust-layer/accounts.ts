import { createHash } from 'node:crypto';
import type { DevnetDatabase } from '../state/devnet-database.ts';

export interface ApiKeyRow {
  api_key: string;
  email: string;
  plan: string;
}

export interface Binding {
  did: string;
  method: string;
  bound_at: string;
  unbound_at: string | null;
}

export interface Challenge {
  challenge: string;
  api_key: string;
  did: string;
  expires_at: number;
}

export function fingerprintOf(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

/**
 * API keys, free signups, DID bindings (with history), bind-did challenges and attempts, the per-key declared
 * identity profile and idempotency records, all in SQLite. Timestamps are epoch milliseconds unless named *_at
 * text (ISO 8601, as served).
 */
export class Accounts {
  constructor(private readonly database: DevnetDatabase) {
    database.exec(`
      CREATE TABLE IF NOT EXISTS api_keys (
        api_key TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        plan TEXT NOT NULL,
        signup_ip TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE IF NOT EXISTS did_bindings (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        api_key TEXT NOT NULL,
        did TEXT NOT NULL,
        method TEXT NOT NULL,
        bound_at TEXT NOT NULL,
        unbound_at TEXT
      ) STRICT;
      CREATE TABLE IF NOT EXISTS did_challenges (
        challenge TEXT PRIMARY KEY,
        api_key TEXT NOT NULL,
        did TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;
      CREATE TABLE IF NOT EXISTS bind_attempts (api_key TEXT NOT NULL, at_ms INTEGER NOT NULL) STRICT;
      CREATE TABLE IF NOT EXISTS agent_profiles (
        api_key TEXT PRIMARY KEY,
        declared_identity TEXT,
        identity_mismatch INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE TABLE IF NOT EXISTS idempotency (
        api_key TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        status INTEGER NOT NULL,
        response TEXT NOT NULL,
        PRIMARY KEY (api_key, idempotency_key)
      ) STRICT;
    `);
  }

  signupsFromIpSince(ip: string, sinceMs: number): number {
    return (
      this.database
        .prepare('SELECT COUNT(*) AS n FROM api_keys WHERE signup_ip = ? AND created_ms > ?')
        .get(ip, sinceMs) as {
        n: number;
      }
    ).n;
  }

  keyForEmail(email: string, plan: string): string | undefined {
    const row = this.database.prepare('SELECT api_key FROM api_keys WHERE email = ? AND plan = ?').get(email, plan) as
      { api_key: string } | undefined;
    return row?.api_key;
  }

  createKey(apiKey: string, email: string, plan: string, ip: string, nowMs: number): void {
    this.database
      .prepare('INSERT INTO api_keys (api_key, email, plan, signup_ip, created_ms) VALUES (?, ?, ?, ?, ?)')
      .run(apiKey, email, plan, ip, nowMs);
  }

  findKey(apiKey: string): ApiKeyRow | undefined {
    return this.database.prepare('SELECT api_key, email, plan FROM api_keys WHERE api_key = ?').get(apiKey) as
      ApiKeyRow | undefined;
  }

  bindAttemptsSince(apiKey: string, sinceMs: number): number {
    return (
      this.database
        .prepare('SELECT COUNT(*) AS n FROM bind_attempts WHERE api_key = ? AND at_ms > ?')
        .get(apiKey, sinceMs) as {
        n: number;
      }
    ).n;
  }

  recordBindAttempt(apiKey: string, nowMs: number): void {
    this.database.prepare('INSERT INTO bind_attempts (api_key, at_ms) VALUES (?, ?)').run(apiKey, nowMs);
  }

  saveChallenge(challenge: Challenge): void {
    this.database
      .prepare('INSERT INTO did_challenges (challenge, api_key, did, expires_at) VALUES (?, ?, ?, ?)')
      .run(challenge.challenge, challenge.api_key, challenge.did, challenge.expires_at);
  }

  /** A challenge is single-use: taking it deletes it. */
  takeChallenge(challenge: string): Challenge | undefined {
    const row = this.database.prepare('SELECT * FROM did_challenges WHERE challenge = ?').get(challenge) as
      Challenge | undefined;
    if (row) this.database.prepare('DELETE FROM did_challenges WHERE challenge = ?').run(challenge);
    return row;
  }

  currentBinding(apiKey: string): Binding | undefined {
    return this.database
      .prepare('SELECT did, method, bound_at, unbound_at FROM did_bindings WHERE api_key = ? AND unbound_at IS NULL')
      .get(apiKey) as Binding | undefined;
  }

  /** Binds a DID; a change of DID or method moves the previous binding into the history (TL v1.9.0). */
  bind(apiKey: string, did: string, method: string, boundAt: string): void {
    this.database.transaction(() => {
      const current = this.currentBinding(apiKey);
      if (current && current.did === did && current.method === method) {
        this.database
          .prepare('UPDATE did_bindings SET bound_at = ? WHERE api_key = ? AND unbound_at IS NULL')
          .run(boundAt, apiKey);
        return;
      }
      this.database
        .prepare('UPDATE did_bindings SET unbound_at = ? WHERE api_key = ? AND unbound_at IS NULL')
        .run(boundAt, apiKey);
      this.database
        .prepare('INSERT INTO did_bindings (api_key, did, method, bound_at) VALUES (?, ?, ?, ?)')
        .run(apiKey, did, method, boundAt);
    })();
  }

  bindingHistory(apiKey: string): Binding[] {
    return this.database
      .prepare(
        'SELECT did, method, bound_at, unbound_at FROM did_bindings WHERE api_key = ? AND unbound_at IS NOT NULL ORDER BY id',
      )
      .all(apiKey) as Binding[];
  }

  /**
   * identity_consistent as the proxy computes it: null without a declared identity; false once this key has
   * declared two different identities; true otherwise. The declaration is then recorded.
   */
  identityConsistency(apiKey: string, identity: string | null): boolean | null {
    const profile = this.database
      .prepare('SELECT declared_identity, identity_mismatch FROM agent_profiles WHERE api_key = ?')
      .get(apiKey) as { declared_identity: string | null; identity_mismatch: number } | undefined;
    if (identity === null) return null;
    const mismatch =
      (profile?.identity_mismatch ?? 0) === 1 ||
      (profile?.declared_identity !== undefined &&
        profile.declared_identity !== null &&
        profile.declared_identity !== identity);
    this.database
      .prepare(
        `INSERT INTO agent_profiles (api_key, declared_identity, identity_mismatch) VALUES (?, ?, ?)
         ON CONFLICT (api_key) DO UPDATE SET declared_identity = excluded.declared_identity,
         identity_mismatch = excluded.identity_mismatch`,
      )
      .run(apiKey, identity, mismatch ? 1 : 0);
    return !mismatch;
  }

  cachedResponse(apiKey: string, key: string, sinceMs: number): { status: number; response: string } | undefined {
    return this.database
      .prepare('SELECT status, response FROM idempotency WHERE api_key = ? AND idempotency_key = ? AND created_ms > ?')
      .get(apiKey, key, sinceMs) as { status: number; response: string } | undefined;
  }

  cacheResponse(apiKey: string, key: string, nowMs: number, status: number, response: string): void {
    this.database
      .prepare(
        `INSERT INTO idempotency (api_key, idempotency_key, created_ms, status, response) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (api_key, idempotency_key) DO UPDATE SET created_ms = excluded.created_ms,
         status = excluded.status, response = excluded.response`,
      )
      .run(apiKey, key, nowMs, status, response);
  }
}
