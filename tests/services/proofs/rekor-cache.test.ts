import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassifiedAnswer } from '../../../main/core/proofs-plan/classify-view.ts';
import { openDatabase } from '../../../main/db/open-database.ts';
import { recordAnswers } from '../../../main/db/proof-views.ts';
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
});
