// What trust/production/ holds and where each byte comes from: the real artefacts copied into artefacts/trust-layer/
// (provenance in artefacts/PROVENANCE.md). Trust material is data (docs/trust-bundle.md); this file only says which
// artefact becomes which bundle file, so the bundle can be rebuilt and checked from the repository alone.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ARTEFACTS_DIR = fileURLToPath(new URL('../artefacts/trust-layer/', import.meta.url));
export const PRODUCTION_DIR = fileURLToPath(new URL('./production/', import.meta.url));

/** Bundle file name → artefact file name, copied byte for byte. */
export const COPIED_FILES: Readonly<Record<string, string>> = {
  'published_keys.json': 'published_keys.json',
  'freetsa-cacert.pem': 'cacert.pem',
  'freetsa-tsa.crt': 'tsa.crt',
  'rekor-public-good-log.pem': 'rekor-public-good-log.pem',
};

/** The index (docs/trust-bundle.md `bundle.json`). DigiCert and Sectigo chain to the operating system's roots. */
const BUNDLE_INDEX = {
  format: 'proveit-trust-bundle/1',
  name: 'production',
  description:
    'ArkForge production Trust Layer: issuer key history, Sigstore Rekor public-good log, FreeTSA (DigiCert and Sectigo through the system roots).',
  published_keys: 'published_keys.json',
  transparency_logs: [{ name: 'rekor.sigstore.dev', public_key: 'rekor-public-good-log.pem' }],
  timestamp_authorities: [
    { provider: 'freetsa.org', roots: ['freetsa-cacert.pem'], untrusted: ['freetsa-tsa.crt'] },
    { provider: 'digicert.com', roots: 'system' },
    { provider: 'sectigo.com', roots: 'system' },
  ],
};

/** Every file of trust/production/ as it must be, built from the artefacts folder given. */
export function buildProductionBundle(artefactsDir: string = ARTEFACTS_DIR): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  files.set('bundle.json', Buffer.from(`${JSON.stringify(BUNDLE_INDEX, null, 2)}\n`));
  for (const [bundleName, artefact] of Object.entries(COPIED_FILES)) {
    files.set(bundleName, readFileSync(`${artefactsDir}${artefact}`));
  }
  return files;
}
