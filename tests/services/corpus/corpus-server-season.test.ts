import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCorpusServer, type CorpusServer } from '../../../main/services/corpus/corpus-server.ts';

const SEASON = fileURLToPath(new URL('../../../corpus/season-1', import.meta.url));
const SECRET = 'season-challenge-secret';
const CONFORMITE = 'conformite.corpus.devnet.localhost';
const GENERIQUE = 'generique.corpus.devnet.localhost';
const file = (track: string, relative: string) => readFileSync(join(SEASON, track, relative));

let server: CorpusServer;
const scratch = mkdtempSync(join(tmpdir(), 'corpus-season-'));
const at = new Date('2026-10-01T08:00:00Z');

beforeAll(async () => {
  server = await startCorpusServer({ corpusDir: SEASON, secret: SECRET, now: () => at });
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** One request with the Host header given (fetch does not let a caller set Host); null sends none at all. */
function call(
  host: string | null,
  path: string,
  options: { secret?: string | null; method?: string } = {},
): Promise<{ status: number; contentType: string | undefined; bytes: Buffer }> {
  const url = new URL(server.url);
  const secret = options.secret === undefined ? SECRET : options.secret;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? 'GET',
        setHost: host !== null,
        headers: { ...(host !== null ? { Host: host } : {}), ...(secret !== null ? { 'X-Challenge-Secret': secret } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Every number of a JSON value, by pointer (the response contract admits none). */
function numbersIn(value: unknown, pointer = ''): string[] {
  if (typeof value === 'number') return [pointer];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, `${pointer}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${pointer}/${k}`));
  return [];
}

describe('one corpus server serves every track of a season at once', () => {
  it('lists both tracks of season 1, each with a base of its own', () => {
    expect(server.tracks.map(({ track, season, base, host }) => ({ track, season, base, host }))).toEqual([
      { track: 'conformite', season: 1, base: `http://${CONFORMITE}`, host: CONFORMITE },
      { track: 'generique', season: 1, base: `http://${GENERIQUE}`, host: GENERIQUE },
    ]);
  });

  it('/referentiel on each track host serves that track’s frozen bytes, and the two differ', async () => {
    const conformite = await call(CONFORMITE, '/referentiel');
    const generique = await call(GENERIQUE, '/referentiel');
    expect([conformite.status, generique.status]).toEqual([200, 200]);
    expect(conformite.bytes.equals(file('conformite', 'responses/referentiel.json'))).toBe(true);
    expect(generique.bytes.equals(file('generique', 'responses/referentiel.json'))).toBe(true);
    expect(conformite.bytes.equals(generique.bytes)).toBe(false);
  });

  it('routes on the host name alone: any letter case, with or without a port', async () => {
    for (const host of ['GENERIQUE.corpus.devnet.localhost', `${GENERIQUE}:80`, `${GENERIQUE}:8703`]) {
      const answer = await call(host, '/referentiel');
      expect(answer.bytes.equals(file('generique', 'responses/referentiel.json')), host).toBe(true);
    }
  });

  it('a path of one track asked on the other track’s host is outside that catalogue: 404 and its /_systeme/404 body', async () => {
    const entity = (JSON.parse(file('conformite', 'catalogue.json').toString('utf8')) as { resources: { path: string }[] }).resources.find((r) =>
      r.path.startsWith('/entites/'),
    )?.path as string;
    expect((await call(CONFORMITE, entity)).status).toBe(200);
    const elsewhere = await call(GENERIQUE, entity);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.bytes.equals(file('generique', 'systeme/404.json'))).toBe(true);
  });

  it('a reference absent from a collection of the track asked (/produits/SIE-0000 on generique): 200 and its absence body; the same path on the other track’s host is outside its collections: 404', async () => {
    const absent = await call(GENERIQUE, '/produits/SIE-0000');
    expect(absent.status).toBe(200);
    expect(JSON.parse(absent.bytes.toString('utf8'))).toEqual({
      resource: '/produits/SIE-0000',
      exists: false,
      existe: false,
      message: 'Aucune fiche produit SIE-0000 au catalogue.',
    });
    const elsewhere = await call(CONFORMITE, '/produits/SIE-0000');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.bytes.equals(file('conformite', 'systeme/404.json'))).toBe(true);
    expect((await call(GENERIQUE, '/agrements/AGR-0001')).status).toBe(404);
    expect((await call(CONFORMITE, '/agrements/AGR-0001')).status).toBe(200);
  });

  it('without the secret each host answers 403 with its own track’s /_systeme/403 body', async () => {
    for (const [host, track] of [
      [CONFORMITE, 'conformite'],
      [GENERIQUE, 'generique'],
    ] as const) {
      const denied = await call(host, '/referentiel', { secret: null });
      expect(denied.status).toBe(403);
      expect(denied.bytes.equals(file(track, 'systeme/403.json'))).toBe(true);
    }
  });

  it('a host that names no track (the old shared host, the loopback address, none at all): 421 with a fixed JSON body listing the bases', async () => {
    for (const host of ['corpus.devnet.localhost', new URL(server.url).host, 'conformite.corpus.devnet.localhost.evil', null]) {
      const refused = await call(host, '/referentiel');
      expect(refused.status, String(host)).toBe(421);
      expect(refused.contentType).toBe('application/json; charset=utf-8');
      const body = JSON.parse(refused.bytes.toString('utf8')) as Record<string, unknown>;
      expect(body).toMatchObject({ resource: '/_systeme/421', erreur: 'hote_inconnu', bases: [`http://${CONFORMITE}`, `http://${GENERIQUE}`] });
      expect(numbersIn(body)).toEqual([]);
    }
    // Without the secret too: no track, so no track's 403 body either.
    expect((await call('corpus.devnet.localhost', '/referentiel', { secret: null })).status).toBe(421);
  });

  it('one track set unavailable answers its 503 body; the other track still serves', async () => {
    server.setUnavailable(true, 'generique');
    const down = await call(GENERIQUE, '/referentiel');
    const up = await call(CONFORMITE, '/referentiel');
    server.setUnavailable(false, 'generique');
    expect(down.status).toBe(503);
    expect(down.bytes.equals(file('generique', 'systeme/503.json'))).toBe(true);
    expect(up.status).toBe(200);
    expect((await call(GENERIQUE, '/referentiel')).status).toBe(200);
    server.setUnavailable(true);
    const both = [await call(CONFORMITE, '/referentiel'), await call(GENERIQUE, '/referentiel')];
    server.setUnavailable(false);
    expect(both.map((a) => a.status)).toEqual([503, 503]);
    expect(() => server.setUnavailable(true, 'autre')).toThrow(/no track 'autre'/);
  });

  it('logs the Host received and the track that answered (null for a host that names none)', async () => {
    const before = server.calls().length;
    await call(GENERIQUE, '/referentiel');
    await call('nowhere.localhost', '/referentiel');
    expect(server.calls().slice(before)).toEqual([
      { at: at.toISOString(), method: 'GET', path: '/referentiel', status: 200, secretPresent: true, host: GENERIQUE, track: 'generique' },
      { at: at.toISOString(), method: 'GET', path: '/referentiel', status: 421, secretPresent: true, host: 'nowhere.localhost', track: null },
    ]);
  });
});

describe('a season folder that cannot be served at once', () => {
  function seasonCopy(name: string, edit: (track: string, season: Record<string, unknown>) => void): string {
    const dir = join(scratch, name);
    for (const track of ['conformite', 'generique']) {
      cpSync(join(SEASON, track), join(dir, track), { recursive: true });
      const seasonFile = join(dir, track, 'season.json');
      const season = JSON.parse(readFileSync(seasonFile, 'utf8')) as Record<string, unknown>;
      edit(track, season);
      writeFileSync(seasonFile, JSON.stringify(season, null, 2));
    }
    return dir;
  }

  it('two tracks on one host are refused with CORPUS_BASE_SHARED: their /referentiel would collide', async () => {
    const shared = seasonCopy('shared', (_, season) => {
      season['base'] = 'http://corpus.devnet.localhost';
    });
    await expect(startCorpusServer({ corpusDir: shared, secret: SECRET })).rejects.toThrow(/CORPUS_BASE_SHARED.*share the host corpus\.devnet\.localhost/);
  });

  it('tracks of two seasons are refused with CORPUS_SEASON_TRACKS_MIXED', async () => {
    const mixed = seasonCopy('mixed', (track, season) => {
      if (track === 'generique') season['season'] = 2;
    });
    await expect(startCorpusServer({ corpusDir: mixed, secret: SECRET })).rejects.toThrow(/CORPUS_SEASON_TRACKS_MIXED/);
  });

  it('a folder with no track folder in it is refused, and so is one that does not exist', async () => {
    await expect(startCorpusServer({ corpusDir: scratch, secret: SECRET })).rejects.toThrow(/not a servable track folder/);
    await expect(startCorpusServer({ corpusDir: join(scratch, 'absent'), secret: SECRET })).rejects.toThrow(/cannot read/);
  });
});
