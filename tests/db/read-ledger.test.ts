import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open-database.ts';
import {
  claimNextRead,
  insertReadResult,
  ledgerRows,
  ledgerState,
  liveClaims,
  reserveRead,
  type Claim,
} from '../../main/db/read-ledger.ts';
import { tempFolder } from './support/temp-db.ts';

const folder = tempFolder();
afterAll(() => folder.remove());

const request = {
  endpoint: 'POST /v1/proofs',
  baseUrl: 'http://127.0.0.1:1',
  proofIds: ['prf_20261001_120000_000001'],
};
const rule = { limit: 3, windowMs: 1_000 };

describe('the read ledger', () => {
  it('grants `limit` reads in a window, then names the time the oldest leaves it', () => {
    const db = openDatabase(folder.file('grant.sqlite'));
    expect([100, 200, 300].map((t) => reserveRead(db, request, rule, () => t).granted)).toEqual([true, true, true]);
    expect(reserveRead(db, request, rule, () => 400)).toEqual({ granted: false, notBefore: 1_100 });
    expect(reserveRead(db, request, rule, () => 1_100)).toMatchObject({ granted: true, at: 1_100 });
    expect(ledgerRows(db).map((r) => r.at)).toEqual([100, 200, 300, 1_100]);
    db.close();
  });

  it('a recorded 429 stops reads until its Retry-After has passed, across a reopen', () => {
    const file = folder.file('embargo.sqlite');
    let db = openDatabase(file);
    const r = reserveRead(db, request, rule, () => 1_000);
    if (!r.granted) throw new Error('first read refused');
    insertReadResult(db, {
      readId: r.readId,
      finishedAt: 1_050,
      statusCode: 429,
      errorCode: 'TRUST_LAYER_RATE_LIMITED',
      retryAfterMs: 30_000,
      body: null,
    });
    db.close();
    db = openDatabase(file);
    expect(ledgerState(db, 2_000, rule).embargoUntil).toBe(31_050);
    expect(reserveRead(db, request, rule, () => 31_049)).toEqual({ granted: false, notBefore: 31_050 });
    expect(reserveRead(db, request, rule, () => 31_050).granted).toBe(true);
    db.close();
  });

  it('a slow read counts from its answer, and a read left without one (its process died) until it can no longer arrive', () => {
    const db = openDatabase(folder.file('in-flight.sqlite'));
    const slow = { ...rule, limit: 1, inFlightMs: 5_000 };
    const first = reserveRead(db, request, slow, () => 1_000);
    if (!first.granted) throw new Error('first read refused');
    insertReadResult(db, {
      readId: first.readId,
      finishedAt: 1_800,
      statusCode: 200,
      errorCode: null,
      retryAfterMs: null,
      body: null,
    });
    expect(reserveRead(db, request, slow, () => 2_000)).toEqual({ granted: false, notBefore: 2_800 });
    const dead = reserveRead(db, request, slow, () => 2_800);
    if (!dead.granted) throw new Error('second read refused');
    // No answer is ever recorded for the second read: it may have reached the server as late as 2_800 + 5_000.
    expect(reserveRead(db, request, slow, () => 4_000)).toEqual({ granted: false, notBefore: 5_000 });
    expect(reserveRead(db, request, slow, () => 8_700)).toEqual({ granted: false, notBefore: 8_800 });
    expect(reserveRead(db, request, slow, () => 8_800).granted).toBe(true);
    db.close();
  });

  it('a read claims its ids with its reservation: no other reservation takes them until its result is recorded', () => {
    const db = openDatabase(folder.file('claims.sqlite'));
    const wide = { limit: 10, windowMs: 1_000 };
    const claim = { endpoint: 'POST /v1/proofs', baseUrl: 'x', claimMs: 4_000 };
    const ids = ['prf_a', 'prf_b', 'prf_c'];
    // Each process picks the ids it wants among those nobody claims, as fetchProofs does.
    const free = (wanted: string[]) => (_now: number, claims: ReadonlyMap<string, Claim>) => {
      const left = wanted.filter((id) => !claims.has(id));
      return left.length ? { ids: left, notBefore: 0 } : null;
    };
    const first = claimNextRead(db, claim, wide, () => 100, free(ids.slice(0, 2)));
    expect(first).toMatchObject({ granted: true, at: 100, proofIds: ['prf_a', 'prf_b'], claimedUntil: 4_100 });
    if (!first.granted) throw new Error('refused');
    expect([...liveClaims(db, 200).keys()]).toEqual(['prf_a', 'prf_b']);
    // A second process wanting all three gets the one left; then nothing.
    expect(claimNextRead(db, claim, wide, () => 200, free(ids))).toMatchObject({ granted: true, proofIds: ['prf_c'] });
    expect(claimNextRead(db, claim, wide, () => 300, free(ids))).toEqual({ granted: false, notBefore: null });
    // Ids a pick names although they are claimed are left out all the same.
    const careless = () => ({ ids: ['prf_a', 'prf_b'], notBefore: 0 });
    expect(claimNextRead(db, claim, wide, () => 300, careless)).toEqual({ granted: false, notBefore: null });
    // The first read's answer releases its ids.
    insertReadResult(db, {
      readId: first.readId,
      finishedAt: 400,
      statusCode: 200,
      errorCode: null,
      retryAfterMs: null,
      body: null,
    });
    expect([...liveClaims(db, 500).keys()]).toEqual(['prf_c']);
    expect(claimNextRead(db, claim, wide, () => 500, free(ids))).toMatchObject({ proofIds: ['prf_a', 'prf_b'] });
    db.close();
  });

  it('a claim whose read never gets a result (its process was killed) expires at its end, not later', () => {
    const db = openDatabase(folder.file('claim-expiry.sqlite'));
    const claim = { endpoint: 'POST /v1/proofs', baseUrl: 'x', claimMs: 4_000 };
    const pick = (_now: number, claims: ReadonlyMap<string, Claim>) =>
      claims.has('prf_a') ? null : { ids: ['prf_a'], notBefore: 0 };
    expect(claimNextRead(db, claim, rule, () => 1_000, pick).granted).toBe(true);
    expect(liveClaims(db, 4_999).get('prf_a')?.until).toBe(5_000);
    expect(claimNextRead(db, claim, rule, () => 4_999, pick)).toEqual({ granted: false, notBefore: null });
    expect(liveClaims(db, 5_000).size).toBe(0);
    expect(claimNextRead(db, claim, rule, () => 5_000, pick)).toMatchObject({ granted: true, proofIds: ['prf_a'] });
    db.close();
  });

  it('a claimed read obeys the window and the embargo like any read; a refused one claims nothing', () => {
    const db = openDatabase(folder.file('claim-window.sqlite'));
    const claim = { endpoint: 'POST /v1/proofs', baseUrl: 'x', claimMs: 100 };
    for (const t of [100, 200, 300]) reserveRead(db, request, rule, () => t);
    const pick = () => ({ ids: ['prf_a'], notBefore: 0 });
    expect(claimNextRead(db, claim, rule, () => 400, pick)).toEqual({ granted: false, notBefore: 1_100 });
    expect(liveClaims(db, 400).size).toBe(0);
    // The pick's own schedule is kept when it is later than the window's.
    expect(
      claimNextRead(
        db,
        claim,
        rule,
        () => 1_100,
        () => ({ ids: ['prf_a'], notBefore: 1_500 }),
      ),
    ).toEqual({
      granted: false,
      notBefore: 1_500,
    });
    expect(claimNextRead(db, claim, rule, () => 1_500, pick)).toMatchObject({ granted: true, claimedUntil: 1_600 });
    expect(ledgerRows(db).map((r) => r.claimedUntil)).toEqual([null, null, null, 1_600]);
    db.close();
  });

  it('a recorded read is never changed or deleted (append-only)', () => {
    const db = openDatabase(folder.file('append.sqlite'));
    reserveRead(db, request, rule, () => 5);
    expect(() => db.prepare('UPDATE trust_layer_reads SET at_ms = 0').run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM trust_layer_reads').run()).toThrow(/append-only/);
    db.close();
  });

  it('three processes sharing the file never exceed the limit together in any window', async () => {
    const file = folder.file('shared.sqlite');
    openDatabase(file).close();
    const shared = { limit: 5, windowMs: 500 };
    const workers = [1, 2, 3].map(() =>
      spawn(process.execPath, ['bin/run-ts.mjs', 'tests/db/support/reserve-worker.ts', file, '5', '500', '15']),
    );
    const outputs = workers.map((w) => {
      let text = '';
      w.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      return { text: () => text, exit: once(w, 'exit') };
    });
    while (!outputs.every((o) => o.text().startsWith('ready'))) await new Promise((r) => setTimeout(r, 20));
    for (const w of workers) w.stdin.end('go\n');
    await Promise.all(outputs.map((o) => o.exit));
    const granted = outputs.map((o) => Number(o.text().split('\n')[1]));
    const db = openDatabase(file);
    const times = ledgerRows(db).map((r) => r.at);
    db.close();
    expect(granted.reduce((a, b) => a + b, 0)).toBe(times.length);
    // Together they went on until the ledger held 15 reads (three windows' worth), however long that took.
    expect(times.length).toBeGreaterThanOrEqual(15);
    for (const t of times) {
      expect(times.filter((x) => x >= t && x < t + shared.windowMs).length).toBeLessThanOrEqual(shared.limit);
    }
  }, 60_000);
});
