import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/open-database.ts';
import { storedViews } from '../../../main/db/proof-views.ts';
import { ledgerRows } from '../../../main/db/read-ledger.ts';
import { systemClock, type Clock } from '../../../main/services/clock.ts';
import { createHttpClient } from '../../../main/services/http/http-client.ts';
import { readOneView } from '../../../main/services/proofs/read-one-view.ts';
import { DEFAULT_READ_SETTINGS } from '../../../main/services/proofs/read-settings.ts';
import { tempFolder } from '../../db/support/temp-db.ts';

// "Re-check now (uses 1 read)" (readOneView) when the Trust Layer fails: a fault of ArkForge's side counts toward
// neither overclaim nor the minimum (spec §4.1), so it ends as a refusal saying what to do, at once, after the one
// read the button announced; the proof's view is not touched. Against a server answering one fixed failure.
let server: Server;
let base = '';
const answers: Record<string, { status: number; headers: Record<string, string> }> = {
  '/limited': { status: 429, headers: { 'retry-after': '3600' } },
  '/down': { status: 503, headers: {} },
};

const folder = tempFolder('proveit-read-one-outage-');
beforeAll(async () => {
  server = createServer((request, response) => {
    const prefix = Object.keys(answers).find((p) => request.url?.startsWith(p))!;
    request.resume();
    request.on('end', () => {
      response.writeHead(answers[prefix]!.status, { 'content-type': 'application/json', ...answers[prefix]!.headers });
      response.end('{"error":{"code":"unavailable"}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  folder.remove();
});

const PROOF = 'prf_20261001_120000_000001';

/**
 * The system clock, recording every wait asked of it. "At once" is one wait only: the read's own claim deadline
 * (two request timeouts, send-read.ts), raced by the request and dropped when it answers; no backoff, no wait for
 * the next read.
 */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return { now: systemClock.now, sleep: (ms, signal) => (sleeps.push(ms), systemClock.sleep(ms, signal)), sleeps };
}

const onlyTheClaimDeadline = (sleeps: number[]) =>
  sleeps.length === 1 && sleeps[0]! > 30_000 && sleeps[0]! <= 2 * DEFAULT_READ_SETTINGS.requestTimeoutMs;

async function recheckFrom(path: string, dbName: string) {
  const db = openDatabase(folder.file(dbName));
  const http = createHttpClient({ timeoutMs: 5_000 });
  const clock = recordingClock();
  try {
    const read = await readOneView({ db, http, clock }, { proofId: PROOF, trustLayerUrl: `${base}${path}` });
    return { read, rows: ledgerRows(db), views: storedViews(db, [PROOF]), sleeps: clock.sleeps };
  } finally {
    await http.close();
    db.close();
  }
}

describe('readOneView when the Trust Layer fails', () => {
  it('Trust Layer answers 429 during a re-check: refused READ_NO_READ_LEFT naming the end of its Retry-After, at once, one read', async () => {
    const started = Date.now();
    const { read, rows, views, sleeps } = await recheckFrom('/limited', 'limited.sqlite');
    expect(read).toMatchObject({ ok: false, error: { code: 'READ_NO_READ_LEFT' } });
    const next = Date.parse(read.ok ? '' : String(read.error.details?.['next_read_at']));
    expect(next).toBeGreaterThanOrEqual(started + 3_600_000);
    expect(onlyTheClaimDeadline(sleeps)).toBe(true);
    expect(rows.map((r) => r.statusCode)).toEqual([429]);
    expect(views).toEqual([]);
  }, 15_000);

  it('Trust Layer answers 503 during a re-check: refused TRUST_LAYER_SERVER_ERROR after one read, no retry', async () => {
    const { read, rows, views, sleeps } = await recheckFrom('/down', 'down.sqlite');
    expect(read).toMatchObject({ ok: false, error: { code: 'TRUST_LAYER_SERVER_ERROR' } });
    expect(rows.map((r) => r.statusCode)).toEqual([503]);
    expect(onlyTheClaimDeadline(sleeps)).toBe(true);
    expect(views).toEqual([]);
  }, 15_000);
});
