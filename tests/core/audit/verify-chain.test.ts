import { describe, expect, it } from 'vitest';
import { auditDetailsText, auditEntryHash, AUDIT_GENESIS_HASH } from '../../../main/core/audit/entry-hash.ts';
import { verifyAuditChain, type RawAuditRow } from '../../../main/core/audit/verify-chain.ts';
import { pyObjectFrom, type PyObject } from '../../../main/core/json/value.ts';

/**
 * The vector of docs/audit-log.md, computed with CPython:
 * hashlib.sha256(json.dumps(entry, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
 */
const FIRST = {
  seq: 1,
  atMs: 1_790_000_000_000,
  actor: 'ann',
  action: 'season.close',
  summary: 'season 1 conformite: close 1',
  details: pyObjectFrom([
    ['close_id', 1n],
    ['track', 'conformite'],
    ['ratio', 0.5],
    ['note', 'é'],
  ]),
  prevHash: AUDIT_GENESIS_HASH,
};
const FIRST_HASH = '03a053adf0c2d33e06065753c7bdf38f5c2db05356194ec5127419347d0ccbfc';
const SECOND = {
  ...FIRST,
  seq: 2,
  action: 'incident.open',
  summary: 'incident 1',
  details: pyObjectFrom([]),
  prevHash: FIRST_HASH,
};
const SECOND_HASH = '10026f5222f6516c3aa548fc9c4ca35b2c5454d2f2463b278ccf0aecbc76b55c';

function row(e: typeof FIRST & { details: PyObject }, hash = auditEntryHash(e)): RawAuditRow {
  return {
    seq: e.seq,
    at_ms: e.atMs,
    actor: e.actor,
    action: e.action,
    summary: e.summary,
    details: auditDetailsText(e.details),
    prev_hash: e.prevHash,
    entry_hash: hash,
  };
}

describe('audit entry hash and chain', () => {
  it('entry hashes match the CPython vector of docs/audit-log.md', () => {
    expect(auditEntryHash(FIRST)).toBe(FIRST_HASH);
    expect(auditEntryHash(SECOND)).toBe(SECOND_HASH);
  });

  it('an intact chain verifies, with its head', () => {
    expect(verifyAuditChain([row(FIRST), row(SECOND)], [{ source: 'v1', seq: 2, hash: SECOND_HASH }])).toEqual({
      ok: true,
      value: { entries: 2, head: { seq: 2, hash: SECOND_HASH }, quotedHeads: 1 },
    });
    expect(verifyAuditChain([], [])).toMatchObject({ ok: true, value: { head: { seq: 0, hash: AUDIT_GENESIS_HASH } } });
  });

  it('a first entry whose prev_hash is not 64 zeros fails with AUDIT_CHAIN_BROKEN', () => {
    const bad = { ...FIRST, prevHash: 'f'.repeat(64) };
    expect(verifyAuditChain([row(bad)], [])).toMatchObject({ ok: false, error: { code: 'AUDIT_CHAIN_BROKEN' } });
  });

  it('a column holding another type (a rebuilt table) fails with AUDIT_ENTRY_EDITED', () => {
    const r = { ...row(FIRST), seq: '1' };
    expect(verifyAuditChain([r], [])).toMatchObject({ ok: false, error: { code: 'AUDIT_ENTRY_EDITED' } });
  });

  it('a row stored twice (the primary key dropped) fails with AUDIT_ENTRY_REORDERED', () => {
    expect(verifyAuditChain([row(FIRST), row(FIRST)], [])).toMatchObject({
      ok: false,
      error: { code: 'AUDIT_ENTRY_REORDERED', details: { seq: 1, position: 2 } },
    });
  });

  it('an empty log with a quoted head fails with AUDIT_LOG_TRUNCATED', () => {
    expect(verifyAuditChain([], [{ source: 'v1', seq: 1, hash: FIRST_HASH }])).toMatchObject({
      ok: false,
      error: { code: 'AUDIT_LOG_TRUNCATED', details: { seq: 1, quotedSeq: 1 } },
    });
  });
});
