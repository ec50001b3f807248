import { sha256Canonical } from '../json/sha256-canonical.ts';
import { pyObjectFrom, type PyJson } from '../json/value.ts';

export type Track = 'conformite' | 'generique';

/**
 * What a freeze anchors (spec §8): the hash of the frozen scoring-rules section, the hash of the corpus manifest and
 * the commitment to the sealed answer key. It is the payload of a Trust Layer proxy call to the season service, so
 * the proof's committed request_hash binds these three values.
 */
export interface FreezeDocument {
  season: number;
  track: Track;
  rules_version: string;
  rules_hash: string;
  manifest_hash: string;
  key_commitment: string;
  /** The proof id of the freeze this one replaces (before opening only), with the published reason. */
  replaces: string | null;
  reason: string | null;
}

export function freezeDocumentValue(doc: FreezeDocument): PyJson {
  return pyObjectFrom([
    ['season', BigInt(doc.season)],
    ['track', doc.track],
    ['rules_version', doc.rules_version],
    ['rules_hash', doc.rules_hash],
    ['manifest_hash', doc.manifest_hash],
    ['key_commitment', doc.key_commitment],
    ['replaces', doc.replaces],
    ['reason', doc.reason],
  ]);
}

/** The season service endpoint a freeze is posted to through the proxy. */
export function freezeUrl(seasonBase: string, season: number): string {
  return `${seasonBase}/v1/season/${season}/freeze`;
}

/**
 * `request_data` as the proxy hashes it (spec §2.4): amount forced to the float 0.0, currency "eur".
 * The freeze is a POST whose payload is the freeze document.
 */
export function freezeRequestHash(url: string, doc: FreezeDocument): string {
  return sha256Canonical(
    pyObjectFrom([
      ['target', url],
      ['method', 'POST'],
      ['payload', freezeDocumentValue(doc)],
      ['amount', 0],
      ['currency', 'eur'],
    ]),
  );
}
