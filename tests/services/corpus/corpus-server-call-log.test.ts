import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/open-database.ts';
import { startCorpusServer, type CorpusServer } from '../../../main/services/corpus/corpus-server.ts';

const DIR = fileURLToPath(new URL('../../../corpus/season-1/conformite', import.meta.url));
const SECRET = 'call-log-challenge-secret-7f3a9c';
const scratch = mkdtempSync(join(tmpdir(), 'corpus-call-log-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function get(server: CorpusServer, path: string, secret: string | null = SECRET): Promise<number> {
  const response = await fetch(`${server.url}${path}`, { headers: secret === null ? {} : { 'X-Challenge-Secret': secret } });
  await response.arrayBuffer();
  return response.status;
}

/** Every byte the log's folder holds (the SQLite file, its WAL and shared-memory files while open). */
function folderBytes(folder: string): Buffer {
  return Buffer.concat(readdirSync(folder).map((name) => readFileSync(join(folder, name))));
}

describe('the corpus call log persisted in a file', () => {
  it('survives a restart on the same file: the earlier calls are read back, new calls are appended after them', async () => {
    const file = join(scratch, 'restart', 'corpus-calls.sqlite');
    const first = await startCorpusServer({ corpusDir: DIR, secret: SECRET, callLogFile: file, now: () => new Date('2026-10-01T08:00:00Z') });
    expect([await get(first, '/referentiel'), await get(first, '/agrements/AGR-0001', null)]).toEqual([200, 403]);
    const before = first.calls();
    await first.close();

    const second = await startCorpusServer({ corpusDir: DIR, secret: SECRET, callLogFile: file, now: () => new Date('2026-10-02T09:00:00Z') });
    try {
      expect(second.calls()).toEqual(before);
      expect(await get(second, '/agrements/AGR-0001')).toBe(200);
      const host = new URL(second.url).host;
      expect(second.calls()).toEqual([
        { at: '2026-10-01T08:00:00.000Z', method: 'GET', path: '/referentiel', status: 200, secretPresent: true, host: new URL(first.url).host, track: 'conformite' },
        { at: '2026-10-01T08:00:00.000Z', method: 'GET', path: '/agrements/AGR-0001', status: 403, secretPresent: false, host: new URL(first.url).host, track: 'conformite' },
        { at: '2026-10-02T09:00:00.000Z', method: 'GET', path: '/agrements/AGR-0001', status: 200, secretPresent: true, host, track: 'conformite' },
      ]);
    } finally {
      await second.close();
    }
  });

  it('holds whether the right secret came, never the secret itself (nor a wrong one presented)', async () => {
    const folder = join(scratch, 'secret');
    const server = await startCorpusServer({ corpusDir: DIR, secret: SECRET, callLogFile: join(folder, 'calls.sqlite') });
    const wrong = 'presented-wrong-secret-41d2';
    try {
      expect([await get(server, '/referentiel'), await get(server, '/referentiel', wrong)]).toEqual([200, 403]);
      expect(server.calls().map((c) => c.secretPresent)).toEqual([true, false]);
      const open = folderBytes(folder);
      expect(open.length).toBeGreaterThan(0);
      expect(open.includes(SECRET)).toBe(false);
      expect(open.includes(wrong)).toBe(false);
    } finally {
      await server.close();
    }
    const closed = folderBytes(folder);
    expect(closed.includes('/referentiel')).toBe(true);
    expect(closed.includes(SECRET)).toBe(false);
    expect(closed.includes(wrong)).toBe(false);
  });

  it('refuses to start on a file that holds another database, naming the file', async () => {
    const file = join(scratch, 'operator.sqlite');
    openDatabase(file).close();
    await expect(startCorpusServer({ corpusDir: DIR, secret: SECRET, callLogFile: file })).rejects.toThrow(
      `corpus server: cannot open the call log ${file}`,
    );
  });
});
