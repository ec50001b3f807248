import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCorpusTree, writeCorpusTree } from '../../../main/services/corpus/corpus-folder.ts';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'proveit-corpus-'));
  made.push(dir);
  return dir;
}

describe('corpus folder', () => {
  it('writes a tree and reads back the same bytes under the same POSIX paths', async () => {
    const dir = await tempDir();
    const tree = new Map([
      ['season.json', new TextEncoder().encode('{"a": "b"}\n')],
      ['responses/entites/1.json', new Uint8Array([0x7b, 0x7d, 0xff])],
    ]);
    expect(await writeCorpusTree(join(dir, 'out'), tree)).toEqual({ ok: true });
    const back = await readCorpusTree(join(dir, 'out'));
    expect([...back.keys()].sort()).toEqual(['responses/entites/1.json', 'season.json']);
    expect(Buffer.from(back.get('responses/entites/1.json') as Uint8Array)).toEqual(Buffer.from([0x7b, 0x7d, 0xff]));
  });

  it('never writes into a non-empty folder: a season is written once', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'existing.json'), '{}');
    const result = await writeCorpusTree(dir, new Map([['season.json', new Uint8Array([1])]]));
    expect(result.ok).toBe(false);
  });
});
