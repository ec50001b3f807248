import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hexToBytes } from '@noble/hashes/utils.js';
import type { TimestampFacts, TsaTrust } from '../../../main/core/tsa/model.ts';
import { pemToDer } from '../../../main/core/x509/pem.ts';

/** The real production artefacts, copied into artefacts/trust-layer/ (provenance in artefacts/PROVENANCE.md). */
export const ARTEFACTS = fileURLToPath(new URL('../../../artefacts/trust-layer/', import.meta.url));
const VECTORS = fileURLToPath(new URL('../../vectors/tsa/freetsa-tokens.json', import.meta.url));

interface TokenVector {
  proof: string;
  anchoredField: 'batch_anchor.root' | 'hashes.chain';
  anchoredHex: string;
  expected: TimestampFacts;
}

export interface RealToken extends TokenVector {
  tsr: Uint8Array;
  anchoredHash: Uint8Array;
}

const vectors = JSON.parse(readFileSync(VECTORS, 'utf8')) as {
  provider: string;
  roots: string[];
  untrusted: string[];
  tokens: TokenVector[];
};

export const PROVIDER = vectors.provider;

export function certificate(file: string): Uint8Array {
  return pemToDer(readFileSync(ARTEFACTS + file, 'utf8'), 'CERTIFICATE') as Uint8Array;
}

/** The FreeTSA trust of the production bundle, from the fixture files. */
export function freetsaTrust(): TsaTrust {
  return { [PROVIDER]: { roots: vectors.roots.map(certificate), untrusted: vectors.untrusted.map(certificate) } };
}

function anchoredHexOf(proof: Record<string, Record<string, string>>, field: TokenVector['anchoredField']): string {
  const value = field === 'batch_anchor.root' ? proof.batch_anchor?.root : proof.hashes?.chain;
  return String(value).replace(/^sha256:/, '');
}

/** Each real token with the anchored hash read from its proof (and checked against the vector). */
export function realTokens(): RealToken[] {
  return vectors.tokens.map((vector) => {
    const proof = JSON.parse(readFileSync(ARTEFACTS + vector.proof, 'utf8'));
    const anchoredHex = anchoredHexOf(proof, vector.anchoredField);
    if (anchoredHex !== vector.anchoredHex) throw new Error(`${vector.proof}: anchored hash differs from the vector`);
    const tsr = new Uint8Array(Buffer.from(proof.timestamp_authority.tsr_base64, 'base64'));
    return { ...vector, tsr, anchoredHash: hexToBytes(anchoredHex) };
  });
}
