import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { RekorFacts, RekorTrust } from '../../../main/core/rekor/model.ts';
import { pemToDer } from '../../../main/core/x509/pem.ts';

/** The real production artefacts, copied into artefacts/trust-layer/ (provenance in artefacts/PROVENANCE.md). */
export const ARTEFACTS = fileURLToPath(new URL('../../../artefacts/trust-layer/', import.meta.url));
const VECTORS = fileURLToPath(new URL('../../vectors/rekor/real-entries.json', import.meta.url));

export const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as {
  logKeys: { name: string; pem: string }[];
  publishedKeys: string;
  verified: { entry: string; proof: string; anchoredHex: string; expected: RekorFacts }[];
  refused: { entry: string; anchoredHex: string; code: string }[];
};

export function readArtefact(file: string): unknown {
  return JSON.parse(readFileSync(ARTEFACTS + file, 'utf8'));
}

/** The production Rekor trust, from the fixture files (public-good log key, published ArkForge Rekor keys). */
export function productionRekorTrust(): RekorTrust {
  const logKeys = vectors.logKeys.map(({ name, pem }) => {
    const spkiDer = pemToDer(readFileSync(ARTEFACTS + pem, 'utf8'), 'PUBLIC KEY') as Uint8Array;
    return { name, logId: bytesToHex(sha256(spkiDer)), spkiDer };
  });
  const published = readArtefact(vectors.publishedKeys) as {
    rekor_keys: { kid: string; public_pem: string; valid_from: string; retired_at: string | null }[];
  };
  const arkforgeKeys = published.rekor_keys.map((key) => ({
    kid: key.kid,
    publicPem: key.public_pem,
    validFrom: key.valid_from,
    retiredAt: key.retired_at,
  }));
  return { logKeys, arkforgeKeys };
}
