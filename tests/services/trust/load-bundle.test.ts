import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTrustBundle } from '../../../main/services/trust/load-bundle.ts';
import { PRODUCTION_BUNDLE_DIR } from '../../../main/services/trust/production-bundle.ts';
import { ARTEFACTS_DIR, artefactJson } from '../../core/proof/support/real-artefacts.ts';
import type { PyObject } from '../../../main/core/json/value.ts';

describe('loading a trust bundle folder', () => {
  it('loads trust/production by default, with the system roots for DigiCert and Sectigo', async () => {
    expect(PRODUCTION_BUNDLE_DIR.endsWith('/trust/production')).toBe(true);
    const loaded = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.name).toBe('production');
    expect(loaded.value.tsa['sectigo.com']?.roots.length).toBeGreaterThan(50);
  });

  it('an empty folder is refused with BUNDLE_INDEX_MISSING, a missing folder too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    try {
      const empty = await loadTrustBundle(dir);
      expect(!empty.ok && empty.error.code).toBe('BUNDLE_INDEX_MISSING');
      const missing = await loadTrustBundle(join(dir, 'nowhere'));
      expect(!missing.ok && missing.error.code).toBe('BUNDLE_INDEX_MISSING');
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('without a system CA bundle, a bundle that needs one is refused with BUNDLE_SYSTEM_ROOTS_MISSING', async () => {
    const loaded = await loadTrustBundle(PRODUCTION_BUNDLE_DIR, '/nonexistent/ca.crt');
    expect(!loaded.ok && loaded.error.code).toBe('BUNDLE_SYSTEM_ROOTS_MISSING');
  });

  it("trust/production is the real artefacts' trust material byte for byte, and key-1 is what pubkey.json and did.json publish", async () => {
    const pairs: [string, string][] = [
      ['published_keys.json', 'published_keys.json'],
      ['freetsa-cacert.pem', 'cacert.pem'],
      ['freetsa-tsa.crt', 'tsa.crt'],
      ['rekor-public-good-log.pem', 'rekor-public-good-log.pem'],
    ];
    for (const [mine, artefact] of pairs) {
      expect(
        readFileSync(`${PRODUCTION_BUNDLE_DIR}/${mine}`).equals(readFileSync(`${ARTEFACTS_DIR}${artefact}`)),
        mine,
      ).toBe(true);
    }
    const loaded = await loadTrustBundle(PRODUCTION_BUNDLE_DIR);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const key1 = loaded.value.signingKeys.find((k) => k.kid === 'key-1');
    expect(artefactJson('pubkey.json').pubkey).toBe(key1?.publicText);
    const method = (artefactJson('did.json').verificationMethod as PyObject[])[0] as PyObject;
    expect(`ed25519:${(method.publicKeyJwk as PyObject).x as string}`).toBe(key1?.publicText);
  });
});
