import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../main/db/open-database.ts';
import { storedViews } from '../../../main/db/proof-views.ts';
import { ledgerRows } from '../../../main/db/read-ledger.ts';
import { systemClock } from '../../../main/services/clock.ts';
import { createHttpClient, type HttpClient } from '../../../main/services/http/http-client.ts';
import { fetchProofs, type FetchInput } from '../../../main/services/proofs/fetch-proofs.ts';
import type { FetchProgress } from '../../../main/core/proofs-plan/progress.ts';
import { tempFolder } from '../../db/support/temp-db.ts';
import { startReadDevnet, type ReadDevnet } from './support/devnet-proofs.ts';
import { startReadGate } from './support/read-gate.ts';

const folder = tempFolder('proveit-fetch-');
let http: HttpClient;
beforeAll(() => {
  http = createHttpClient({ timeoutMs: 10_000 });
});
afterAll(async () => {
  await http.close();
  folder.remove();
});

function fetchWith(net: ReadDevnet, db: Db, ids: string[], extra: Partial<FetchInput> = {}) {
  return fetchProofs({ db, http, clock: systemClock, trustLayerUrl: net.devnet.info.trust_layer, ids, ...extra });
}

describe('reading proof views from the devnet Trust Layer (real limiter)', () => {
  let net: ReadDevnet;
  beforeAll(async () => {
    net = await startReadDevnet({ readLimit: 100, readWindowSeconds: 3_600 });
  }, 60_000);
  afterAll(() => net.close());

  it('N proofs cost exactly ceil(N/50) reads; a second run costs zero', async () => {
    const ids = await net.createProofs(120);
    await net.closeBatch();
    const db = openDatabase(folder.file('ceil.sqlite'));
    const before = await net.stats();
    const events: FetchProgress[] = [];
    const first = await fetchWith(net, db, [...ids, ...ids.slice(0, 30)], { onProgress: (p) => events.push(p) });
    expect(first).toMatchObject({ outcome: 'done', rateLimited: 0 });
    expect(first.progress).toMatchObject({ total: 120, anchored: 120, done: 120, readsThisRun: 3 });
    expect((await net.stats()).postProofsCalls - before.postProofsCalls).toBe(3);
    expect(ledgerRows(db).map((r) => [r.idsCount, r.statusCode])).toEqual([
      [50, 200],
      [50, 200],
      [20, 200],
    ]);
    // Progress: done/total climbs, reads used and left add up to the limit.
    expect(events.filter((e) => e.phase === 'reading').map((e) => e.done)).toEqual([0, 50, 100]);
    expect(events.at(-1)).toMatchObject({ phase: 'finished', done: 120, readsUsedInWindow: 3, readsLeftInWindow: 97 });
    // No log URL given: the batch's one Rekor entry comes from the log the views name (the devnet's), not skipped.
    expect(first.rekor?.failed).toEqual([]);
    expect(first.rekor?.fetched).toHaveLength(1);
    expect(first.rekor?.fetched[0]?.url).toBe(
      `${net.devnet.info.log}/api/v1/log/entries/${first.rekor?.fetched[0]?.uuid}`,
    );

    const second = await fetchWith(net, db, ids);
    expect(second.progress).toMatchObject({ anchored: 120, readsThisRun: 0 });
    expect(second.rekor).toEqual({ fetched: [], failed: [] });
    expect((await net.stats()).postProofsCalls - before.postProofsCalls).toBe(3);
    db.close();
  });

  it('pending proofs are stored as pending, then anchored on a later run; one Rekor entry per batch, fetched once', async () => {
    const ids = await net.createProofs(7);
    const db = openDatabase(folder.file('pending.sqlite'));
    const rekorUrl = net.devnet.info.log;
    const first = await fetchWith(net, db, ids, { rekorUrl, settings: { pendingRecheckMs: 0 } });
    expect(first.progress).toMatchObject({ total: 7, anchored: 0, unsettled: 7, readsThisRun: 1 });
    expect(first.rekor).toEqual({ fetched: [], failed: [] });

    await net.closeBatch();
    const second = await fetchWith(net, db, ids, { rekorUrl, settings: { pendingRecheckMs: 0 } });
    expect(second.progress).toMatchObject({ anchored: 7, unsettled: 0, readsThisRun: 1 });
    expect(second.rekor?.fetched.map((f) => f.url.startsWith(rekorUrl))).toEqual([true]);
    const views = storedViews(db, ids);
    expect(new Set(views.map((v) => v.rekorUuid)).size).toBe(1);
    expect(views.every((v) => v.status === 'anchored' && v.firstReadAt < v.lastReadAt)).toBe(true);
    const entry = db.prepare('SELECT uuid, raw FROM rekor_entries').all() as { uuid: string; raw: Buffer }[];
    expect(entry).toHaveLength(1);
    expect(JSON.parse(entry[0]!.raw.toString())).toHaveProperty(entry[0]!.uuid);

    const third = await fetchWith(net, db, ids, { rekorUrl });
    expect(third.progress.readsThisRun).toBe(0);
    expect(third.rekor?.fetched).toEqual([]);
    db.close();
  });

  it('a pending view is not read again before its recheck time', async () => {
    const ids = await net.createProofs(2);
    const db = openDatabase(folder.file('recheck.sqlite'));
    await fetchWith(net, db, ids, { settings: { pendingRecheckMs: 60_000 } });
    const again = await fetchWith(net, db, ids, { settings: { pendingRecheckMs: 60_000 } });
    expect(again.progress).toMatchObject({ readsThisRun: 0, unsettled: 2 });
    // Due again one recheck interval after the read that stored them (from the store, not from the test's clock).
    const lastRead = Math.min(...storedViews(db, ids).map((v) => v.lastReadAt));
    expect(again.progress.nextRecheckAt).toBe(lastRead + 60_000);
    await net.closeBatch();
    db.close();
  });

  it('an id the devnet does not know is stored as absent and never read again', async () => {
    const db = openDatabase(folder.file('absent.sqlite'));
    const unknown = ['prf_20200101_000000_000000'];
    const first = await fetchWith(net, db, unknown, { settings: { pendingRecheckMs: 0 } });
    expect(first.progress).toMatchObject({ absent: 1, done: 1, readsThisRun: 1 });
    const second = await fetchWith(net, db, unknown, { settings: { pendingRecheckMs: 0 } });
    expect(second.progress.readsThisRun).toBe(0);
    db.close();
  });
});

describe('a 429 answer', () => {
  let net: ReadDevnet;
  beforeAll(async () => {
    net = await startReadDevnet({ readLimit: 100, readWindowSeconds: 3_600 });
  }, 60_000);
  afterAll(() => net.close());

  // The 429 comes from a gate in front of the devnet, at the third call: with the devnet's own limiter (2 reads per
  // 3 s) whether the third read met a 429 depended on how fast the machine sent the first three. The devnet
  // limiter's 429 and Retry-After are tested in tests/devnet/start-devnet.test.ts.
  it('stops reads until Retry-After has passed, records it, then finishes', async () => {
    const ids = await net.createProofs(12);
    await net.closeBatch();
    const gate = await startReadGate(net.devnet.info.trust_layer, { refuse: { call: 3, retryAfterSeconds: 1 } });
    const db = openDatabase(folder.file('429.sqlite'));
    // The client believes it has 100 reads an hour: only the server's 429 can slow it down.
    const report = await fetchProofs({
      db,
      http,
      clock: systemClock,
      trustLayerUrl: gate.url,
      ids,
      settings: { batchSize: 4 },
    });
    await gate.close();
    expect(report.outcome).toBe('done');
    expect(report.progress.anchored).toBe(12);
    expect(report.rateLimited).toBe(1);
    const rows = ledgerRows(db);
    expect(rows.map((r) => [r.statusCode, r.retryAfterMs])).toEqual([
      [200, null],
      [200, null],
      [429, 1_000],
      [200, null],
    ]);
    // The read after the 429 went out once Retry-After had passed, with the ids the refused read had asked for.
    expect(rows[3]!.at).toBeGreaterThanOrEqual(rows[2]!.finishedAt! + 1_000);
    expect(rows[3]!.proofIds).toEqual(rows[2]!.proofIds);
    db.close();
  }, 60_000);
});
