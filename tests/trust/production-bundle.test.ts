import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTEFACTS_DIR, buildProductionBundle, PRODUCTION_DIR } from '../../trust/production-bundle.ts';

describe('trust/production rebuilt from the in-repository artefacts', () => {
  it('trust/production holds exactly the bytes artefacts/trust-layer builds, file for file', () => {
    const files = buildProductionBundle();
    expect([...files.keys()].sort()).toEqual([
      'bundle.json',
      'freetsa-cacert.pem',
      'freetsa-tsa.crt',
      'published_keys.json',
      'rekor-public-good-log.pem',
    ]);
    for (const [name, bytes] of files) expect(readFileSync(join(PRODUCTION_DIR, name)).equals(bytes), name).toBe(true);
  });

  it('a key history altered by one byte in the artefacts no longer builds the committed bundle', () => {
    const dir = mkdtempSync(join(tmpdir(), 'artefacts-'));
    try {
      cpSync(ARTEFACTS_DIR, dir, { recursive: true });
      const keys = readFileSync(join(dir, 'published_keys.json'));
      const at = keys.indexOf('key-1');
      keys.writeUInt8(keys.readUInt8(at) ^ 0x01, at);
      writeFileSync(join(dir, 'published_keys.json'), keys);
      const rebuilt = buildProductionBundle(`${dir}/`);
      expect(
        rebuilt.get('published_keys.json')?.equals(readFileSync(join(PRODUCTION_DIR, 'published_keys.json'))),
      ).toBe(false);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
