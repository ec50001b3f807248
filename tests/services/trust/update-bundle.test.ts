import { createServer, type Server } from 'node:http';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../../main/services/http/http-client.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';
import { updateTrustBundle } from '../../../main/services/trust/update-bundle.ts';
import { KEY_4, productionKeyHistory as history, pubkeyAnswer } from '../../support/published-key-history.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

const work = mkdtempSync(join(tmpdir(), 'trust-update-'));
const http = createHttpClient({ timeoutMs: 5_000 });
let server: Server;
let base: string;
/** What the Trust Layer answers at GET /v1/pubkey: status and body, set by each test. */
let answer: { status: number; body: string } = { status: 200, body: '{}' };

/** A copy of trust/production to update (the repository's bundle is never a test's output folder's neighbour). */
function productionCopy(name: string): string {
  const dir = join(work, name);
  cpSync(PRODUCTION_BUNDLE_DIR, dir, { recursive: true });
  return dir;
}

const update = (trustDir: string, outDir?: string) =>
  updateTrustBundle({ http, trustLayerUrl: base, trustDir, ...(outDir === undefined ? {} : { outDir }) });

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url !== '/v1/pubkey') return response.writeHead(404).end('{"error":{"code":"not_found"}}');
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await http.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe('updateTrustBundle: a new bundle folder from the published key history, the old one untouched', () => {
  it('a key published since is written into <bundle>-<digest prefix>, indented as the issuer writes it', async () => {
    const dir = productionCopy('production');
    answer = { status: 200, body: pubkeyAnswer([KEY_4]) };
    const result = await update(dir);
    if (!result.ok) throw new Error(result.error.message);
    const { written } = result.value;
    expect(result.value.added.map((c) => c.kid)).toEqual(['key-4']);
    expect(written).toMatchObject({ existed: false });
    expect(written!.dir).toBe(join(work, `production-${written!.digest.slice(0, 12)}`));
    const loaded = await loadTrustBundle(written!.dir);
    expect(loaded.ok && loaded.value.signingKeys.map((k) => k.kid)).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
    expect(loaded.ok && loaded.value.digest).toBe(written!.digest);
    const text = readFileSync(join(written!.dir, 'published_keys.json'), 'utf8');
    expect(text).toContain('\n  "keys": [\n    {\n      "kid": "key-1",');
    expect(JSON.parse(text)._doc).toBe((history() as Json)._doc);
    for (const name of readdirSync(PRODUCTION_BUNDLE_DIR)) {
      expect(readFileSync(join(dir, name)), name).toEqual(readFileSync(join(PRODUCTION_BUNDLE_DIR, name)));
    }
  });

  it('--out names the folder; a folder holding other files is refused (TRUST_UPDATE_OUT_EXISTS), never written over', async () => {
    const dir = productionCopy('production-out');
    answer = { status: 200, body: pubkeyAnswer([KEY_4]) };
    const out = join(work, 'chosen');
    const result = await update(dir, out);
    expect(result.ok && result.value.written?.dir).toBe(out);
    const busy = join(work, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'notes.txt'), 'mine');
    const refused = await update(dir, busy);
    expect(!refused.ok && refused.error.code).toBe('TRUST_UPDATE_OUT_EXISTS');
    expect(readdirSync(busy)).toEqual(['notes.txt']);
  });

  it('a kid published with another key refuses (TRUST_UPDATE_KEY_CHANGED) and writes nothing', async () => {
    const dir = productionCopy('production-changed');
    answer = { status: 200, body: pubkeyAnswer([KEY_4], (keys) => (keys[0]!.public = KEY_4.public)) };
    const before = readdirSync(work).sort();
    const result = await update(dir);
    expect(!result.ok && result.error.code).toBe('TRUST_UPDATE_KEY_CHANGED');
    expect(!result.ok && result.error.details?.['url']).toBe(`${base}/v1/pubkey`);
    expect(readdirSync(work).sort()).toEqual(before);
  });

  it('a key history naming a key twice is refused with TRUST_UPDATE_ANSWER_INVALID naming the key, nothing written', async () => {
    const dir = productionCopy('production-duplicate');
    const served = pubkeyAnswer([KEY_4]);
    // A second "keys" before the real one: read last-wins it is the same history, first-wins an empty one.
    answer = { status: 200, body: served.replace('{', '{"keys":[],') };
    const before = readdirSync(work).sort();
    const result = await update(dir);
    expect(!result.ok && result.error.code).toBe('TRUST_UPDATE_ANSWER_INVALID');
    expect(!result.ok && result.error.message).toContain('duplicate key "keys"');
    expect(readdirSync(work).sort()).toEqual(before);
  });

  it('bad answers are named: an HTTP error status, a body that is not JSON, a Trust Layer that does not answer', async () => {
    const dir = productionCopy('production-bad');
    answer = { status: 503, body: '{"error":{"code":"unavailable"}}' };
    const status = await update(dir);
    expect(!status.ok && status.error).toMatchObject({ code: 'TRUST_UPDATE_ANSWER_STATUS', details: { status: 503 } });
    answer = { status: 200, body: '<html>' };
    const notJson = await update(dir);
    expect(!notJson.ok && notJson.error.code).toBe('TRUST_UPDATE_ANSWER_INVALID');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await updateTrustBundle({ http, trustLayerUrl: `http://127.0.0.1:${port}`, trustDir: dir });
    expect(!unreachable.ok && unreachable.error.code).toBe('TRUST_UPDATE_UNREACHABLE');
  });

  it('a bundle that does not load is refused with its own code before anything is asked', async () => {
    const result = await update(join(work, 'no-such-bundle'));
    expect(!result.ok && result.error.code).toBe('BUNDLE_INDEX_MISSING');
  });
});
