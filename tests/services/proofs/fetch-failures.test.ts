import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/open-database.ts';
import { ledgerRows, liveClaims } from '../../../main/db/read-ledger.ts';
import { systemClock, type Clock } from '../../../main/services/clock.ts';
import { createHttpClient } from '../../../main/services/http/http-client.ts';
import { fetchProofs } from '../../../main/services/proofs/fetch-proofs.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

// A server that answers every POST /v1/proofs with one fixed failure: what the fetcher does when the Trust Layer
// misbehaves. The Trust Layer's real behaviour (limit, 429, views) is tested against the devnet.
let server: Server;
let base = '';
const answers: Record<string, { status: number; body: string }> = {
  '/down': { status: 503, body: '{"error":{"code":"unavailable"}}' },
  '/strict': { status: 400, body: '{"error":{"code":"invalid_request","message":"no"}}' },
  '/garbled': { status: 200, body: '<html>maintenance</html>' },
  '/hang': { status: 0, body: '' },
};

const folder = tempFolder('proveit-fetch-failures-');
beforeAll(async () => {
  server = createServer((request, response) => {
    const prefix = Object.keys(answers).find((p) => request.url?.startsWith(p))!;
    request.resume();
    request.on('end', () => {
      if (prefix === '/hang') return; // never answers
      response.writeHead(answers[prefix]!.status, { 'content-type': 'application/json' });
      response.end(answers[prefix]!.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  folder.remove();
});

const ids = ['prf_20261001_120000_000001', 'prf_20261001_120000_000002'];
const settings = { backoff: { attempts: 3, firstDelayMs: 20, maxDelayMs: 100 }, safetyMarginMs: 0 };

/** The system clock, recording every wait asked of it: the backoff is checked on what was asked, not on timings. */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { now: systemClock.now, sleep: (ms, signal) => (sleeps.push(ms), systemClock.sleep(ms, signal)), sleeps };
}

async function fetchFrom(
  path: string,
  dbName: string,
  extra: Partial<typeof settings> & { requestTimeoutMs?: number } = {},
) {
  const db = openDatabase(folder.file(dbName));
  const http = createHttpClient({ timeoutMs: 30_000 });
  const clock = recordingClock();
  const report = await fetchProofs({
    db,
    http,
    clock,
    trustLayerUrl: `${base}${path}`,
    ids,
    settings: { ...settings, ...extra },
  });
  const rows = ledgerRows(db);
  const claims = liveClaims(db, Date.now());
  await http.close();
  db.close();
  return { report, rows, claims, sleeps: clock.sleeps };
}

describe('reading from a Trust Layer that fails', () => {
  it('a 503 is retried with backoff, every retry recorded as a read, then the run stops with TRUST_LAYER_SERVER_ERROR', async () => {
    const { report, rows, sleeps } = await fetchFrom('/down', 'down.sqlite');
    expect(report.outcome).toBe('error');
    expect(report.failure?.code).toBe('TRUST_LAYER_SERVER_ERROR');
    expect(rows.map((r) => [r.statusCode, r.idsCount])).toEqual([
      [503, 2],
      [503, 2],
      [503, 2],
    ]);
    // Two pauses, doubling, between the three reads (the other waits asked are each read's claim deadline, 60 s).
    expect(sleeps.filter((ms) => ms < 1_000)).toEqual([20, 40]);
    expect(rows[1]!.at).toBeGreaterThanOrEqual(rows[0]!.finishedAt!);
    expect(rows[2]!.at).toBeGreaterThanOrEqual(rows[1]!.finishedAt!);
  });

  it('a read with no answer when its claim ends is abandoned and recorded as HTTP_TIMEOUT; its ids are free again', async () => {
    // Claims last two request timeouts: 2 x 100 ms here, long before the HTTP client's own 30 s timeouts.
    const { report, rows, claims } = await fetchFrom('/hang', 'hang.sqlite', { requestTimeoutMs: 100 });
    expect(report.failure?.code).toBe('HTTP_TIMEOUT');
    expect(report.failure?.message).toMatch(/no answer before the read's claim ended at .*Z; its ids are free/);
    expect(rows.map((r) => [r.errorCode, r.claimedUntil! - r.at])).toEqual([
      ['HTTP_TIMEOUT', 200],
      ['HTTP_TIMEOUT', 200],
      ['HTTP_TIMEOUT', 200],
    ]);
    expect(claims.size).toBe(0);
  });

  it('a 400 stops at once after one recorded read (TRUST_LAYER_REFUSED_READ): the same call would get the same answer', async () => {
    const { report, rows } = await fetchFrom('/strict', 'strict.sqlite');
    expect(report.failure?.code).toBe('TRUST_LAYER_REFUSED_READ');
    expect(report.failure?.message).toContain('invalid_request');
    expect(rows).toHaveLength(1);
  });

  it('a 200 that is not JSON is recorded with ANSWER_NOT_JSON, nothing stored from it', async () => {
    const { report, rows } = await fetchFrom('/garbled', 'garbled.sqlite');
    expect(report.failure?.code).toBe('ANSWER_NOT_JSON');
    expect(rows.map((r) => r.errorCode)).toEqual(['ANSWER_NOT_JSON', 'ANSWER_NOT_JSON', 'ANSWER_NOT_JSON']);
    expect(report.progress).toMatchObject({ total: 2, done: 0, unsettled: 2 });
  });

  it('an unreachable Trust Layer fails with HTTP_NETWORK after the retries', async () => {
    const db = openDatabase(folder.file('unreachable.sqlite'));
    const http = createHttpClient({ timeoutMs: 1_000 });
    const report = await fetchProofs({
      db,
      http,
      clock: systemClock,
      trustLayerUrl: 'http://127.0.0.1:9/',
      ids,
      settings,
    });
    expect(report.failure?.code).toBe('HTTP_NETWORK');
    expect(ledgerRows(db).map((r) => r.errorCode)).toEqual(['HTTP_NETWORK', 'HTTP_NETWORK', 'HTTP_NETWORK']);
    await http.close();
    db.close();
  });
});
