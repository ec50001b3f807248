import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDevnetDatabase, type DevnetDatabase } from '../../../devnet/state/devnet-database.ts';
import { ReadLimiter } from '../../../devnet/trust-layer/read-limiter.ts';

let dir: string;
let database: DevnetDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-limiter-'));
  database = openDevnetDatabase(dir);
});

afterEach(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('proof read limiter (N reads per IP per sliding window)', () => {
  it('allows exactly the limit, then refuses with the seconds until the oldest read leaves the window', () => {
    const limiter = new ReadLimiter(database, 3, 3600);
    const t0 = 1_000_000;
    expect([0, 10, 20].map((s) => limiter.take('1.2.3.4', t0 + s * 1000).allowed)).toEqual([true, true, true]);
    expect(limiter.take('1.2.3.4', t0 + 30_000)).toEqual({ allowed: false, retryAfterSeconds: 3570 });
  });

  it('slides: the read made at t0 stops counting one window later', () => {
    const limiter = new ReadLimiter(database, 2, 60);
    limiter.take('ip', 0);
    limiter.take('ip', 30_000);
    expect(limiter.take('ip', 59_000).allowed).toBe(false);
    expect(limiter.take('ip', 60_001).allowed).toBe(true);
    expect(limiter.take('ip', 60_002).allowed).toBe(false);
  });

  it('counts each IP apart and does not count refused calls', () => {
    const limiter = new ReadLimiter(database, 1, 60);
    limiter.take('a', 0);
    limiter.take('a', 1);
    limiter.take('a', 2);
    expect(limiter.take('b', 3).allowed).toBe(true);
    expect(limiter.readsPerIp(4)).toEqual({ a: 1, b: 1 });
  });

  it('keeps the window across a restart on the same state folder', () => {
    new ReadLimiter(database, 1, 3600).take('ip', 5_000);
    database.close();
    database = openDevnetDatabase(dir);
    expect(new ReadLimiter(database, 1, 3600).take('ip', 6_000).allowed).toBe(false);
  });
});
