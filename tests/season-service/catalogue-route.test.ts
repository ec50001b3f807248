import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeManifest, requestHash } from '../../main/core/corpus/manifest.ts';
import type { TrackName } from '../../main/core/corpus/model.ts';
import { signFreezeDocument } from '../../main/core/freeze/operator-freeze.ts';
import { loads } from '../../main/core/json/loads.ts';
import { sha256Canonical } from '../../main/core/json/sha256-canonical.ts';
import { isPyObject, pyObjectFrom, type PyObject } from '../../main/core/json/value.ts';
import { openDatabase } from '../../main/db/open-database.ts';
import { seasonServiceMigrations } from '../../main/db/season-service/migrations.ts';
import { readCorpusTree } from '../../main/services/corpus/corpus-folder.ts';
import { loadOrCreateReceiptKey } from '../../season-service/receipt-key.ts';
import { loadSeasonMaterial, SeasonMaterialError } from '../../season-service/season-material.ts';
import { startSeasonService } from '../../season-service/server.ts';
import {
  CLOSES_AT,
  DURING,
  freezeDocument,
  OPENS_AT,
  postFreeze,
  SEASON_DIR,
  startTestService,
  TEST_OPERATOR,
  TestClock,
  type RunningService,
} from './support/season-fixture.ts';

const TRACK = 'conformite';
const TRACK_DIR = join(SEASON_DIR, TRACK);
const BEFORE = new Date(Date.parse(OPENS_AT) - 60_000);

/** What `proveit corpus manifest DIR` prints for the track folder: the manifest_hash `freeze create` anchors. */
let frozenManifestHash: string;
let dir: string;
let service: RunningService;
const clock = new TestClock(BEFORE);

let signed = 0;
/** The operator's freeze of a track as `freeze create` signs it, carrying the manifest_hash given. */
function freezeWith(track: string, manifestHash: string) {
  return signFreezeDocument(
    {
      ...(freezeDocument(track) as unknown as Parameters<typeof signFreezeDocument>[0]),
      manifest_hash: manifestHash,
      signed_at: new Date(Date.parse('2026-09-21T12:00:00.000Z') + signed++).toISOString(),
    },
    TEST_OPERATOR.privateKey,
  );
}

const catalogueOf = (url: string, track = TRACK, init: RequestInit = {}) =>
  fetch(`${url}/v1/season/1/catalogue/${track}`, init);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- refusals are checked field by field
const refusal = async (answer: Response): Promise<{ status: number; error: any; cache: string | null }> => ({
  status: answer.status,
  error: ((await answer.json()) as { error: unknown }).error,
  cache: answer.headers.get('cache-control'),
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-route-'));
  const manifest = computeManifest(await readCorpusTree(TRACK_DIR));
  if (!manifest.ok) throw new Error(manifest.error.message);
  frozenManifestHash = manifest.value.manifest_hash;
  service = await startTestService('http://127.0.0.1:1', { clock });
});

afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /v1/season/{n}/catalogue/{track}: the frozen catalogue (spec §2.4)', () => {
  it('before any freeze, and after it but before the opening, is refused with SEASON_NOT_OPEN (409) as the tasks are', async () => {
    const unfrozen = await refusal(await catalogueOf(service.url));
    expect(unfrozen).toMatchObject({ status: 409, error: { code: 'SEASON_NOT_OPEN' }, cache: 'no-store' });
    const frozen = await postFreeze(service, freezeWith(TRACK, frozenManifestHash));
    expect(frozen.status).toBe(200);
    const early = await refusal(await catalogueOf(service.url));
    expect(early).toMatchObject({ status: 409, error: { code: 'SEASON_NOT_OPEN' } });
    expect(early.error.message).toContain(`track ${TRACK}'s catalogue`);
    clock.current = new Date(Date.parse(OPENS_AT) - 1);
    expect((await catalogueOf(service.url)).status).toBe(409);
    clock.current = new Date(OPENS_AT);
    expect((await catalogueOf(service.url)).status).toBe(200);
  });

  it("a participant reads the catalogue and its canonical URLs hash to the manifest's request hashes, and the manifest to the freeze's manifest_hash", async () => {
    clock.current = DURING;
    const answer = await catalogueOf(service.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const text = await answer.text();
    const served = loads(new TextEncoder().encode(text));
    if (!served.ok || !isPyObject(served.value)) throw new Error('the catalogue is not a JSON object');
    const doc = served.value;
    expect(Object.keys(doc).sort()).toEqual(['base', 'manifest_hash', 'resources', 'system', 'tasks_hash']);
    const base = doc['base'] as string;
    const season = JSON.parse(readFileSync(join(TRACK_DIR, 'season.json'), 'utf8')) as { base: string };
    expect(base).toBe(season.base);
    // Every resource of catalogue.json, its URL base + path character for character, its request hash recomputed.
    const onDisk = JSON.parse(readFileSync(join(TRACK_DIR, 'catalogue.json'), 'utf8')) as {
      resources: { path: string; method: string }[];
    };
    const resources = doc['resources'] as PyObject[];
    expect(resources.map((r) => r['path']).sort()).toEqual(onDisk.resources.map((r) => r.path).sort());
    for (const r of resources) {
      expect(r['target']).toBe(`${base}${r['path'] as string}`);
      expect(r['request_hash']).toBe(
        requestHash(r['target'] as string, r['method'] as string, r['payload'] as PyObject),
      );
    }
    // The same hash written out by hand, as a participant without this code computes it (spec §2.4: amount 0.0).
    const first = resources[0]!;
    expect(Object.keys(first['payload'] as PyObject)).toEqual([]);
    const byHand = `{"amount":0.0,"currency":"eur","method":"${first['method'] as string}","payload":{},"target":"${first['target'] as string}"}`;
    expect(first['request_hash']).toBe(createHash('sha256').update(byHand).digest('hex'));
    // manifest_hash = sha256(canonical({base, resources, system, tasks_hash})), and it is the freeze's.
    const body = pyObjectFrom(Object.entries(doc).filter(([key]) => key !== 'manifest_hash'));
    expect(sha256Canonical(body)).toBe(doc['manifest_hash']);
    expect(doc['manifest_hash']).toBe(frozenManifestHash);
    // The served bytes are canonical: without its manifest_hash member they are exactly what that hash covers.
    const withoutHash = text.replace(`"manifest_hash":"${frozenManifestHash}",`, '');
    expect(createHash('sha256').update(withoutHash).digest('hex')).toBe(frozenManifestHash);
  });

  it('two requests get the same bytes, with their SHA-256 as ETag and no-cache; If-None-Match answers 304 without a body', async () => {
    const one = await catalogueOf(service.url);
    const two = await catalogueOf(service.url);
    const [a, b] = [Buffer.from(await one.arrayBuffer()), Buffer.from(await two.arrayBuffer())];
    expect(a.equals(b)).toBe(true);
    const etag = `"${createHash('sha256').update(a).digest('hex')}"`;
    expect([one.headers.get('etag'), two.headers.get('etag')]).toEqual([etag, etag]);
    expect(one.headers.get('cache-control')).toBe('no-cache');
    const again = await catalogueOf(service.url, TRACK, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const stale = await catalogueOf(service.url, TRACK, { headers: { 'If-None-Match': `"${'0'.repeat(64)}"` } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('the catalogue stays readable after the close', async () => {
    clock.current = new Date(CLOSES_AT);
    const answer = await catalogueOf(service.url);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    clock.current = DURING;
  });

  it('the served document holds URLs, methods, payloads and hashes only: nothing of sealed/ (no key, no salt, no task graph)', async () => {
    const doc = (await (await catalogueOf(service.url)).json()) as {
      base: string;
      resources: Record<string, unknown>[];
      system: Record<string, string>;
      tasks_hash: string;
    };
    const hex64 = /^[0-9a-f]{64}$/;
    for (const r of doc.resources) {
      expect(Object.keys(r).sort()).toEqual(['method', 'path', 'payload', 'request_hash', 'response_hash', 'target']);
      expect(r['method']).toBe('GET');
      expect(r['payload']).toEqual({});
      expect([r['request_hash'], r['response_hash']].every((h) => hex64.test(h as string))).toBe(true);
    }
    expect(Object.keys(doc.system).sort()).toEqual(['400', '403', '404', '503']);
    expect(Object.values(doc.system).every((h) => hex64.test(h))).toBe(true);
    expect(hex64.test(doc.tasks_hash)).toBe(true);
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/sealed|answer-key|salt|verdict|grounding/);
  });

  it('a track folder whose sealed/ is gone gives the same catalogue bytes: the service never reads it', async () => {
    // A track folder alone is a season of that one track (season-material.ts).
    const copy = join(dir, 'no-sealed');
    cpSync(TRACK_DIR, copy, { recursive: true });
    rmSync(join(copy, 'sealed'), { recursive: true, force: true });
    const material = await loadSeasonMaterial(copy);
    const served = Buffer.from(await (await catalogueOf(service.url)).arrayBuffer());
    expect(material.tracks.get(TRACK)!.catalogue!.bytes.equals(served)).toBe(true);
  });

  it('a catalogue naming a response file inside sealed/ stops the service at start, naming the file', async () => {
    const copy = join(dir, 'sealed-response');
    cpSync(TRACK_DIR, copy, { recursive: true });
    const file = join(copy, 'catalogue.json');
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { resources: { response: string }[] };
    catalogue.resources[0]!.response = 'sealed/answer-key.json';
    writeFileSync(file, JSON.stringify(catalogue));
    const loading = loadSeasonMaterial(copy);
    await expect(loading).rejects.toBeInstanceOf(SeasonMaterialError);
    await expect(loading).rejects.toThrow(/'sealed\/answer-key\.json'/);
  });

  it('an unknown track is 404 CATALOGUE_TRACK_UNKNOWN naming the tracks; a catalogue path without a track is 404 NOT_FOUND listing the route', async () => {
    const unknown = await refusal(await catalogueOf(service.url, 'financier'));
    expect(unknown).toMatchObject({ status: 404, error: { code: 'CATALOGUE_TRACK_UNKNOWN' } });
    expect(unknown.error.message).toContain('conformite, generique');
    const bare = await refusal(await fetch(`${service.url}/v1/season/1/catalogue`));
    expect(bare).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
    expect(bare.error.message).toContain('GET /v1/season/{n}/catalogue/{track}');
    const trailing = await refusal(await fetch(`${service.url}/v1/season/1/tasks/${TRACK}`));
    expect(trailing).toMatchObject({ status: 404, error: { code: 'NOT_FOUND' } });
    const otherSeason = await refusal(await fetch(`${service.url}/v1/season/2/catalogue/${TRACK}`));
    expect(otherSeason).toMatchObject({ status: 404, error: { code: 'SEASON_UNKNOWN' } });
  });

  it('another method is 405 METHOD_NOT_ALLOWED with Allow: GET', async () => {
    const answer = await catalogueOf(service.url, TRACK, { method: 'POST', body: '{}' });
    expect(answer.headers.get('allow')).toBe('GET');
    expect(await refusal(answer)).toMatchObject({ status: 405, error: { code: 'METHOD_NOT_ALLOWED' } });
  });
});

describe('a catalogue no freeze covers is never served', () => {
  it('a freeze in force with another manifest_hash: 409 CATALOGUE_FREEZE_MISMATCH naming both hashes, no catalogue byte', async () => {
    const other = await startTestService('http://127.0.0.1:1', { clock: new TestClock(BEFORE) });
    try {
      // The fixture's freeze anchors a manifest_hash of "b"s: not the folder the service was started on.
      expect((await postFreeze(other, freezeDocument(TRACK))).status).toBe(200);
      other.clock.current = DURING;
      const answer = await catalogueOf(other.url);
      expect(answer.headers.get('etag')).toBeNull();
      const refused = await refusal(answer);
      expect(refused).toMatchObject({
        status: 409,
        cache: 'no-store',
        error: {
          code: 'CATALOGUE_FREEZE_MISMATCH',
          manifest_hash: frozenManifestHash,
          frozen_manifest_hash: 'b'.repeat(64),
        },
      });
      expect(refused.error.message).toContain('proveit corpus manifest');
      expect(JSON.stringify(refused.error)).not.toContain('"resources"');
    } finally {
      await other.stop();
    }
  });

  it('a season folder with no catalogue.json: the service starts, and the route answers 503 CATALOGUE_NOT_LOADED once open', async () => {
    const folder = join(dir, 'tasks-only');
    for (const track of ['conformite', 'generique']) {
      cpSync(join(SEASON_DIR, track, 'season.json'), join(folder, track, 'season.json'));
      cpSync(join(SEASON_DIR, track, 'tasks.json'), join(folder, track, 'tasks.json'));
    }
    const material = await loadSeasonMaterial(folder);
    const db = openDatabase(join(dir, 'tasks-only.sqlite'), { migrations: seasonServiceMigrations });
    const tasksOnly = await startSeasonService({
      host: '127.0.0.1',
      port: 0,
      db,
      material,
      identity: () => Promise.reject(new Error('nothing enrolls here')),
      operatorToken: randomBytes(32).toString('base64url'),
      challengeSecret: 'challenge-secret-of-this-test',
      operatorPublicKey: TEST_OPERATOR.publicKeyHex,
      receiptSigner: loadOrCreateReceiptKey(join(dir, 'tasks-only-receipt.pem')),
      now: () => DURING,
      requestLog: null,
    });
    try {
      const service = { url: tasksOnly.url, challengeSecret: 'challenge-secret-of-this-test' };
      expect((await postFreeze(service, freezeWith(TRACK as TrackName, frozenManifestHash))).status).toBe(200);
      const refused = await refusal(await catalogueOf(tasksOnly.url));
      expect(refused).toMatchObject({ status: 503, error: { code: 'CATALOGUE_NOT_LOADED' } });
      expect(refused.error.message).toContain('--season-dir');
    } finally {
      await tasksOnly.close();
      db.close();
    }
  });
});
