import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../main/db/open-database.ts';
import { insertReadResult, ledgerRows, ledgerState, reserveRead } from '../../main/db/read-ledger.ts';
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
      spawn(process.execPath, ['bin/run-ts.mjs', 'tests/db/support/reserve-worker.ts', file, '5', '500', '1600']),
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
    // The processes competed: together they filled the windows (5 every 500 ms over 1.6 s is at least 15).
    expect(times.length).toBeGreaterThanOrEqual(15);
    for (const t of times) {
      expect(times.filter((x) => x >= t && x < t + shared.windowMs).length).toBeLessThanOrEqual(shared.limit);
    }
  }, 60_000);
});
