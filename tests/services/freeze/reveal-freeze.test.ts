import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerKeyBytes, keyCommitment } from '../../../main/core/freeze/key-commitment.ts';
import { sha256HexOfText } from '../../../main/core/hash/sha256.ts';
import { loadsText } from '../../../main/core/json/loads.ts';
import { pyObjectFrom, type PyJson } from '../../../main/core/json/value.ts';
import { auditRows } from '../../../main/db/audit-log.ts';
import { insertFreeze, type FreezeRow } from '../../../main/db/freezes.ts';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { revealFreezes } from '../../../main/services/freeze/reveal-freeze.ts';
import { freezeRow } from '../../db/support/freeze-row.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

const folder = tempFolder('proveit-reveal-');
let db: Db;
const CLOSES_AT = '2026-11-01T08:00:00.000Z';
// A key holding an int and a float: the reveal must give them back exactly as committed.
const key = pyObjectFrom([
  ['season', 1n],
  ['weight', 0.5],
  [
    'tasks',
    [
      pyObjectFrom([
        ['task_id', 'conf-01'],
        ['verdict', 'indéterminable'],
      ]),
    ],
  ],
]);
const salts = ['11'.repeat(32), '22'.repeat(32)];

function freeze(proofId: string, replaces: string | null, salt: string, at: number): FreezeRow {
  return freezeRow(proofId, replaces, at, {
    keyCommitment: keyCommitment(key, Uint8Array.from(Buffer.from(salt, 'hex'))),
    reason: replaces ? 'remove /page_suivante from the common lists' : null,
    closesAt: CLOSES_AT,
    proxyProof: new Uint8Array([123, 125]),
    fullView: new Uint8Array([123, 125]),
  });
}

beforeAll(() => {
  db = openDatabase(folder.file('console.sqlite'));
  const sealText = new TextDecoder().decode(answerKeyBytes(key));
  insertFreeze(db, freeze('prf_20260914_181440_541795', null, salts[0] as string, 1), {
    saltHex: salts[0] as string,
    answerKey: sealText,
  });
  insertFreeze(db, freeze('prf_20260923_072144_2ad720', 'prf_20260914_181440_541795', salts[1] as string, 2), {
    saltHex: salts[1] as string,
    answerKey: sealText,
  });
});

afterAll(() => {
  db.close();
  folder.remove();
});

describe('freeze reveal (spec §8.3: key and salt at close only)', () => {
  it('before the recorded close the reveal is refused with FREEZE_NOT_CLOSED and nothing is recorded', () => {
    const early = revealFreezes(db, 1, 'conformite', Date.parse(CLOSES_AT) - 1, 'test-operator');
    expect(early.ok ? 'OK' : early.error.code).toBe('FREEZE_NOT_CLOSED');
    expect(db.prepare('SELECT count(*) FROM freeze_reveals').pluck().get()).toBe(0);
  });

  it('at close both salts are published (the replaced freeze too) and the key comes back exactly as committed', () => {
    const revealed = revealFreezes(db, 1, 'conformite', Date.parse(CLOSES_AT), 'test-operator');
    if (!revealed.ok) throw new Error(revealed.error.message);
    expect(revealed.value.reveal.freezes.map((f) => [f.proof_id, f.salt])).toEqual([
      ['prf_20260914_181440_541795', salts[0]],
      ['prf_20260923_072144_2ad720', salts[1]],
    ]);
    expect(revealed.value.text).toContain('"weight":0.5');
    expect(revealed.value.text).toContain('"season":1,');
    const parsed = loadsText(revealed.value.text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    // Anyone recomputes each commitment from the published text alone.
    const published = (parsed.value as { freezes: { key: PyJson; salt: string; key_commitment: string }[] }).freezes;
    for (const f of published) {
      expect(keyCommitment(f.key, Uint8Array.from(Buffer.from(f.salt, 'hex')))).toBe(f.key_commitment);
    }
    const row = db.prepare('SELECT reveal_sha256 FROM freeze_reveals LIMIT 1').pluck().get();
    expect(row).toBe(sha256HexOfText(revealed.value.text));
  });

  it('a reveal run again later prints the same document (the first reveal time is kept)', () => {
    const first = revealFreezes(db, 1, 'conformite', Date.parse(CLOSES_AT), 'test-operator');
    const later = revealFreezes(db, 1, 'conformite', Date.parse(CLOSES_AT) + 86_400_000, 'test-operator');
    expect(first.ok && later.ok && later.value.text === first.value.text).toBe(true);
  });

  it('each reveal is in the audit log with its actor and the reveal document digest, never a salt', () => {
    const reveals = auditRows(db).filter((r) => r.action === 'freeze.reveal');
    expect(reveals.length).toBeGreaterThan(0);
    expect(reveals.every((r) => r.actor === 'test-operator')).toBe(true);
    const digest = db.prepare('SELECT reveal_sha256 FROM freeze_reveals LIMIT 1').pluck().get();
    expect(JSON.parse(reveals[0]!.details)).toMatchObject({ reveal_sha256: digest });
    for (const salt of salts) expect(JSON.stringify(reveals)).not.toContain(salt);
  });

  it('a season and track never frozen is refused with FREEZE_NOT_FOUND', () => {
    const none = revealFreezes(db, 1, 'generique', Date.parse(CLOSES_AT), 'test-operator');
    expect(none.ok ? 'OK' : none.error.code).toBe('FREEZE_NOT_FOUND');
  });
});
