import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditListCommand, auditVerifyCommand } from '../../main/cli/audit-commands.ts';
import { auditEntryHash } from '../../main/core/audit/entry-hash.ts';
import { loadsText } from '../../main/core/json/loads.ts';
import type { PyObject } from '../../main/core/json/value.ts';
import { pyObjectFrom } from '../../main/core/json/value.ts';
import { appendAudit, auditRows } from '../../main/db/audit-log.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { captureIo } from '../support/capture-io.ts';
import { tempFolder } from '../db/support/temp-db.ts';

/**
 * `proveit audit verify` against someone with sqlite3 and write access to the operator database: the triggers refuse
 * UPDATE and DELETE, so each attack first drops them; verification never relies on them.
 */

let folder: ReturnType<typeof tempFolder>;
let file: string;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

const ACTIONS = ['freeze.create', 'freeze.publish', 'proofs.fetch', 'season.close', 'incident.open'] as const;

beforeEach(() => {
  folder = tempFolder('proveit-audit-verify-');
  file = folder.file('console.sqlite');
  const db = openDatabase(file);
  ACTIONS.forEach((action, i) =>
    appendAudit(db, {
      atMs: 1_790_000_000_000 + i * 1000,
      actor: i % 2 ? 'ann' : 'ben',
      action,
      summary: `entry ${i + 1}`,
      details: pyObjectFrom([['n', BigInt(i + 1)]]),
    }),
  );
  db.close();
});

afterEach(() => folder.remove());

/** A raw connection, as `sqlite3 console.sqlite` would open it, with the append-only triggers dropped. */
function tamper(edit: (raw: Database.Database) => void): void {
  const raw = new Database(file);
  try {
    raw.exec('DROP TRIGGER audit_log_append_only_update; DROP TRIGGER audit_log_append_only_delete;');
    edit(raw);
  } finally {
    raw.close();
  }
}

/** Recomputes an entry's hash the way docs/audit-log.md says, as an attacker who read it would. */
function resealed(raw: Database.Database, seq: number, prevHash: string): string {
  const r = raw.prepare('SELECT * FROM audit_log WHERE seq = ?').get(seq) as Json;
  const details = loadsText(r.details as string);
  if (!details.ok) throw new Error('details');
  const hash = auditEntryHash({
    seq,
    atMs: r.at_ms as number,
    actor: r.actor as string,
    action: r.action as string,
    summary: r.summary as string,
    details: details.value as PyObject,
    prevHash,
  });
  raw.prepare('UPDATE audit_log SET prev_hash = ?, entry_hash = ? WHERE seq = ?').run(prevHash, hash, seq);
  return hash;
}

/** A publication quoting the head (seq, hash), inserted directly (its close row is not needed for this check). */
function quoteHead(seq: number, hash: string): void {
  const raw = new Database(file);
  try {
    raw.pragma('foreign_keys = OFF');
    raw
      .prepare(
        `INSERT INTO publication_versions (season, track, version, corrects_version, published_at_ms, actor, close_id,
           scores_json, scores_sha256, bundle_digests_json, correction_json, audit_seq, audit_hash)
         VALUES (1, 'conformite', 1, NULL, 0, 'ann', 1, x'7b7d', ?, x'7b7d', NULL, ?, ?)`,
      )
      .run('0'.repeat(64), seq, hash);
  } finally {
    raw.close();
  }
}

async function verify(): Promise<{ code: number; doc: Json; stderr: string }> {
  const io = captureIo();
  const code = await auditVerifyCommand.run(['--db', file, '--json'], io);
  return { code, doc: JSON.parse(io.stdout) as Json, stderr: io.stderr };
}

function hashOf(seq: number): string {
  const db = openDatabase(file);
  try {
    return auditRows(db).find((r) => r.seq === seq)!.entryHash;
  } finally {
    db.close();
  }
}

describe('proveit audit verify', () => {
  it('an intact log exits 0 with its head', async () => {
    const { code, doc } = await verify();
    expect(code).toBe(0);
    expect(doc).toMatchObject({ ok: true, entries: 5, head: { seq: 5, hash: hashOf(5) }, quoted_heads: 0 });
  });

  it('without dropping the triggers, an UPDATE or a DELETE through sqlite is refused and the log still verifies', async () => {
    const raw = new Database(file);
    expect(() => raw.prepare("UPDATE audit_log SET summary = 'x' WHERE seq = 2").run()).toThrow(/append-only/);
    expect(() => raw.prepare('DELETE FROM audit_log WHERE seq = 5').run()).toThrow(/append-only/);
    raw.close();
    expect((await verify()).code).toBe(0);
  });

  it('a row edited with sqlite3 after dropping the triggers fails with AUDIT_ENTRY_EDITED naming it', async () => {
    tamper((raw) => raw.prepare("UPDATE audit_log SET actor = 'mallory' WHERE seq = 3").run());
    const { code, doc } = await verify();
    expect(code).toBe(1);
    expect(doc).toMatchObject({ ok: false, code: 'AUDIT_ENTRY_EDITED', details: { seq: 3 } });
  });

  it('details rewritten as equivalent but non-canonical JSON fail with AUDIT_ENTRY_EDITED', async () => {
    tamper((raw) => raw.prepare(`UPDATE audit_log SET details = '{"n": 2}' WHERE seq = 2`).run());
    expect((await verify()).doc).toMatchObject({ code: 'AUDIT_ENTRY_EDITED', details: { seq: 2 } });
  });

  it('a deleted middle row fails with AUDIT_ENTRY_MISSING naming it', async () => {
    tamper((raw) => raw.prepare('DELETE FROM audit_log WHERE seq = 2').run());
    const { code, doc } = await verify();
    expect(code).toBe(1);
    expect(doc).toMatchObject({ code: 'AUDIT_ENTRY_MISSING', details: { seq: 2, nextSeq: 3 } });
  });

  it('a deleted first row fails with AUDIT_ENTRY_MISSING for entry 1', async () => {
    tamper((raw) => raw.prepare('DELETE FROM audit_log WHERE seq = 1').run());
    expect((await verify()).doc).toMatchObject({ code: 'AUDIT_ENTRY_MISSING', details: { seq: 1 } });
  });

  it('two rows swapped (their seq exchanged) fail with AUDIT_ENTRY_REORDERED naming where it was written', async () => {
    tamper((raw) =>
      raw.transaction(() => {
        raw.prepare('UPDATE audit_log SET seq = 1000 WHERE seq = 3').run();
        raw.prepare('UPDATE audit_log SET seq = 3 WHERE seq = 2').run();
        raw.prepare('UPDATE audit_log SET seq = 2 WHERE seq = 1000').run();
      })(),
    );
    const { code, doc } = await verify();
    expect(code).toBe(1);
    expect(doc).toMatchObject({ code: 'AUDIT_ENTRY_REORDERED', details: { seq: 2, sealedAtSeq: 3 } });
  });

  it('a row edited with its hash recomputed fails with AUDIT_CHAIN_BROKEN naming the edited entry', async () => {
    tamper((raw) => {
      raw.prepare("UPDATE audit_log SET summary = 'nothing happened' WHERE seq = 2").run();
      resealed(raw, 2, hashOf(1));
    });
    const { code, doc } = await verify();
    expect(code).toBe(1);
    expect(doc).toMatchObject({ code: 'AUDIT_CHAIN_BROKEN', details: { seq: 2, nextSeq: 3 } });
  });

  it('a deleted middle row with the rest renumbered and resealed is caught by a quoted head (AUDIT_HEAD_MISMATCH)', async () => {
    quoteHead(4, hashOf(4));
    tamper((raw) => {
      raw.prepare('DELETE FROM audit_log WHERE seq = 2').run();
      for (const seq of [3, 4, 5]) raw.prepare('UPDATE audit_log SET seq = ? WHERE seq = ?').run(seq - 1, seq);
      let prev = hashOf(1);
      for (const seq of [2, 3, 4]) prev = resealed(raw, seq, prev);
    });
    const { code, doc } = await verify();
    expect(code).toBe(1);
    expect(doc).toMatchObject({ code: 'AUDIT_HEAD_MISMATCH', details: { seq: 4 } });
  });

  it('the last entries removed are invisible to the chain but fail with AUDIT_LOG_TRUNCATED against a quoted head', async () => {
    quoteHead(5, hashOf(5));
    expect((await verify()).doc).toMatchObject({ ok: true, quoted_heads: 1 });
    tamper((raw) => raw.prepare('DELETE FROM audit_log WHERE seq >= 4').run());
    const { code, doc } = await verify();
    expect(code).toBe(1);
    expect(doc).toMatchObject({ code: 'AUDIT_LOG_TRUNCATED', details: { seq: 4, quotedSeq: 5 } });
  });

  it('a dropped audit table fails with AUDIT_LOG_UNREADABLE', async () => {
    tamper((raw) => raw.exec('DROP TABLE audit_log'));
    const { code, doc } = await verify();
    expect(code).toBe(1);
    expect(doc.code).toBe('AUDIT_LOG_UNREADABLE');
  });

  it('without --json a failure names the code and the entry on stderr', async () => {
    tamper((raw) => raw.prepare('UPDATE audit_log SET at_ms = at_ms + 1 WHERE seq = 4').run());
    const io = captureIo();
    expect(await auditVerifyCommand.run(['--db', file], io)).toBe(1);
    expect(io.stderr).toMatch(/AUDIT_ENTRY_EDITED: audit entry 4 was edited/);
  });

  it('an unknown flag is a usage error (exit 2) with the usage line', async () => {
    const io = captureIo();
    expect(await auditVerifyCommand.run(['--bd', file], io)).toBe(2);
    expect(io.stderr).toMatch(/usage: proveit audit verify \[--db FILE\] \[--index DIR\]... \[--json\]/);
  });
});

describe('proveit audit list', () => {
  it('lists every entry oldest first with time, actor, action and details', async () => {
    const io = captureIo();
    expect(await auditListCommand.run(['--db', file, '--json'], io)).toBe(0);
    const entries = (JSON.parse(io.stdout) as Json).entries as Json[];
    expect(entries.map((e) => e.action)).toEqual([...ACTIONS]);
    expect(entries[0]).toMatchObject({ seq: 1, actor: 'ben', details: { n: 1 }, prev_hash: '0'.repeat(64) });
    expect(entries[0]!.at).toBe(new Date(1_790_000_000_000).toISOString());
  });
});
