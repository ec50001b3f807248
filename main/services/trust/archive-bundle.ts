import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fail, ok, type Result } from '../../core/result.ts';
import type { BundleCode, TrustBundle } from '../../core/trust/bundle.ts';
import { loadTrustBundle } from './load-bundle.ts';

export type ArchiveCode = BundleCode | 'BUNDLE_ARCHIVE_EXISTS' | 'BUNDLE_ARCHIVE_MISMATCH';

/**
 * Copies a bundle, byte for byte, into `destDir` (docs/trust-bundle.md "Digest and archive": a season archives the
 * bundle it was scored with): bundle.json and the files it names, nothing else. An archive that already holds other
 * bytes under one of those names is refused, never overwritten. The copy is loaded again and must have the same digest.
 * The operating system roots a `"system"` provider uses are not part of the folder and are not copied.
 */
export async function archiveTrustBundle(
  bundle: Pick<TrustBundle, 'digest' | 'files'>,
  sourceDir: string,
  destDir: string,
): Promise<Result<{ digest: string; files: string[] }, ArchiveCode>> {
  await mkdir(destDir, { recursive: true });
  for (const name of bundle.files) {
    const bytes = await readFile(join(sourceDir, name));
    const existing = await readFile(join(destDir, name)).catch(() => null);
    if (existing && !existing.equals(bytes)) {
      return fail(
        'BUNDLE_ARCHIVE_EXISTS',
        `${join(destDir, name)} already exists with other bytes; archive elsewhere`,
        {
          file: name,
        },
      );
    }
    if (!existing) await writeFile(join(destDir, name), bytes, { flag: 'wx' });
  }
  const copy = await loadTrustBundle(destDir);
  if (!copy.ok) return copy;
  if (copy.value.digest !== bundle.digest) {
    return fail('BUNDLE_ARCHIVE_MISMATCH', 'the archived bundle does not have the digest of the bundle it copies', {
      expected: bundle.digest,
      actual: copy.value.digest,
    });
  }
  return ok({ digest: copy.value.digest, files: copy.value.files });
}
