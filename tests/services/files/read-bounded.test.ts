import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_LIMITS, readBoundedFile, readBoundedFileSync } from '../../../main/services/files/read-bounded.ts';

const dir = mkdtempSync(join(tmpdir(), 'read-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(name: string, size: number): string {
  const path = join(dir, name);
  writeFileSync(path, Buffer.alloc(size, 0x20));
  return path;
}

const MiB = 1024 * 1024;
const readers = [
  ['readBoundedFile', readBoundedFile],
  ['readBoundedFileSync', async (...a: Parameters<typeof readBoundedFileSync>) => readBoundedFileSync(...a)],
] as const;

describe.each(readers)('%s', (_name, read) => {
  it('a document one byte over the limit is refused with FILE_TOO_LARGE naming the file, its size and the limit', async () => {
    const path = fileOf(`over-${_name}`, FILE_LIMITS.document + 1);
    const r = await read(path, { what: 'the receipt', kind: 'document' });
    expect(r).toMatchObject({
      ok: false,
      error: {
        code: 'FILE_TOO_LARGE',
        details: { file: path, size: FILE_LIMITS.document + 1, limit: FILE_LIMITS.document },
      },
    });
    expect(!r.ok && r.error.message).toContain(`the receipt ${path} is ${FILE_LIMITS.document + 1} bytes`);
  });

  it('a document exactly at the limit is read whole', async () => {
    const path = fileOf(`at-${_name}`, FILE_LIMITS.document);
    const r = await read(path, { what: 'the receipt', kind: 'document' });
    expect(r.ok && r.value.length).toBe(FILE_LIMITS.document);
  });

  it('/dev/zero is refused with FILE_NOT_REGULAR without being read: the process does not grow', async () => {
    const before = process.memoryUsage().rss;
    const r = await read('/dev/zero', { what: 'the receipt', kind: 'backup' });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'FILE_NOT_REGULAR', details: { file: '/dev/zero', type: 'a character device' } },
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * MiB);
  });

  it('a folder is refused with FILE_NOT_REGULAR; a missing file is FILE_UNREADABLE with its errno', async () => {
    const folder = join(dir, `folder-${_name}`);
    mkdirSync(folder);
    expect(await read(folder, { what: 'the key file', kind: 'key' })).toMatchObject({
      ok: false,
      error: { code: 'FILE_NOT_REGULAR', details: { type: 'a folder' } },
    });
    expect(await read(join(dir, 'absent'), { what: 'the key file', kind: 'key' })).toMatchObject({
      ok: false,
      error: { code: 'FILE_UNREADABLE', details: { errno: 'ENOENT' } },
    });
  });

  it('a tighter maxBytes applies in place of the kind’s limit', async () => {
    const path = fileOf(`small-${_name}`, 11);
    expect(await read(path, { what: 'the secret', kind: 'secret', maxBytes: 10 })).toMatchObject({
      ok: false,
      error: { code: 'FILE_TOO_LARGE', details: { size: 11, limit: 10 } },
    });
    expect((await read(path, { what: 'the secret', kind: 'secret', maxBytes: 11 })).ok).toBe(true);
  });
});
