import { mkdtempSync, rmSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../main/core/hash/sha256.ts';
import { checkWrittenFiles } from '../../../main/services/close/staged-files.ts';

const dir = mkdtempSync(join(tmpdir(), 'proveit-staged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meant = (path: string, text: string) => {
  mkdirSync(join(dir, ...path.split('/').slice(0, -1)), { recursive: true });
  writeFileSync(join(dir, ...path.split('/')), text);
  return { path, sha256: sha256Hex(new TextEncoder().encode(text)) };
};

describe('the files a close staged are read back before it scores from them', () => {
  it('files holding what was written pass', async () => {
    const files = [meant('proofs/a.json', '{"a":1}'), meant('bundle.json', '{}')];
    expect(await checkWrittenFiles(dir, files)).toEqual({ ok: true, value: undefined });
  });

  it('a staged file the disk did not keep as written: CLOSE_STAGED_FILE_MISMATCH naming it and both digests', async () => {
    const file = meant('proofs/b.json', '{"b":1}');
    writeFileSync(join(dir, 'proofs', 'b.json'), '{"b":');
    const checked = await checkWrittenFiles(dir, [file]);
    expect(checked).toMatchObject({
      ok: false,
      error: {
        code: 'CLOSE_STAGED_FILE_MISMATCH',
        details: { path: 'proofs/b.json', written_sha256: file.sha256, sha256_now: sha256Hex(Buffer.from('{"b":')) },
      },
    });
  });

  it('a staged file gone: CLOSE_STAGED_FILE_MISMATCH, unreadable', async () => {
    const file = meant('proofs/c.json', '{"c":1}');
    unlinkSync(join(dir, 'proofs', 'c.json'));
    const checked = await checkWrittenFiles(dir, [file]);
    expect(checked).toMatchObject({
      ok: false,
      error: { code: 'CLOSE_STAGED_FILE_MISMATCH', details: { sha256_now: null } },
    });
    expect(!checked.ok && checked.error.message).toContain('unreadable');
  });
});
