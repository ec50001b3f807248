import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassifiedAnswer } from '../../../main/core/proofs-plan/classify-view.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { recordAnswers, storedViews } from '../../../main/db/proof-views.ts';
import { reserveRead } from '../../../main/db/read-ledger.ts';
import { rekorEntry } from '../../../main/db/rekor-entries.ts';
import { systemClock } from '../../../main/services/clock.ts';
import { createHttpClient } from '../../../main/services/http/http-client.ts';
import { fetchMissingRekorEntries } from '../../../main/services/proofs/rekor-cache.ts';
import { tempFolder } from '../../db/support/temp-db.ts';
import { startReadDevnet, type ReadDevnet } from './support/devnet-proofs.ts';

const folder = tempFolder('proveit-rekor-');
let net: ReadDevnet;
beforeAll(async () => {
  net = await startReadDevnet({});
}, 60_000);
afterAll(async () => {
  await net.close();
  folder.remove();
});

const none = { refusalCode: null, specVersion: '3.1', batchId: null, batchRoot: null };

describe('the Rekor entry cache against the devnet log', () => {
  it('an entry the log does not have fails with REKOR_ENTRY_NOT_SERVED; a uuid that is not one is never requested', async () => {
    const db = openDatabase(folder.file('rekor.sqlite'));
    const unknownUuid = `${'0'.repeat(16)}${'ab'.repeat(32)}`;
    const answers: ClassifiedAnswer[] = [
      {
        proofId: 'prf_20261001_120000_000001',
        status: 'anchored',
        raw: new Uint8Array([0x7b, 0x7d]),
        rekorUuid: unknownUuid,
        ...none,
      },
      {
        proofId: 'prf_20261001_120000_000002',
        status: 'anchored',
        raw: new Uint8Array([0x7b, 0x7d]),
        rekorUuid: '../../v1/admin',
        ...none,
      },
    ];
    const r = reserveRead(
      db,
      { endpoint: 'POST /v1/proofs', baseUrl: 'x', proofIds: [] },
      { limit: 10, windowMs: 1 },
      () => 1,
    );
    if (!r.granted) throw new Error('refused');
    recordAnswers(
      db,
      { readId: r.readId, finishedAt: 2, statusCode: 200, errorCode: null, retryAfterMs: null, body: null },
      answers,
    );
    const http = createHttpClient({ timeoutMs: 5_000 });
    const report = await fetchMissingRekorEntries({
      db,
      http,
      clock: systemClock,
      rekorUrl: net.devnet.info.log,
      ids: answers.map((a) => a.proofId),
      backoff: { attempts: 2, firstDelayMs: 10, maxDelayMs: 10 },
    });
    await http.close();
    expect(report.fetched).toEqual([]);
    expect(report.failed.map((f) => [f.uuid, f.failure.code])).toEqual([
      ['../../v1/admin', 'REKOR_UUID_MALFORMED'],
      [unknownUuid, 'REKOR_ENTRY_NOT_SERVED'],
    ]);
    expect(rekorEntry(db, unknownUuid)).toBeNull();
    db.close();
  });

  it('without a log URL given, each batch entry is fetched from the log its views name; failures are per batch and keep the views', async () => {
    const db = openDatabase(folder.file('named.sqlite'));
    const uuid = (n: number) => `${'0'.repeat(16)}${String(n).repeat(64)}`;
    const deadLog = 'http://127.0.0.1:9';
    const view = (id: string, u: string, logUrl: string | null) => ({
      proofId: id,
      status: 'anchored' as const,
      raw: new TextEncoder().encode(
        JSON.stringify({
          proof_id: id,
          transparency_log: logUrl === null ? { uuid: u } : { uuid: u, log_url: logUrl },
        }),
      ),
      rekorUuid: u,
      ...none,
      batchId: `batch_${u.slice(-1)}`,
    });
    const answers: ClassifiedAnswer[] = [
      // Batches 1 and 2 name a log that does not answer: the first is tried (with its retries), the second skipped.
      view('prf_20261001_120000_000001', uuid(1), `${deadLog}/api/v1/log/entries/${uuid(1)}`),
      view('prf_20261001_120000_000002', uuid(2), `${deadLog}/api/v1/log/entries/${uuid(2)}`),
      // Batch 3 names the devnet log, which has no such entry.
      view('prf_20261001_120000_000003', uuid(3), `${net.devnet.info.log}/api/v1/log/entries/${uuid(3)}`),
      // Batch 4 names another entry than its uuid; batch 5 names no log at all: neither is requested.
      view('prf_20261001_120000_000004', uuid(4), `${net.devnet.info.log}/api/v1/log/entries/${uuid(5)}`),
      view('prf_20261001_120000_000005', uuid(5), null),
    ];
    const r = reserveRead(
      db,
      { endpoint: 'POST /v1/proofs', baseUrl: 'x', proofIds: [] },
      { limit: 10, windowMs: 1 },
      () => 1,
    );
    if (!r.granted) throw new Error('refused');
    recordAnswers(
      db,
      { readId: r.readId, finishedAt: 2, statusCode: 200, errorCode: null, retryAfterMs: null, body: null },
      answers,
    );
    const http = createHttpClient({ timeoutMs: 5_000 });
    const report = await fetchMissingRekorEntries({
      db,
      http,
      clock: systemClock,
      ids: answers.map((a) => a.proofId),
      backoff: { attempts: 2, firstDelayMs: 10, maxDelayMs: 10 },
    });
    await http.close();
    expect(report.fetched).toEqual([]);
    expect(report.failed.map((f) => [f.batchId, f.failure.code, f.url])).toEqual([
      ['batch_1', 'HTTP_NETWORK', `${deadLog}/api/v1/log/entries/${uuid(1)}`],
      ['batch_2', 'REKOR_LOG_SKIPPED', `${deadLog}/api/v1/log/entries/${uuid(2)}`],
      ['batch_3', 'REKOR_ENTRY_NOT_SERVED', `${net.devnet.info.log}/api/v1/log/entries/${uuid(3)}`],
      ['batch_4', 'REKOR_LOG_URL_INVALID', null],
      ['batch_5', 'REKOR_LOG_URL_INVALID', null],
    ]);
    expect(report.failed[1]!.failure.message).toBe(
      `not tried: the log ${deadLog} could not be reached for entry ${uuid(1)} (HTTP_NETWORK); a later run tries again`,
    );
    expect(report.failed[3]!.failure.message).toMatch(/names no usable log .* give the log with --rekor URL/);
    // The views read stay stored, and no entry was stored for them.
    expect(
      storedViews(
        db,
        answers.map((a) => a.proofId),
      ).map((v) => v.status),
    ).toEqual(Array(5).fill('anchored'));
    expect(db.prepare('SELECT count(*) FROM rekor_entries').pluck().get()).toBe(0);
    db.close();
  });
});
