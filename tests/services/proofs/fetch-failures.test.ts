import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/open-database.ts';
import { ledgerRows } from '../../../main/db/read-ledger.ts';
import { systemClock } from '../../../main/services/clock.ts';
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
};

const folder = tempFolder('proveit-fetch-failures-');
beforeAll(async () => {
  server = createServer((request, response) => {
    const prefix = Object.keys(answers).find((p) => request.url?.startsWith(p))!;
    request.resume();
    request.on('end', () => {
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

async function fetchFrom(path: string, dbName: string) {
  const db = openDatabase(folder.file(dbName));
  const http = createHttpClient({ timeoutMs: 2_000 });
  const report = await fetchProofs({ db, http, clock: systemClock, trustLayerUrl: `${base}${path}`, ids, settings });
  const rows = ledgerRows(db);
  await http.close();
  db.close();
  return { report, rows };
}

describe('reading from a Trust Layer that fails', () => {
  it('a 503 is retried with backoff, every retry recorded as a read, then the run stops with TRUST_LAYER_SERVER_ERROR', async () => {
    const { report, rows } = await fetchFrom('/down', 'down.sqlite');
    expect(report.outcome).toBe('error');
    expect(report.failure?.code).toBe('TRUST_LAYER_SERVER_ERROR');
    expect(rows.map((r) => [r.statusCode, r.idsCount])).toEqual([
      [503, 2],
      [503, 2],
      [503, 2],
    ]);
    expect(rows[1]!.at - rows[0]!.finishedAt!).toBeGreaterThanOrEqual(20);
    expect(rows[2]!.at - rows[1]!.finishedAt!).toBeGreaterThanOrEqual(40);
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
