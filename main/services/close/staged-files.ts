import { readFile } from 'node:fs/promises';
import { sha256Hex } from '../../core/hash/sha256.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { inBundle } from './bundle-layout.ts';

/** A file a close wrote, relative to the folder it wrote it in, with the SHA-256 of the bytes it meant to write. */
export interface WrittenFile {
  path: string;
  sha256: string;
}

/**
 * Reads back every file a close staged and compares it with what was meant (docs/operator-database.md "Stored bytes
 * digests"): the close scores from these files, so a write the disk did not keep (a short write, a full disk, a bad
 * sector) is refused, never scored.
 */
export async function checkWrittenFiles(dir: string, files: readonly WrittenFile[]): Promise<Result<void>> {
  for (const file of files) {
    const bytes = await readFile(inBundle(dir, file.path)).catch(() => null);
    const now = bytes === null ? null : sha256Hex(bytes);
    if (now !== file.sha256) {
      return fail(
        'CLOSE_STAGED_FILE_MISMATCH',
        `${file.path} in ${dir} does not hold what the close wrote (SHA-256 ${now ?? 'unreadable'}, written ${file.sha256}): the disk did not keep the write; check the disk and its free space, then run the close again`,
        { path: file.path, dir, written_sha256: file.sha256, sha256_now: now },
      );
    }
  }
  return ok(undefined);
}
