import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TrustBundle } from '../../../main/core/trust/bundle.ts';
import { archiveTrustBundle } from '../../../main/services/trust/archive-bundle.ts';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';

const work = mkdtempSync(join(tmpdir(), 'bundle-archive-'));
afterAll(() => rmSync(work, { recursive: true }));

async function production(): Promise<TrustBundle> {
  const loaded = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
  if (!loaded.ok) throw new Error(loaded.error.message);
  return loaded.value;
}

describe('archiving a trust bundle', () => {
  it('copies bundle.json and the files it names byte for byte; the copy has the same digest', async () => {
    const bundle = await production();
    expect(bundle.files).toEqual([
      'bundle.json',
      'freetsa-cacert.pem',
      'freetsa-tsa.crt',
      'published_keys.json',
      'rekor-public-good-log.pem',
    ]);
    expect(bundle.digest).toMatch(/^[0-9a-f]{64}$/);
    const dest = join(work, 'season-1');
    const archived = await archiveTrustBundle(bundle, PRODUCTION_BUNDLE_DIR, dest);
    expect(archived).toEqual({ ok: true, value: { digest: bundle.digest, files: bundle.files } });
    for (const name of bundle.files) {
      expect(readFileSync(join(dest, name)).equals(readFileSync(join(PRODUCTION_BUNDLE_DIR, name)))).toBe(true);
    }
    expect(await archiveTrustBundle(bundle, PRODUCTION_BUNDLE_DIR, dest)).toMatchObject({ ok: true });
  });

  it('an archive holding other bytes under a bundle file name is refused, never overwritten', async () => {
    const bundle = await production();
    const dest = join(work, 'taken');
    await archiveTrustBundle(bundle, PRODUCTION_BUNDLE_DIR, dest);
    writeFileSync(join(dest, 'published_keys.json'), '{"keys": []}');
    const again = await archiveTrustBundle(bundle, PRODUCTION_BUNDLE_DIR, dest);
    expect(!again.ok && again.error.code).toBe('BUNDLE_ARCHIVE_EXISTS');
    expect(readFileSync(join(dest, 'published_keys.json'), 'utf8')).toBe('{"keys": []}');
  });

  it('a changed key history changes the digest', async () => {
    const bundle = await production();
    const dest = join(work, 'changed');
    await archiveTrustBundle(bundle, PRODUCTION_BUNDLE_DIR, dest);
    const history = readFileSync(join(dest, 'published_keys.json'), 'utf8');
    writeFileSync(
      join(dest, 'published_keys.json'),
      history.replace('"retired_at": null', '"retired_at": "2026-10-01T08:00:00Z"'),
    );
    const changed = await loadTrustBundle(dest);
    expect(changed.ok && changed.value.digest).not.toBe(bundle.digest);
  });
});
