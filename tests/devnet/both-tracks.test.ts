import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../../devnet/start-devnet.ts';
import { main } from '../../main/cli/main.ts';
import { computeManifest, type Manifest } from '../../main/core/corpus/manifest.ts';
import { loads } from '../../main/core/json/loads.ts';
import { sha256Canonical } from '../../main/core/json/sha256-canonical.ts';
import { readCorpusTree } from '../../main/services/corpus/corpus-folder.ts';
import { captureIo } from '../support/capture-io.ts';
import { DEMO_SEASON_DIR, demoTrack } from './support/journey-corpus.ts';
import { freeSignupKey, operatorApiKey } from './support/trust-layer-calls.ts';

// A season runs both tracks at once (docs/season-service.md "When a track is open"): one devnet serves the whole demo
// season, each track on the host of its own base, and every read is proven against that track's manifest.
const TRACKS = ['conformite', 'generique'] as const;
type Track = (typeof TRACKS)[number];
const track = { conformite: demoTrack('conformite'), generique: demoTrack('generique') };
const hostOf = (name: Track) => new URL(track[name].base).hostname;
const manifests = {} as Record<Track, Manifest>;
let dir: string;
let devnet: Devnet;
let apiKey: string;

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: JSON.parse(await response.text()) };
}

const proxy = (target: string) =>
  post(
    `${devnet.info.trust_layer}/v1/proxy`,
    { target, method: 'GET', payload: {}, currency: 'eur' },
    { 'X-Api-Key': apiKey },
  );

async function fault(host: string, kind: string | null) {
  const answer = await post(
    `${devnet.info.trust_layer}/_devnet/faults`,
    { host, fault: kind },
    { 'X-Internal-Secret': devnet.info.internal_secret },
  );
  expect(answer.status).toBe(200);
}

/** The body the corpus served, as the proxy returns it (the digital stamp is added after hashing). */
function servedBody(answer: { json: { service_response: { body: Record<string, unknown> } } }) {
  const { _arkforge_attestation: _, ...body } = answer.json.service_response.body;
  return body;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devnet-both-tracks-'));
  devnet = await startDevnet({
    stateDir: join(dir, 'state'),
    corpusDir: DEMO_SEASON_DIR,
    batchSize: 100,
    batchAgeSeconds: 3600,
  });
  apiKey = await freeSignupKey(devnet.info.trust_layer, 'both-tracks@example.org');
  for (const name of TRACKS) {
    const manifest = computeManifest(await readCorpusTree(track[name].dir));
    if (!manifest.ok) throw new Error(manifest.error.message);
    manifests[name] = manifest.value;
  }
});

afterAll(async () => {
  await devnet.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the devnet serves both tracks of the season at once', () => {
  it('its info lists every track with its base and folder; the corpus server serves both', () => {
    expect(devnet.info.corpus_tracks).toEqual({
      conformite: { base: 'http://conformite.corpus.devnet.localhost', dir: track.conformite.dir },
      generique: { base: 'http://generique.corpus.devnet.localhost', dir: track.generique.dir },
    });
    expect(devnet.info.virtual_hosts.corpus).toBe(track.conformite.base);
    expect(devnet.corpusServer.tracks.map((t) => t.track)).toEqual(['conformite', 'generique']);
  });

  it.each(TRACKS)(
    'a proxied read of /referentiel on the %s host returns that track’s bytes, and the proof’s hashes are its manifest entry',
    async (name) => {
      const entry = manifests[name].resources.find((r) => r.path === '/referentiel');
      if (!entry) throw new Error('no /referentiel in the manifest');
      expect(entry.target).toBe(`${track[name].base}/referentiel`);
      const answer = await proxy(entry.target);
      expect(answer.status).toBe(200);
      expect(answer.json.service_response.status_code).toBe(200);
      const frozen = loads(track[name].bytes('/referentiel'));
      if (!frozen.ok) throw new Error('the frozen referentiel is not JSON');
      expect(sha256Canonical(frozen.value)).toBe(entry.response_hash);
      expect(servedBody(answer)).toEqual(JSON.parse(track[name].bytes('/referentiel').toString('utf8')));
      expect(answer.json.proof.hashes).toMatchObject({
        request: `sha256:${entry.request_hash}`,
        response: `sha256:${entry.response_hash}`,
      });
      // The seller is the track's host, and X-Challenge-Secret reached it (the corpus answered 200, not its 403).
      expect(answer.json.proof.parties.seller).toBe(hostOf(name));
      const last = devnet.corpusServer.calls().at(-1);
      expect(last).toMatchObject({
        path: '/referentiel',
        status: 200,
        secretPresent: true,
        host: hostOf(name),
        track: name,
      });
    },
  );

  it('every seventh catalogue resource of each track is proven with that track manifest’s hashes', async () => {
    for (const name of TRACKS) {
      for (const entry of manifests[name].resources.filter((_, i) => i % 7 === 0)) {
        const answer = await proxy(entry.target);
        expect(answer.json.proof.hashes, `${name} ${entry.path}`).toMatchObject({
          request: `sha256:${entry.request_hash}`,
          response: `sha256:${entry.response_hash}`,
        });
      }
    }
  });

  it('POST /v1/proofs serves the proofs of both track hosts (both are PROVE IT sellers)', async () => {
    const ids = [];
    for (const name of TRACKS) ids.push(String((await proxy(`${track[name].base}/referentiel`)).json.proof.proof_id));
    const answer = await post(`${devnet.info.trust_layer}/v1/proofs`, { proof_ids: ids });
    expect(answer.status).toBe(200);
    for (const id of ids) expect(answer.json.proofs[id]).not.toBeNull();
  });

  it('the old shared host is no devnet host any more: the proxy refuses a plain-http target on it', async () => {
    const answer = await proxy('http://corpus.devnet.localhost/referentiel');
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('invalid_target');
  });

  it('faults act per track host: one track unavailable serves its 503 body while the other still answers', async () => {
    await fault(hostOf('generique'), 'unavailable');
    const down = await proxy(`${track.generique.base}/referentiel`);
    const up = await proxy(`${track.conformite.base}/referentiel`);
    await fault(hostOf('generique'), null);
    expect(down.json.service_response.status_code).toBe(503);
    expect(down.json.proof.hashes.response).toBe(`sha256:${manifests.generique.system['503']}`);
    expect(up.json.service_response.status_code).toBe(200);
    expect((await proxy(`${track.generique.base}/referentiel`)).json.service_response.status_code).toBe(200);
    await fault(hostOf('conformite'), 'drop-secret');
    const denied = await proxy(`${track.conformite.base}/referentiel`);
    await fault(hostOf('conformite'), null);
    expect(denied.json.service_response.status_code).toBe(403);
    expect(denied.json.proof.hashes.response).toBe(`sha256:${manifests.conformite.system['403']}`);
  });

  it('"unavailable" on a host that is no corpus track is refused', async () => {
    const answer = await post(
      `${devnet.info.trust_layer}/_devnet/faults`,
      { host: 'proveit.devnet.localhost', fault: 'unavailable' },
      { 'X-Internal-Secret': devnet.info.internal_secret },
    );
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toContain('conformite.corpus.devnet.localhost');
  });

  it('each track is frozen through this devnet on its own: its own manifest hash, its own publication', async () => {
    const db = join(dir, 'console.sqlite');
    const keyFile = join(dir, 'operator.key');
    writeFileSync(
      keyFile,
      `${await operatorApiKey(devnet.info.trust_layer, 'operator@example.org', devnet.info.operator_key_file as string)}\n`,
    );
    const day = 86_400_000;
    const window = [
      '--opens-at',
      new Date(Date.now() + day).toISOString(),
      '--closes-at',
      new Date(Date.now() + 2 * day).toISOString(),
    ];
    for (const name of TRACKS) {
      const io = captureIo();
      const code = await main(
        [
          'freeze',
          'create',
          '--corpus',
          track[name].dir,
          '--trust-layer',
          devnet.info.trust_layer,
          '--api-key-file',
          keyFile,
          '--season-base',
          devnet.info.virtual_hosts.season,
          ...window,
          '--db',
          db,
          // The key the devnet's season host accepts freezes from (devnet/README.md).
          '--operator-key-file',
          devnet.info.operator_key_file as string,
          '--json',
        ],
        io,
      );
      expect(io.stderr).toBe('');
      expect(code).toBe(0);
      const { freeze } = JSON.parse(io.stdout) as { freeze: Record<string, unknown> };
      expect(freeze).toMatchObject({ season: 1, track: name, manifest_hash: manifests[name].manifest_hash });
    }
    expect(manifests.conformite.manifest_hash).not.toBe(manifests.generique.manifest_hash);
    for (const name of TRACKS) {
      const out = join(dir, `published-${name}.json`);
      const io = captureIo();
      expect(
        await main(['freeze', 'publish', '--season', '1', '--track', name, '--db', db, '--out', out, '--json'], io),
      ).toBe(0);
      const published = JSON.parse(readFileSync(out, 'utf8')) as {
        track: string;
        freezes: { track: string; manifest_hash: string }[];
      };
      expect(published.track).toBe(name);
      expect(published.freezes.map((f) => [f.track, f.manifest_hash])).toEqual([[name, manifests[name].manifest_hash]]);
    }
  });
});
