import { createServer, type Server } from 'node:http';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustUpdateCommand } from '../../main/cli/trust-update-command.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../main/services/trust/production-bundle.ts';
import { captureIo } from '../support/capture-io.ts';
import { KEY_4, pubkeyAnswer } from '../support/published-key-history.ts';

const work = mkdtempSync(join(tmpdir(), 'trust-update-cli-'));
let server: Server;
let base: string;

async function run(...args: string[]) {
  const io = captureIo();
  const code = await trustUpdateCommand.run(args, io);
  return { code, io };
}

beforeAll(async () => {
  server = createServer((_request, response) => response.writeHead(200).end(pubkeyAnswer([KEY_4])));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
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

  it('a refusal prints its code on stderr and exits 1', async () => {
    const { code, io } = await run('--trust-layer', base, '--trust', join(work, 'absent'));
    expect(code).toBe(1);
    expect(io.stderr).toMatch(/^proveit trust update: BUNDLE_INDEX_MISSING: /);
  });
});
