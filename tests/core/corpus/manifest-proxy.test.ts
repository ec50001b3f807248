import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../../../devnet/compose-devnet.ts';
import { startDevnet } from '../../../devnet/start-devnet.ts';
import { computeManifest, type Manifest } from '../../../main/core/corpus/manifest.ts';
import { readCorpusTree } from '../../../main/services/corpus/corpus-folder.ts';

// The manifest is what the scorer compares opened hashes against (spec §4.1 conditions 3 and 4): this checks it
// against what a Trust Layer proxy (the devnet's, same wire formats) actually anchors for calls to the corpus.
const CORPUS = fileURLToPath(new URL('../../../corpus/season-1/conformite', import.meta.url));
let dir: string;
let devnet: Devnet;
let manifest: Manifest;
let apiKey: string;
let absentPath: string;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${devnet.info.trust_layer}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'proveit-corpus-test/1.0', ...headers },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { api_key: string; proof: { hashes: { request: string; response: string } } };
}

const proxied = async (target: string) =>
  (await post('/v1/proxy', { target, method: 'GET', payload: {}, currency: 'eur' }, { 'X-Api-Key': apiKey })).proof
    .hashes;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'corpus-manifest-proxy-'));
  devnet = await startDevnet({ stateDir: join(dir, 'state'), corpusDir: CORPUS, batchSize: 25, batchAgeSeconds: 3600 });
  const tree = await readCorpusTree(CORPUS);
  const decoder = new TextDecoder();
  const absentFile = [...tree].find(([file, bytes]) => file.startsWith('responses/') && decoder.decode(bytes).includes('"exists": false'));
  absentPath = (absentFile?.[0] ?? '').replace(/^responses/, '').replace(/\.json$/, '');
  const computed = computeManifest(tree);
  if (!computed.ok) throw new Error(computed.error.message);
  manifest = computed.value;
  apiKey = (await post('/v1/keys/free-signup', { email: 'corpus-manifest@example.org' })).api_key;
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('manifest against the hashes a proxy anchors', () => {
  it('a record, a paged list page and an absent reference: request and response hashes equal the manifest’s', async () => {
    const picks = [
      manifest.resources.find((r) => r.path === '/referentiel'),
      manifest.resources.find((r) => r.path === '/mesures-restrictives/page-1'),
      manifest.resources.find((r) => r.path === absentPath),
    ];
    for (const resource of picks) {
      if (!resource) throw new Error('demo corpus resource missing');
      const hashes = await proxied(resource.target);
      expect(hashes).toMatchObject({ request: `sha256:${resource.request_hash}`, response: `sha256:${resource.response_hash}` });
    }
  });

  it('a path outside the catalogue: the proxy anchors the manifest’s /_systeme/404 hash', async () => {
    const hashes = await proxied('http://corpus.devnet.localhost/entites/000000000');
    expect(hashes.response).toBe(`sha256:${manifest.system['404']}`);
  });
});
