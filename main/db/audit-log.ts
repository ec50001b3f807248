import { AUDIT_GENESIS_HASH, auditDetailsText, auditEntryHash, type AuditAction } from '../core/audit/entry-hash.ts';
import type { QuotedHead, RawAuditRow } from '../core/audit/verify-chain.ts';
import { newPyObject, type PyObject } from '../core/json/value.ts';
import type { Db } from './open-database.ts';

export type { AuditAction } from '../core/audit/entry-hash.ts';

/** What a caller appends; seq, prev_hash and entry_hash are computed here. */
export interface AuditAppend {
  atMs: number;
  actor: string;
  action: AuditAction;
  summary: string;
  details?: PyObject;
}

/** The log's last entry: what a publication quotes (docs/audit-log.md). */
export interface AuditHead {
  seq: number;
  hash: string;
}

/** One stored row as sqlite holds it (details is canonical JSON text). */
export interface AuditRow {
  seq: number;
  atMs: number;
  actor: string;
  action: string;
  summary: string;
  details: string;
  prevHash: string;
  entryHash: string;
}

interface SqlRow {
  seq: number;
  at_ms: number;
  actor: string;
  action: string;
  summary: string;
  details: string;
  prev_hash: string;
  entry_hash: string;
}

function headIn(db: Db): AuditHead {
  const row = db.prepare('SELECT seq, entry_hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
    { seq: number; entry_hash: string } | undefined;
  return row === undefined ? { seq: 0, hash: AUDIT_GENESIS_HASH } : { seq: row.seq, hash: row.entry_hash };
}

/** The last entry's seq and hash, or { seq: 0, hash: '0'.repeat(64) } on an empty log. */
export function auditHead(db: Db): AuditHead {
  return headIn(db);
}

/**
 * Appends one entry in the caller's transaction if any (else in its own IMMEDIATE transaction, so two processes
 * never read the same head); returns the new head. Throws on a malformed entry (a programming error, not input).
 */
export function appendAudit(db: Db, entry: AuditAppend): AuditHead {
  if (!Number.isSafeInteger(entry.atMs)) throw new RangeError(`audit atMs must be an integer: ${entry.atMs}`);
  if (entry.actor.trim() === '') throw new RangeError('audit actor must not be empty');
  const details = entry.details ?? newPyObject();
  const append = (): AuditHead => {
    const head = headIn(db);
    const fields = {
      seq: head.seq + 1,
      atMs: entry.atMs,
      actor: entry.actor,
      action: entry.action,
      summary: entry.summary,
      details,
      prevHash: head.hash,
    };
    const hash = auditEntryHash(fields);
    db.prepare(
      `INSERT INTO audit_log (seq, at_ms, actor, action, summary, details, prev_hash, entry_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      fields.seq,
      fields.atMs,
      fields.actor,
      fields.action,
      fields.summary,
      auditDetailsText(details),
      head.hash,
      hash,
    );
    return { seq: fields.seq, hash };
  };
  return db.inTransaction ? db.transaction(append)() : db.transaction(append).immediate();
}

/** Every stored row in rowid order (the physical order, not seq order: verification checks that they agree). */
export function auditRows(db: Db): AuditRow[] {
  const rows = db
    .prepare('SELECT seq, at_ms, actor, action, summary, details, prev_hash, entry_hash FROM audit_log ORDER BY rowid')
    .all() as SqlRow[];
  return rows.map((r) => ({
    seq: r.seq,
    atMs: r.at_ms,
    actor: r.actor,
    action: r.action,
    summary: r.summary,
    details: r.details,
    prevHash: r.prev_hash,
    entryHash: r.entry_hash,
  }));
}

/**
 * Every row exactly as stored, in storage (rowid) order, untyped: `proveit audit verify` trusts no constraint, since
 * someone with sqlite3 may have dropped the triggers or rebuilt the table.
 */
export function rawAuditRows(db: Db): RawAuditRow[] {
  return db
    .prepare('SELECT seq, at_ms, actor, action, summary, details, prev_hash, entry_hash FROM audit_log ORDER BY rowid')
    .all() as RawAuditRow[];
}

function tableExists(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/**
 * Every audit head quoted outside the log: today each publication version (migration 7, columns audit_seq and
 * audit_hash). A quoted head lets `proveit audit verify` see entries removed from the end of the log, which the chain
 * alone cannot show. A database without the publications table quotes none.
 */
export function quotedAuditHeads(db: Db): QuotedHead[] {
  if (!tableExists(db, 'publication_versions')) return [];
  const rows = db
    .prepare('SELECT season, track, version, audit_seq, audit_hash FROM publication_versions ORDER BY id')
    .all() as { season: number; track: string; version: number; audit_seq: number; audit_hash: string }[];
  return rows.map((r) => ({
    source: `publication ${r.track} season ${r.season} version ${r.version}`,
    seq: Number(r.audit_seq),
    hash: String(r.audit_hash),
  }));
}
