import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../../../devnet/compose-devnet.ts';
import { startDevnet } from '../../../devnet/start-devnet.ts';
import { absentReferenceBody } from '../../../main/core/corpus/collection-references.ts';
import { computeManifest, type Manifest } from '../../../main/core/corpus/manifest.ts';
import { TRACKS as DEFINITIONS } from '../../../main/core/corpus/tracks.ts';
import { jsonFileBytes } from '../../../main/core/corpus/tree.ts';
import { loads } from '../../../main/core/json/loads.ts';
import { sha256Canonical } from '../../../main/core/json/sha256-canonical.ts';
import { readCorpusTree } from '../../../main/services/corpus/corpus-folder.ts';

// The manifest is what the scorer compares opened hashes against (spec §4.1 conditions 3 and 4): this checks it
// against what a Trust Layer proxy (the devnet's, same wire formats) actually anchors for calls to the corpus, with
// the whole demo season served at once (each track on the host of its own base).
const SEASON = fileURLToPath(new URL('../../../corpus/season-1', import.meta.url));
const TRACKS = ['conformite', 'generique'] as const;
/** A paged list page of each track. */
const PAGE = { conformite: '/mesures-restrictives/page-1', generique: undefined as string | undefined };
let dir: string;
let devnet: Devnet;
const manifests = {} as Record<(typeof TRACKS)[number], Manifest>;
const absentPaths = {} as Record<(typeof TRACKS)[number], string>;
let apiKey: string;

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
  devnet = await startDevnet({ stateDir: join(dir, 'state'), corpusDir: SEASON, batchSize: 25, batchAgeSeconds: 3600 });
  const decoder = new TextDecoder();
  for (const track of TRACKS) {
    const tree = await readCorpusTree(join(SEASON, track));
    const absentFile = [...tree].find(([file, bytes]) => file.startsWith('responses/') && decoder.decode(bytes).includes('"exists": false'));
    absentPaths[track] = (absentFile?.[0] ?? '').replace(/^responses/, '').replace(/\.json$/, '');
    const computed = computeManifest(tree);
    if (!computed.ok) throw new Error(computed.error.message);
    manifests[track] = computed.value;
  }
  PAGE.generique = manifests.generique.resources.find((r) => /^\/catalogues\/.+\/page-1$/.test(r.path))?.path;
  apiKey = (await post('/v1/keys/free-signup', { email: 'corpus-manifest@example.org' })).api_key;
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('manifest against the hashes a proxy anchors, both tracks served at once', () => {
  it.each(TRACKS)('%s: /referentiel, a paged list page and an absent reference: request and response hashes equal that track’s manifest', async (track) => {
    const manifest = manifests[track];
    const picks = ['/referentiel', PAGE[track], absentPaths[track]].map((path) => manifest.resources.find((r) => r.path === path));
    for (const resource of picks) {
      if (!resource) throw new Error('demo corpus resource missing');
      expect(resource.target.startsWith(`http://${track}.corpus.devnet.localhost/`)).toBe(true);
      const hashes = await proxied(resource.target);
      expect(hashes).toMatchObject({ request: `sha256:${resource.request_hash}`, response: `sha256:${resource.response_hash}` });
    }
  });

  it('the two tracks’ /referentiel have different URLs, request hashes and bodies', () => {
    const [c, g] = TRACKS.map((track) => manifests[track].resources.find((r) => r.path === '/referentiel'));
    expect(c?.target).not.toBe(g?.target);
    expect(c?.request_hash).not.toBe(g?.request_hash);
    expect(c?.response_hash).not.toBe(g?.response_hash);
  });

  it.each(TRACKS)('%s: a path outside every collection: the proxy anchors that track manifest’s /_systeme/404 hash', async (track) => {
    const hashes = await proxied(`${manifests[track].base}/hors-collections/000000000`);
    expect(hashes.response).toBe(`sha256:${manifests[track].system['404']}`);
  });

  it.each([
    ['conformite', '/agrements/AGR-0001'],
    ['generique', '/produits/SIE-0000'],
  ] as const)(
    '%s: a reference absent from a collection and from the catalogue (%s): the proxy anchors its absence body, whose hash no manifest entry or /_systeme body has',
    async (track, path) => {
      const body = absentReferenceBody(DEFINITIONS[track]?.references ?? [], path);
      const value = loads(jsonFileBytes(body ?? {}));
      if (!body || !value.ok) throw new Error('no absence body');
      const hashes = await proxied(`${manifests[track].base}${path}`);
      expect(hashes.response).toBe(`sha256:${sha256Canonical(value.value)}`);
      const known = [...manifests[track].resources.map((r) => r.response_hash), ...Object.values(manifests[track].system)];
      expect(known).not.toContain(sha256Canonical(value.value));
      expect(manifests[track].resources.map((r) => r.path)).not.toContain(path);
    },
  );
});
