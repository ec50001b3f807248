import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCorpusServer, type CorpusServer } from '../../../main/services/corpus/corpus-server.ts';

const DIR = fileURLToPath(new URL('../../../corpus/season-1/conformite', import.meta.url));
const SECRET = 'test-challenge-secret';
const file = (relative: string) => readFileSync(`${DIR}/${relative}`);
const catalogue = JSON.parse(file('catalogue.json').toString('utf8')) as {
  resources: { path: string; response: string }[];
};
const absent = catalogue.resources.find((r) => file(r.response).toString('utf8').includes('"exists": false'));
const present = catalogue.resources.find((r) => r.path.startsWith('/entites/'));

let server: CorpusServer;
const at = new Date('2026-10-01T08:00:00Z');

beforeAll(async () => {
  server = await startCorpusServer({ corpusDir: DIR, secret: SECRET, now: () => at });
});
afterAll(async () => {
  await server.close();
});

async function call(path: string, init: RequestInit = {}, secret: string | null = SECRET) {
  const headers = new Headers(init.headers);
  if (secret !== null) headers.set('X-Challenge-Secret', secret);
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** One GET with the request target sent exactly as written (fetch would resolve dot segments and re-encode). */
function rawGet(target: string): Promise<{ status: number; bytes: Buffer }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: target, headers: { 'X-Challenge-Secret': SECRET } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The absence body as the generator writes its files: two-space indented UTF-8, one final newline. */
const absenceFile = (path: string, message: string) =>
  `{\n  "resource": "${path}",\n  "exists": false,\n  "existe": false,\n  "message": "${message}"\n}\n`;
const inCatalogue = (path: string) => catalogue.resources.some((r) => r.path === path);

describe('corpus server over real HTTP', () => {
  it('binds 127.0.0.1 on a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves the frozen bytes of a catalogue resource exactly, GET and POST alike', async () => {
    const path = present?.path as string;
    const expected = file(present?.response as string);
    const get = await call(path);
    const post = await call(path, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(get.status).toBe(200);
    expect(get.bytes.equals(expected)).toBe(true);
    expect(post.status).toBe(200);
    expect(post.bytes.equals(expected)).toBe(true);
  });

  it('every response forbids caching and says JSON', async () => {
    for (const response of [await call(present?.path as string), await call('/nowhere'), await call('/referentiel', {}, null)]) {
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.get('pragma')).toBe('no-cache');
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
  });

  it('without the secret, or with a wrong one: 403 and the /_systeme/403 body, even on a real resource', async () => {
    for (const secret of [null, 'wrong', SECRET.toUpperCase(), SECRET.slice(1)]) {
      const response = await call('/referentiel', {}, secret);
      expect(response.status).toBe(403);
      expect(response.bytes.equals(file('systeme/403.json'))).toBe(true);
    }
  });

  it('a reference absent from its collection: 200 with its exists:false body', async () => {
    const response = await call(absent?.path as string);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.bytes.toString('utf8'))).toMatchObject({ resource: absent?.path, exists: false });
  });

  it('a reference absent from the catalogue but inside a collection (/agrements/AGR-0001): 200 and the body the generator writes for an absent reference, byte for byte, GET and POST alike', async () => {
    expect(inCatalogue('/agrements/AGR-0001')).toBe(false);
    const expected = absenceFile('/agrements/AGR-0001', 'Aucun agrément AGR-0001 au registre des agréments.');
    const get = await call('/agrements/AGR-0001');
    const post = await call('/agrements/AGR-0001', { method: 'POST', body: '{}' });
    for (const response of [get, post]) {
      expect(response.status).toBe(200);
      expect(response.bytes.toString('utf8')).toBe(expected);
      expect(response.headers.get('cache-control')).toContain('no-store');
    }
  });

  it('the same absence body for the same path on every call, and a page past the end of a paged list is absent too', async () => {
    const siren = (present?.path as string).slice('/entites/'.length);
    const cases = [
      ['/attestations/ATT-00001', 'Aucune attestation ATT-00001 au registre des attestations.'],
      ['/mesures-restrictives/page-40', 'Aucune page 40 à la liste des mesures restrictives.'],
      [`/beneficiaires/${siren}/page-9`, `Aucune page 9 à la déclaration des bénéficiaires effectifs de l'entité ${siren}.`],
    ];
    for (const [path, message] of cases) {
      expect(inCatalogue(path as string)).toBe(false);
      const [first, second] = [await call(path as string), await call(path as string)];
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(first.bytes.toString('utf8')).toBe(absenceFile(path as string, message as string));
      expect(second.bytes.equals(first.bytes)).toBe(true);
    }
  });

  it('an absent reference is still refused without the secret (403) and with a query string (400)', async () => {
    const denied = await call('/agrements/AGR-0001', {}, null);
    const query = await call('/agrements/AGR-0001?x=1');
    expect(denied.status).toBe(403);
    expect(denied.bytes.equals(file('systeme/403.json'))).toBe(true);
    expect(query.status).toBe(400);
    expect(query.bytes.equals(file('systeme/400.json'))).toBe(true);
  });

  it('outside the collections, or a non-canonical spelling: 404 and the fixed /_systeme/404 body', async () => {
    for (const path of ['/nowhere', `${present?.path}/`, '/entites/', '/ENTITES/x']) {
      const response = await call(path);
      expect(response.status).toBe(404);
      expect(response.bytes.equals(file('systeme/404.json'))).toBe(true);
    }
  });

  it('a path that is no reference of its collection is outside every collection (404): trailing slash, deeper path, dot segments, percent-encoding, another collection’s identifier, /_systeme/, the bare collection', async () => {
    for (const target of [
      '/agrements/AGR-0001/',
      '/agrements/AGR-0001/avenants',
      '/agrements/../agrements/AGR-0001',
      '/agrements/./AGR-0001',
      '/agrements/%41GR-0001',
      '/agrements%2FAGR-0001',
      '/agrements/AGR%2D0001',
      '//agrements/AGR-0001',
      '/agrements/ATT-00001',
      '/attestations/AGR-0001',
      '/produits/SIE-0000',
      '/_systeme/404',
      '/_systeme/AGR-0001',
      '/agrements/',
      '/agrements',
      '/referentiel/AGR-0001',
    ]) {
      const response = await rawGet(target);
      expect(response.status, target).toBe(404);
      expect(response.bytes.equals(file('systeme/404.json')), target).toBe(true);
    }
  });

  it('a query string or another method: 400 and the /_systeme/400 body', async () => {
    const query = await call(`${present?.path}?page=2`);
    const put = await call(present?.path as string, { method: 'PUT', body: '{}' });
    for (const response of [query, put]) {
      expect(response.status).toBe(400);
      expect(response.bytes.equals(file('systeme/400.json'))).toBe(true);
    }
  });

  it('an oversized POST payload: 400 and the /_systeme/400 body, the server still answers afterwards', async () => {
    const big = await call(present?.path as string, { method: 'POST', body: 'x'.repeat(200_000) });
    expect(big.status).toBe(400);
    expect(big.bytes.equals(file('systeme/400.json'))).toBe(true);
    expect((await call(present?.path as string)).status).toBe(200);
  });

  it('set unavailable: 503 and the /_systeme/503 body for everyone, until set back', async () => {
    server.setUnavailable(true);
    const down = await call(present?.path as string);
    server.setUnavailable(false);
    const up = await call(present?.path as string);
    expect(down.status).toBe(503);
    expect(down.bytes.equals(file('systeme/503.json'))).toBe(true);
    expect(up.status).toBe(200);
  });

  it('logs every call with method, path, status and whether the right secret came', async () => {
    const before = server.calls().length;
    await call('/referentiel');
    await call('/referentiel', { method: 'POST', body: '{}' }, 'wrong');
    const calls = server.calls().slice(before);
    const host = new URL(server.url).host;
    expect(calls).toEqual([
      { at: at.toISOString(), method: 'GET', path: '/referentiel', status: 200, secretPresent: true, host, track: 'conformite' },
      { at: at.toISOString(), method: 'POST', path: '/referentiel', status: 403, secretPresent: false, host, track: 'conformite' },
    ]);
  });

  it('one track served: it answers whatever the Host, and lists that track with its base', async () => {
    expect(server.tracks).toEqual([
      { track: 'conformite', season: 1, base: 'http://conformite.corpus.devnet.localhost', host: 'conformite.corpus.devnet.localhost', dir: DIR },
    ]);
    expect((await call('/referentiel')).status).toBe(200);
  });

  it('refuses to start on a folder that is not a track folder', async () => {
    const empty = fileURLToPath(new URL('.', import.meta.url));
    await expect(startCorpusServer({ corpusDir: empty, secret: SECRET })).rejects.toThrow(/not a servable track folder/);
  });
});
