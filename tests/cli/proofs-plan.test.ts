import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../main/cli/main.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { recordAnswers } from '../../main/db/proof-views.ts';
import { ledgerRows, reserveRead } from '../../main/db/read-ledger.ts';
import { captureIo } from '../support/capture-io.ts';

const run = promisify(execFile);
const folder = mkdtempSync(join(tmpdir(), 'proveit-cli-plan-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const id = (n: number) => `prf_20261001_120000_${n.toString(16).padStart(6, '0')}`;
function idsFile(name: string, lines: string[]): string {
  const file = join(folder, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('proveit proofs plan', () => {
  it('prints the calls, ids per call, window and ETA as one JSON document, reading nothing', async () => {
    const db = join(folder, 'plan.sqlite');
    const file = idsFile('120.txt', ['# three participants', ...Array.from({ length: 120 }, (_, i) => id(i))]);
    const io = captureIo();
    expect(await main(['proofs', 'plan', '--ids', file, '--db', db, '--json'], io)).toBe(0);
    const plan = JSON.parse(io.stdout);
    expect(plan).toMatchObject({
      total: 120,
      calls: 3,
      idsPerCall: [50, 50, 20],
      readsUsedInWindow: 0,
      readsLeftInWindow: 100,
    });
    expect(Date.parse(plan.earliestStart)).toBeGreaterThan(0);
    const opened = openDatabase(db);
    expect(ledgerRows(opened)).toEqual([]);
    opened.close();
  });

  it('leaves out anchored views already stored and counts reads already used in the window', async () => {
    const db = join(folder, 'cached.sqlite');
    const opened = openDatabase(db);
    const now = Date.now();
    const r = reserveRead(
      opened,
      { endpoint: 'POST /v1/proofs', baseUrl: 'x', proofIds: [id(0)] },
      { limit: 100, windowMs: 1 },
      () => now,
    );
    if (!r.granted) throw new Error('refused');
    const none = { refusalCode: null, specVersion: null, batchId: null, batchRoot: null, rekorUuid: null };
    recordAnswers(
      opened,
      { readId: r.readId, finishedAt: now, statusCode: 200, errorCode: null, retryAfterMs: null, body: null },
      [{ proofId: id(0), status: 'anchored', raw: new Uint8Array([0x7b, 0x7d]), ...none }],
    );
    opened.close();
    const io = captureIo();
    const file = idsFile('two.txt', [id(0), id(1)]);
    expect(await main(['proofs', 'plan', '--ids', file, '--db', db, '--json', '--read-limit', '2'], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toMatchObject({
      total: 2,
      cached: { anchored: 1 },
      calls: 1,
      readsUsedInWindow: 1,
      readsLeftInWindow: 1,
    });
  });

  it('a malformed id is an error naming its line (exit 1)', async () => {
    const io = captureIo();
    const file = idsFile('bad.txt', [id(1), '', 'prf_2026_bad']);
    expect(await main(['proofs', 'plan', '--ids', file, '--db', join(folder, 'bad.sqlite')], io)).toBe(1);
    expect(io.stderr).toContain('line 3:');
    expect(io.stderr).toContain('prf_2026_bad');
  });

  it('a missing --ids or a bad number is a usage error (exit 2) saying what to type', async () => {
    const io = captureIo();
    expect(await main(['proofs', 'plan'], io)).toBe(2);
    expect(io.stderr).toContain('--ids FILE is required');
    const io2 = captureIo();
    expect(await main(['proofs', 'plan', '--ids', 'x', '--read-window', 'soon'], io2)).toBe(2);
    expect(io2.stderr).toContain("--read-window 'soon' is not a number of seconds");
  });

  it('runs through the real launcher, creating the default database folder', async () => {
    const cwd = mkdtempSync(join(folder, 'cwd-'));
    const file = idsFile('one.txt', [id(7)]);
    const launcher = join(process.cwd(), 'bin/proveit.mjs');
    const { stdout } = await run(process.execPath, [launcher, 'proofs', 'plan', '--ids', file], { cwd });
    expect(stdout).toContain('calls: 1 POST /v1/proofs (1 ids)');
    expect(existsSync(join(cwd, '.proveit/console.sqlite'))).toBe(true);
  }, 120_000); // a launcher start loads every command through tsx: seconds when idle, many more on a busy machine
});
