import { createServer, type Server } from 'node:http';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustUpdateCommand } from '../../main/cli/trust-update-command.ts';
import { helpOf } from '../../main/cli/options/help-text.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../main/services/trust/production-bundle.ts';
import { captureIo } from '../support/capture-io.ts';
import { KEY_4, pubkeyAnswer } from '../support/published-key-history.ts';

const work = mkdtempSync(join(tmpdir(), 'trust-update-cli-'));
let server: Server;
let base: string;
/** A Trust Layer that answers its key history a byte every 50 ms (issue 36: at 1 byte/s, still waiting after 120 s). */
let trickler: Server;
let tricklerBase: string;
/** Resolves when the trickled answer's connection was closed by the command: bytes sent by then, and of how many. */
let trickleCut: Promise<{ sent: number; of: number }> = Promise.resolve({ sent: 0, of: 0 });

async function run(...args: string[]) {
  const io = captureIo();
  const code = await trustUpdateCommand.run(args, io);
  return { code, io };
}

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(200).end(pubkeyAnswer([KEY_4])));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  trickler = createServer((_request, response) => {
    const history = pubkeyAnswer([KEY_4]);
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(history) });
    let sent = 0;
    const timer = setInterval(() => response.write(history[sent++]!), 50);
    trickleCut = new Promise((resolve) =>
      response.once('close', () => {
        clearInterval(timer);
        resolve({ sent, of: Buffer.byteLength(history) });
      }),
    );
  });
  await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
  tricklerBase = `http://127.0.0.1:${(trickler.address() as AddressInfo).port}`;
});

afterAll(async () => {
  trickler.closeAllConnections();
  await new Promise((resolve) => trickler.close(resolve));
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe('proveit trust update', () => {
  it('without --trust-layer, or with a value that is not a URL, exits 2 saying what to type', async () => {
    const missing = await run('--trust', PRODUCTION_BUNDLE_DIR);
    expect(missing.code).toBe(2);
    expect(missing.io.stderr).toContain('--trust-layer URL is required');
    expect(missing.io.stderr).toContain('usage: proveit trust update --trust-layer URL');
    const notUrl = await run('--trust-layer', 'trust.arkforge.tech');
    expect(notUrl.code).toBe(2);
    expect(notUrl.io.stderr).toContain('e.g. --trust-layer https://trust.arkforge.tech');
  });

  it('prints each key added, the unchanged ones, the new folder and its digest', async () => {
    const dir = join(work, 'production');
    cpSync(PRODUCTION_BUNDLE_DIR, dir, { recursive: true });
    const { code, io } = await run('--trust-layer', base, '--trust', dir);
    expect(code).toBe(0);
    expect(io.stdout).toContain(`against ${base}/v1/pubkey: signing key key-4`);
    expect(io.stdout).toContain('\n  added     key       key-4 (valid from 2026-11-20T10:00:00Z)\n');
    expect(io.stdout).toContain('unchanged key-1, key-2, key-3, rekor-1, rekor-2, rekor-3');
    expect(io.stdout).toMatch(/new bundle written: .*production-[0-9a-f]{12}\ndigest [0-9a-f]{64}\n/);
  });

  it('a key history trickled a byte every 50 ms is refused with TRUST_UPDATE_UNREACHABLE at the --timeout deadline, naming it; nothing is written', async () => {
    const dir = join(work, 'production-trickled');
    cpSync(PRODUCTION_BUNDLE_DIR, dir, { recursive: true });
    const { code, io } = await run('--trust-layer', tricklerBase, '--trust', dir, '--timeout', '0.3', '--json');
    // The deadline, not the end of the answer, closed the connection (no wall clock measured: the suite runs loaded).
    const cut = await trickleCut;
    expect(cut.sent).toBeLessThan(cut.of);
    expect(code).toBe(1);
    const refusal = JSON.parse(io.stdout) as { ok: boolean; code: string; message: string };
    expect(refusal).toMatchObject({ ok: false, code: 'TRUST_UPDATE_UNREACHABLE' });
    expect(refusal.message).toContain(`GET ${tricklerBase}/v1/pubkey: no whole answer within 0.3 s`);
    expect(readdirSync(work).filter((name) => name.startsWith('production-trickled-'))).toEqual([]);
  });

  it('without --timeout the whole answer is due within 30 s (its help says so); a --timeout that is not seconds > 0 exits 2', async () => {
    expect(helpOf(trustUpdateCommand)).toMatch(
      /--timeout SECONDS +the deadline for the Trust Layer's whole answer, in seconds \(default: 30\)\n/,
    );
    const zero = await run('--trust-layer', base, '--timeout', '0');
    expect(zero.code).toBe(2);
    expect(zero.io.stderr).toContain("--timeout '0' is not a number of seconds > 0, e.g. --timeout 30");
  });

  it('a refusal prints its code on stderr and exits 1', async () => {
    const { code, io } = await run('--trust-layer', base, '--trust', join(work, 'absent'));
    expect(code).toBe(1);
    expect(io.stderr).toMatch(/^proveit trust update: BUNDLE_INDEX_MISSING: /);
  });
});
