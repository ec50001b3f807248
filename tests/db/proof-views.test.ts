import { afterAll, describe, expect, it } from 'vitest';
import type { ClassifiedAnswer } from '../../main/core/proofs-plan/classify-view.ts';
import { openDatabase, type Db } from '../../main/db/open-database.ts';
import { sha256Hex } from '../../main/core/hash/sha256.ts';
import { cachedViews, keepFirstUseViewDigest, recordAnswers, storedViews } from '../../main/db/proof-views.ts';
import { reserveRead } from '../../main/db/read-ledger.ts';
import {
  keepFirstUseRekorDigest,
  missingRekorEntries,
  rekorEntry,
  rekorEntryWithDigest,
  storeRekorEntry,
} from '../../main/db/rekor-entries.ts';
import { tempFolder } from './support/temp-db.ts';

const folder = tempFolder();
afterAll(() => folder.remove());

const ID = 'prf_20261001_120000_00000a';
const UUID = `108e9186e8c5677a${'ab'.repeat(32)}`;
const bytes = (s: string) => new TextEncoder().encode(s);

function answer(
  status: ClassifiedAnswer['status'],
  raw: string | null,
  over: Partial<ClassifiedAnswer> = {},
): ClassifiedAnswer {
  const none = { refusalCode: null, specVersion: null, batchId: null, batchRoot: null, rekorUuid: null };
  return { proofId: ID, status, raw: raw === null ? null : bytes(raw), ...none, ...over };
}

function read(db: Db, at: number, answers: ClassifiedAnswer[]): number {
  const r = reserveRead(
    db,
    { endpoint: 'POST /v1/proofs', baseUrl: 'x', proofIds: [ID] },
    { limit: 100, windowMs: 1 },
    () => at,
  );
  if (!r.granted) throw new Error('refused');
  recordAnswers(
    db,
    { readId: r.readId, finishedAt: at + 5, statusCode: 200, errorCode: null, retryAfterMs: null, body: null },
    answers,
  );
  return r.readId;
}

describe('stored proof views', () => {
  it('a pending view moves to the anchored one; first and last read times and every answer are kept', () => {
    const db = openDatabase(folder.file('views.sqlite'));
    read(db, 1_000, [answer('pending', '{"pending":1}')]);
    read(db, 2_000, [answer('anchored', '{"anchored":1}', { rekorUuid: UUID, batchRoot: 'ff' })]);
    expect(cachedViews(db, [ID, 'prf_20261001_120000_00000b'])).toEqual(
      new Map([[ID, { status: 'anchored', lastReadAt: 2_005 }]]),
    );
    const [view] = storedViews(db, [ID]);
    expect(view).toMatchObject({ status: 'anchored', firstReadAt: 1_005, lastReadAt: 2_005, rekorUuid: UUID });
    expect(new TextDecoder().decode(view!.raw!)).toBe('{"anchored":1}');
    expect(db.prepare('SELECT count(*) FROM proof_view_answers').pluck().get()).toBe(2);
    db.close();
  });

  it('an anchored view is never replaced: a later answer is recorded as history, the view stays', () => {
    const db = openDatabase(folder.file('frozen.sqlite'));
    read(db, 1_000, [answer('anchored', '{"first":1}')]);
    read(db, 2_000, [answer('pending', '{"second":1}')]);
    const [view] = storedViews(db, [ID]);
    expect(new TextDecoder().decode(view!.raw!)).toBe('{"first":1}');
    expect(() => db.prepare("UPDATE proof_views SET status = 'pending'").run()).toThrow(
      /anchored proof view never changes/,
    );
    expect(() => db.prepare('DELETE FROM proof_views').run()).toThrow(/never deleted/);
    expect(() => db.prepare('DELETE FROM proof_view_answers').run()).toThrow(/append-only/);
    db.close();
  });

  it('a null answer is stored as absent without bytes', () => {
    const db = openDatabase(folder.file('absent.sqlite'));
    read(db, 1_000, [answer('absent', null)]);
    expect(storedViews(db, [ID])).toMatchObject([{ status: 'absent', raw: null }]);
    db.close();
  });

  it('a Rekor entry is wanted once per uuid, stored once, and its first copy kept', () => {
    const db = openDatabase(folder.file('rekor.sqlite'));
    read(db, 1_000, [answer('anchored', '{}', { rekorUuid: UUID })]);
    expect(missingRekorEntries(db, [ID])).toEqual([UUID]);
    storeRekorEntry(db, { uuid: UUID, url: 'http://log/1', fetchedAt: 1, raw: bytes('{"first":1}') });
    storeRekorEntry(db, { uuid: UUID, url: 'http://log/2', fetchedAt: 2, raw: bytes('{"second":1}') });
    expect(new TextDecoder().decode(rekorEntry(db, UUID)!)).toBe('{"first":1}');
    expect(missingRekorEntries(db, [ID])).toEqual([]);
    db.close();
  });

  it('a view and a Rekor entry keep the SHA-256 of their bytes as read; a later first-use digest never replaces it', () => {
    const db = openDatabase(folder.file('digests.sqlite'));
    const readId = read(db, 1_000, [answer('anchored', '{"view":1}', { rekorUuid: UUID })]);
    storeRekorEntry(db, { uuid: UUID, url: 'http://log/1', fetchedAt: 7, raw: bytes('{"entry":1}') });
    storeRekorEntry(db, { uuid: UUID, url: 'http://log/2', fetchedAt: 8, raw: bytes('{"entry":2}') });
    expect(storedViews(db, [ID])).toMatchObject([
      { readId, rawSha256: sha256Hex(bytes('{"view":1}')), digestTaken: 'as_read' },
    ]);
    expect(rekorEntryWithDigest(db, UUID)).toMatchObject({ sha256: sha256Hex(bytes('{"entry":1}')), taken: 'as_read' });
    keepFirstUseViewDigest(db, { proofId: ID, readId, sha256: 'f'.repeat(64), atMs: 9 });
    keepFirstUseRekorDigest(db, { uuid: UUID, sha256: 'f'.repeat(64), atMs: 9 });
    expect(storedViews(db, [ID])[0]!.rawSha256).toBe(sha256Hex(bytes('{"view":1}')));
    expect(rekorEntryWithDigest(db, UUID)!.sha256).toBe(sha256Hex(bytes('{"entry":1}')));
    expect(() => db.prepare('UPDATE proof_view_answer_digests SET sha256 = sha256').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM rekor_entry_digests').run()).toThrow(/append-only/);
    db.close();
  });

  it('an absent answer has no bytes and no digest', () => {
    const db = openDatabase(folder.file('absent-digest.sqlite'));
    read(db, 1_000, [answer('absent', null)]);
    expect(storedViews(db, [ID])).toMatchObject([{ rawSha256: null, digestTaken: null }]);
    db.close();
  });
});
