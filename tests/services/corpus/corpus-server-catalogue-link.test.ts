import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCorpusServer, type CorpusServer } from '../../../main/services/corpus/corpus-server.ts';

const SEASON = fileURLToPath(new URL('../../../corpus/season-1', import.meta.url));
const SECRET = 'catalogue-link-secret';
const SEASON_SERVICE = 'https://proveit.example.org/';
const HOSTS = { conformite: 'conformite.corpus.devnet.localhost', generique: 'generique.corpus.devnet.localhost' };

let linked: CorpusServer;
let plain: CorpusServer;

beforeAll(async () => {
  linked = await startCorpusServer({ corpusDir: SEASON, secret: SECRET, seasonService: SEASON_SERVICE });
  plain = await startCorpusServer({ corpusDir: SEASON, secret: SECRET });
});
afterAll(async () => {
  await linked.close();
  await plain.close();
});

/** One GET with the Host header given (fetch does not let a caller set Host). */
function get(
  server: CorpusServer,
  host: string,
  path: string,
): Promise<{ status: number; link: string | undefined; bytes: Buffer }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, headers: { Host: host, 'X-Challenge-Secret': SECRET } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const link = res.headers['link'];
          resolve({ status: res.statusCode ?? 0, link: typeof link === 'string' ? link : undefined, bytes: Buffer.concat(chunks) });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the corpus 404 names where the canonical URLs are published (spec §2.4)', () => {
  it("a path outside the collections gets the frozen /_systeme/404 bytes unchanged and a Link to its track's catalogue route", async () => {
    for (const track of ['conformite', 'generique'] as const) {
      const answer = await get(linked, HOSTS[track], '/nulle-part');
      expect(answer.status).toBe(404);
      // The body is hashed in the manifest (system["404"]): the route is named in a header, the frozen file untouched.
      expect(answer.bytes.equals(readFileSync(join(SEASON, track, 'systeme', '404.json')))).toBe(true);
      expect(answer.link).toBe(`<https://proveit.example.org/v1/season/1/catalogue/${track}>; rel="describedby"`);
    }
  });

  it('a catalogue resource carries no Link, and without a season service no 404 carries one', async () => {
    const catalogue = JSON.parse(readFileSync(join(SEASON, 'conformite', 'catalogue.json'), 'utf8')) as {
      resources: { path: string }[];
    };
    const found = await get(linked, HOSTS.conformite, catalogue.resources[0]!.path);
    expect([found.status, found.link]).toEqual([200, undefined]);
    const unlinked = await get(plain, HOSTS.conformite, '/nulle-part');
    expect([unlinked.status, unlinked.link]).toEqual([404, undefined]);
  });

  it('a season service a Link header cannot carry (a line break, a query, another scheme) is refused at start', async () => {
    for (const seasonService of ['https://proveit.example.org/\r\nX-Evil: 1', 'https://a.example/?x=1', 'ftp://a.example']) {
      await expect(startCorpusServer({ corpusDir: SEASON, secret: SECRET, seasonService })).rejects.toThrow(
        /season service/,
      );
    }
  });
});
