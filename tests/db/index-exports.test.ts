import { describe, expect, it } from 'vitest';
import {
  displayNamesOf,
  insertDisplayName,
  insertIndexVersion,
  insertSigningKey,
  latestIndexVersion,
  type IndexVersionRow,
} from '../../main/db/index-exports.ts';
import { openDatabase } from '../../main/db/open-database.ts';

const HASH = 'a'.repeat(64);
const version = (v: number, corrects: number | null = v === 1 ? null : v - 1): IndexVersionRow => ({
  season: 1,
  indexVersion: v,
  correctsVersion: corrects,
  exportedAtMs: v,
  actor: 'ana',
  keyId: HASH,
  publicationsJson: '{}',
  indexJson: new TextEncoder().encode('{}\n'),
  indexSha256: HASH,
});

describe('migration 8: display names, reference runs, public keys and Index versions', () => {
  it('the latest display name is in force; rows are append-only', () => {
    const db = openDatabase(':memory:');
    insertDisplayName(db, 1, { participantId: 'p', displayName: 'Claude helper', setAtMs: 1, actor: 'ana' });
    insertDisplayName(db, 1, { participantId: 'p', displayName: 'Agent A', setAtMs: 2, actor: 'ana' });
    expect(displayNamesOf(db, 1).get('p')).toBe('Agent A');
    expect(() => db.prepare("UPDATE participant_display_names SET display_name = 'x'").run()).toThrow(/append-only/);
    expect(() => db.prepare("DELETE FROM participant_display_names WHERE participant_id = 'p'").run()).toThrow(
      /append-only/,
    );
  });

  it('Index versions are contiguous, version k+1 corrects k, and never change', () => {
    const db = openDatabase(':memory:');
    insertSigningKey(db, HASH, 'b'.repeat(64), 0);
    expect(() => insertIndexVersion(db, version(2))).toThrow(/contiguous/);
    insertIndexVersion(db, version(1));
    expect(() => insertIndexVersion(db, version(2, null))).toThrow(/CHECK/);
    insertIndexVersion(db, version(2));
    expect(latestIndexVersion(db, 1)?.indexVersion).toBe(2);
    expect(() => db.prepare('UPDATE index_versions SET actor = ?').run('eve')).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM index_signing_keys').run()).toThrow(/append-only/);
  });

  it('the signing-key table has no column for a private key', () => {
    const db = openDatabase(':memory:');
    const columns = (db.prepare('PRAGMA table_info(index_signing_keys)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    expect(columns).toEqual(['key_id', 'public_key_hex', 'created_at_ms']);
  });
});
