import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { createProofsFetchCommand } from '../../main/cli/proofs-fetch.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { recordAnswers } from '../../main/db/proof-views.ts';
import { reserveRead } from '../../main/db/read-ledger.ts';
import { startReadDevnet } from '../services/proofs/support/devnet-proofs.ts';
import { captureIo } from '../support/capture-io.ts';

const folder = mkdtempSync(join(tmpdir(), 'proveit-cli-fetch-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('proveit proofs fetch: arguments', () => {
  it('without --trust-layer it is a usage error (exit 2) showing an example', async () => {
    const io = captureIo();
    expect(await main(['proofs', 'fetch', '--ids', 'x'], io)).toBe(2);
    expect(io.stderr).toContain('--trust-layer https://trust.arkforge.tech');
  });

  it('a malformed id stops before any read, naming its line (exit 1)', async () => {
    const file = join(folder, 'ids.txt');
    writeFileSync(file, 'prf_20261001_120000_000001\nprf_20261001_120000_00000G\n');
    const io = captureIo();
    const code = await main(
      ['proofs', 'fetch', '--trust-layer', 'http://127.0.0.1:9', '--ids', file, '--db', join(folder, 'x.sqlite')],
      io,
    );
    expect(code).toBe(1);
    expect(io.stderr).toContain('line 2:');
  });

  it('a batch size above 50 is a usage error', async () => {
    const io = captureIo();
    expect(await main(['proofs', 'fetch', '--trust-layer', 'http://x', '--ids', 'x', '--batch-size', '51'], io)).toBe(
      2,
    );
    expect(io.stderr).toContain('a whole number from 1 to 50');
  });
});

describe('proveit proofs fetch against the devnet', () => {
  it('prints one JSON document, a progress line per step on stderr, and exits 3 while proofs are pending', async () => {
    const net = await startReadDevnet({ readLimit: 100, readWindowSeconds: 3_600 });
    try {
      const ids = await net.createProofs(3);
      const file = join(folder, 'devnet-ids.txt');
      writeFileSync(file, `# one participant\n${ids.join('\n')}\n`);
      const db = join(folder, 'devnet.sqlite');
      const args = ['proofs', 'fetch', '--trust-layer', net.devnet.info.trust_layer, '--ids', file, '--db', db];
      const pending = captureIo();
      expect(await main([...args, '--json', '--pending-recheck', '0'], pending)).toBe(3);
      expect(JSON.parse(pending.stdout)).toMatchObject({ outcome: 'done', total: 3, pending: 3, readsThisRun: 1 });
      expect(pending.stderr).toMatch(
        /reading: \[-{20}\] proofs 0\/3 done \| 3 pending \| reads 1 this run, 1 used \/ 99 left/,
      );

      await net.closeBatch();
      // No --rekor: the batch's entry is fetched from the log the proofs name (the devnet's).
      const anchored = captureIo();
      expect(await main([...args, '--pending-recheck', '0'], anchored)).toBe(0);
      expect(anchored.stdout).toContain('proofs: 3: 3 anchored, 0 absent (null answer), 0 pending');
      expect(anchored.stdout).toContain('rekor entries: 1 fetched, 0 failed');
      const stored = openDatabase(db);
      const entries = stored.prepare('SELECT url FROM rekor_entries').pluck().all() as string[];
      stored.close();
      expect(entries).toHaveLength(1);
      expect(entries[0]!.startsWith(`${net.devnet.info.log}/api/v1/log/entries/`)).toBe(true);
      expect(anchored.stderr).toContain('finished: [####################] proofs 3/3 done');
    } finally {
      await net.close();
    }
  }, 60_000);

  it('on a terminal it redraws one progress bar in place, ending with a newline; --quiet draws nothing', async () => {
    const net = await startReadDevnet({ readLimit: 100, readWindowSeconds: 3_600 });
    try {
      const ids = await net.createProofs(4);
      await net.closeBatch();
      const file = join(folder, 'tty-ids.txt');
      writeFileSync(file, `${ids.join('\n')}\n`);
      const args = ['--trust-layer', net.devnet.info.trust_layer, '--ids', file, '--db', join(folder, 'tty.sqlite')];
      // A fake terminal 100 columns wide stands for stderr.
      const terminal = createProofsFetchCommand(() => ({ columns: 100 }));
      const io = captureIo();
      expect(await terminal.run([...args, '--batch-size', '2', '--json'], io)).toBe(0);
      expect(JSON.parse(io.stdout)).toMatchObject({ outcome: 'done', total: 4, anchored: 4 });
      // The erase-to-end-of-line sequence shown as <EL>, so the frames read as text.
      const frames = io.stderr.replaceAll('\x1b[K', '<EL>').split('\r').slice(1);
      expect(frames.length).toBeGreaterThanOrEqual(3);
      for (const frame of frames.slice(0, -1)) expect(frame).toMatch(/^[^\n]{1,99}<EL>$/);
      expect(frames[0]).toMatch(/^reading \[-+\] 0\/4 proofs · 99 reads left this hour · next read now/);
      expect(frames.at(-1)).toMatch(/^done \[#+\] 4\/4 proofs · 98 reads left this hour<EL>\n$/);

      const quiet = captureIo();
      expect(await terminal.run([...args, '--quiet'], quiet)).toBe(0);
      expect(quiet.stderr).toBe('');
      expect(quiet.stdout).toContain('proofs: 4: 4 anchored');
    } finally {
      await net.close();
    }
  }, 60_000);

  it('a batch whose log does not serve its entry is reported by batch; the views stay stored and the exit is 0', async () => {
    // A log that answers 404 to everything, named by the stored views: no Trust Layer read is needed (all anchored).
    const log = createServer((_request, response) => response.writeHead(404).end('{"code":404}'));
    log.listen(0, '127.0.0.1');
    await once(log, 'listening');
    const logUrl = `http://127.0.0.1:${(log.address() as AddressInfo).port}`;
    try {
      const db = join(folder, 'rekor-down.sqlite');
      const opened = openDatabase(db);
      const uuid = `${'0'.repeat(16)}${'ab'.repeat(32)}`;
      const id = 'prf_20261001_120000_000001';
      const r = reserveRead(
        opened,
        { endpoint: 'POST /v1/proofs', baseUrl: 'x', proofIds: [id] },
        { limit: 1, windowMs: 1 },
        () => 1,
      );
      if (!r.granted) throw new Error('refused');
      const raw = JSON.stringify({
        proof_id: id,
        transparency_log: { uuid, log_url: `${logUrl}/api/v1/log/entries/${uuid}` },
      });
      recordAnswers(
        opened,
        { readId: r.readId, finishedAt: 2, statusCode: 200, errorCode: null, retryAfterMs: null, body: null },
        [
          {
            proofId: id,
            status: 'anchored',
            raw: new TextEncoder().encode(raw),
            refusalCode: null,
            specVersion: '3.1',
            batchId: 'batch_20261001_120500_000',
            batchRoot: null,
            rekorUuid: uuid,
          },
        ],
      );
      opened.close();
      const file = join(folder, 'rekor-down.txt');
      writeFileSync(file, `${id}\n`);
      const args = ['proofs', 'fetch', '--trust-layer', 'http://127.0.0.1:9', '--ids', file, '--db', db, '--quiet'];
      const text = captureIo();
      expect(await main(args, text)).toBe(0);
      expect(text.stdout).toContain('proofs: 1: 1 anchored');
      expect(text.stdout).toContain('rekor entries: 0 fetched, 1 failed');
      expect(text.stdout).toContain(
        `  batch batch_20261001_120500_000, entry ${uuid}: REKOR_ENTRY_NOT_SERVED: GET ${logUrl}/api/v1/log/entries/${uuid} answered 404`,
      );
      expect(text.stdout).toContain('the views read are stored; a later run fetches the missing entries again');
      const json = captureIo();
      expect(await main([...args, '--json'], json)).toBe(0);
      expect(JSON.parse(json.stdout).rekor).toEqual({
        fetched: 0,
        failed: [
          {
            batch: 'batch_20261001_120500_000',
            uuid,
            url: `${logUrl}/api/v1/log/entries/${uuid}`,
            code: 'REKOR_ENTRY_NOT_SERVED',
            message: `GET ${logUrl}/api/v1/log/entries/${uuid} answered 404`,
          },
        ],
      });
    } finally {
      await new Promise((resolve) => log.close(resolve));
    }
  });
});
