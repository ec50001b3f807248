import { canonical } from '../json/canonical.ts';
import { loadsText } from '../json/loads.ts';
import { isPyObject, type PyObject } from '../json/value.ts';
import { fail, ok, type Result } from '../result.ts';
import { AUDIT_GENESIS_HASH, auditEntryHash, type AuditEntryFields } from './entry-hash.ts';

/**
 * Why `proveit audit verify` failed (docs/audit-log.md). Codes are API: never rename one.
 * - AUDIT_ENTRY_EDITED: an entry's fields no longer hash to its entry_hash (or a field has the wrong type, or
 *   details is not the canonical JSON of an object);
 * - AUDIT_ENTRY_REORDERED: an entry hashes correctly with another seq than the one it stands at (moved or swapped);
 * - AUDIT_ENTRY_MISSING: the seq numbers skip one: that entry was removed;
 * - AUDIT_CHAIN_BROKEN: an entry's prev_hash is not the entry_hash of the entry before it (an entry was rewritten
 *   with its hash recomputed, or removed and the rest renumbered);
 * - AUDIT_LOG_TRUNCATED: a head quoted elsewhere (a publication version) names a seq the log no longer holds;
 * - AUDIT_HEAD_MISMATCH: a quoted head's seq is there but with another hash (the log was rewritten up to it);
 * - AUDIT_LOG_UNREADABLE: the table cannot be read at all (dropped or altered).
 */
export type AuditVerifyCode =
  | 'AUDIT_ENTRY_EDITED'
  | 'AUDIT_ENTRY_REORDERED'
  | 'AUDIT_ENTRY_MISSING'
  | 'AUDIT_CHAIN_BROKEN'
  | 'AUDIT_LOG_TRUNCATED'
  | 'AUDIT_HEAD_MISMATCH'
  | 'AUDIT_LOG_UNREADABLE';

/** A row as read from sqlite, untyped: someone with sqlite3 may have rebuilt the table with any column types. */
export interface RawAuditRow {
  seq: unknown;
  at_ms: unknown;
  actor: unknown;
  action: unknown;
  summary: unknown;
  details: unknown;
  prev_hash: unknown;
  entry_hash: unknown;
}

/** A head (seq, hash) quoted outside the log, and where: e.g. "publication conformite season 1 version 2". */
export interface QuotedHead {
  source: string;
  seq: number;
  hash: string;
}

export interface AuditVerified {
  entries: number;
  head: { seq: number; hash: string };
  quotedHeads: number;
}

const isInt = (v: unknown): v is number | bigint =>
  (typeof v === 'number' && Number.isSafeInteger(v)) || typeof v === 'bigint';

/** The row's fields, or why they cannot be hashed as the log wrote them. */
function fieldsOf(row: RawAuditRow): { fields: AuditEntryFields; entryHash: string } | { why: string } {
  const { seq, at_ms, actor, action, summary, details, prev_hash, entry_hash } = row;
  if (!isInt(seq) || !isInt(at_ms)) return { why: 'seq or at_ms is not an integer' };
  if (
    typeof actor !== 'string' ||
    typeof action !== 'string' ||
    typeof summary !== 'string' ||
    typeof prev_hash !== 'string' ||
    typeof entry_hash !== 'string' ||
    typeof details !== 'string'
  )
    return { why: 'a text column holds another type' };
  const parsed = loadsText(details);
  if (!parsed.ok || !isPyObject(parsed.value)) return { why: 'details is not a JSON object' };
  const object: PyObject = parsed.value;
  if (canonical(object) !== details) return { why: 'details is not canonical JSON' };
  return {
    fields: { seq: Number(seq), atMs: Number(at_ms), actor, action, summary, details: object, prevHash: prev_hash },
    entryHash: entry_hash,
  };
}

/**
 * Verifies the chain from the rows alone (in storage order) and then every quoted head. Pure: no trigger, no index,
 * no constraint of the table is trusted. Returns the first failure, lowest position first; quoted heads are checked
 * once the chain itself is intact.
 */
export function verifyAuditChain(
  rows: readonly RawAuditRow[],
  quoted: readonly QuotedHead[],
): Result<AuditVerified, AuditVerifyCode> {
  let prev = AUDIT_GENESIS_HASH;
  const hashes: string[] = [];
  for (const [index, row] of rows.entries()) {
    const expectedSeq = index + 1;
    const read = fieldsOf(row);
    const at = isInt(row.seq) ? Number(row.seq) : expectedSeq;
    if ('why' in read)
      return fail('AUDIT_ENTRY_EDITED', `audit entry ${at} was edited: ${read.why}`, {
        seq: at,
        position: expectedSeq,
      });
    const { fields, entryHash } = read;
    const recomputed = auditEntryHash(fields);
    if (recomputed !== entryHash) {
      const sealedAt = sealedSeqOf(fields, entryHash, maxSeqOf(rows) + 1);
      if (sealedAt !== undefined)
        return fail(
          'AUDIT_ENTRY_REORDERED',
          `audit entry ${fields.seq} was reordered: it was written as entry ${sealedAt}`,
          { seq: fields.seq, sealedAtSeq: sealedAt, action: fields.action },
        );
      return fail(
        'AUDIT_ENTRY_EDITED',
        `audit entry ${fields.seq} was edited: its fields no longer hash to its entry_hash`,
        {
          seq: fields.seq,
          stored: entryHash,
          recomputed,
        },
      );
    }
    if (fields.seq > expectedSeq)
      return fail(
        'AUDIT_ENTRY_MISSING',
        `audit entry ${expectedSeq} is missing (the next entry stored is ${fields.seq})`,
        {
          seq: expectedSeq,
          nextSeq: fields.seq,
        },
      );
    if (fields.seq < expectedSeq)
      return fail(
        'AUDIT_ENTRY_REORDERED',
        `audit entry ${fields.seq} is stored out of order, at position ${expectedSeq}`,
        { seq: fields.seq, position: expectedSeq },
      );
    if (fields.prevHash !== prev) {
      const edited = expectedSeq - 1;
      return fail(
        'AUDIT_CHAIN_BROKEN',
        edited === 0
          ? 'audit entry 1 does not start the chain (its prev_hash is not 64 zeros)'
          : `audit entry ${edited} was edited (its hash recomputed) or replaced: entry ${expectedSeq} sealed another hash for it`,
        { seq: edited === 0 ? 1 : edited, nextSeq: expectedSeq, sealedByNext: fields.prevHash, stored: prev },
      );
    }
    hashes.push(entryHash);
    prev = entryHash;
  }
  for (const head of quoted) {
    if (head.seq > hashes.length)
      return fail(
        'AUDIT_LOG_TRUNCATED',
        `the audit log ends at entry ${hashes.length} but ${head.source} quotes entry ${head.seq}: entries ${hashes.length + 1}..${head.seq} were removed`,
        { seq: hashes.length + 1, quotedSeq: head.seq, quotedHash: head.hash, source: head.source },
      );
    if (head.seq >= 1 && hashes[head.seq - 1] !== head.hash)
      return fail(
        'AUDIT_HEAD_MISMATCH',
        `${head.source} quotes entry ${head.seq} with another hash: the log was rewritten up to that entry`,
        { seq: head.seq, quotedHash: head.hash, stored: hashes[head.seq - 1], source: head.source },
      );
  }
  return ok({
    entries: hashes.length,
    head: { seq: hashes.length, hash: hashes.length === 0 ? AUDIT_GENESIS_HASH : (hashes.at(-1) as string) },
    quotedHeads: quoted.length,
  });
}

/** The seq at which these fields were sealed, if another seq (1..maxSeq) makes them hash to entryHash. */
function sealedSeqOf(fields: AuditEntryFields, entryHash: string, maxSeq: number): number | undefined {
  for (let seq = 1; seq <= maxSeq; seq += 1)
    if (seq !== fields.seq && auditEntryHash({ ...fields, seq }) === entryHash) return seq;
  return undefined;
}

/** The largest integer seq stored, or the row count if larger (bounds the search for a moved entry). */
function maxSeqOf(rows: readonly RawAuditRow[]): number {
  let max = rows.length;
  for (const row of rows) if (isInt(row.seq) && Number(row.seq) > max) max = Number(row.seq);
  return max;
}
