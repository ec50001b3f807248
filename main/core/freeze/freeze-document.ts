import type { TrackName } from '../corpus/model.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { pyObjectFrom, type PyJson, type PyObject } from '../json/value.ts';

/**
 * The freeze document's versions (docs/freeze.md "The freeze document"):
 * 1: the three hashes, `replaces` and `reason`; the season's opening and close were kept by the operator only.
 * 2: adds `document_version: 2`, `opens_at` and `closes_at`, so the window that decides which proofs count (spec
 *    §4.1 condition 1) is anchored too and cannot be moved after the fact.
 * 3: `document_version: 3` and the version-2 keys, plus `replaces_sha256`, `signed_at`, `operator_public_key` and
 *    `operator_signature`: only the operator can make one, and the documents themselves order the replacements
 *    (docs/freeze.md "The freeze document"; main/core/freeze/operator-freeze.ts, freeze-chain.ts).
 * All three verify; `freeze create` writes version 3.
 */
export type FreezeDocumentVersion = 1 | 2 | 3;

/**
 * What a freeze anchors (spec §8): the hash of the frozen scoring-rules section, the hash of the corpus manifest and
 * the commitment to the sealed answer key. It is the payload of a Trust Layer proxy call to the season service, so
 * the proof's committed request_hash binds these values.
 */
export interface FreezeDocument {
  document_version: FreezeDocumentVersion;
  season: number;
  track: TrackName;
  rules_version: string;
  rules_hash: string;
  manifest_hash: string;
  key_commitment: string;
  /** The proof id of the freeze this one replaces (before opening only), with the published reason. */
  replaces: string | null;
  reason: string | null;
  /** Version 2: the season's opening and close, UTC (`YYYY-MM-DDTHH:MM:SS.mmmZ`); not in a version-1 document. */
  opens_at: string;
  closes_at: string;
  /**
   * Version 3 only (absent from versions 1 and 2): the document_sha256 of the document this one replaces (null for
   * the first of a chain), the operator's time of signing (UTC with milliseconds), the operator's Ed25519 public key
   * (64 lowercase hex) and its signature (base64) over the document without `operator_signature`.
   */
  replaces_sha256?: string | null;
  signed_at?: string;
  operator_public_key?: string;
  operator_signature?: string;
}

/** The anchored payload: a version-1 document has exactly its eight historical keys, so old freezes still verify. */
export function freezeDocumentValue(doc: FreezeDocument): PyObject {
  const entries: [string, PyJson][] = [
    ['season', BigInt(doc.season)],
    ['track', doc.track],
    ['rules_version', doc.rules_version],
    ['rules_hash', doc.rules_hash],
    ['manifest_hash', doc.manifest_hash],
    ['key_commitment', doc.key_commitment],
    ['replaces', doc.replaces],
    ['reason', doc.reason],
  ];
  if (doc.document_version !== 1) {
    entries.unshift(['document_version', BigInt(doc.document_version)]);
    entries.push(['opens_at', doc.opens_at], ['closes_at', doc.closes_at]);
  }
  if (doc.document_version === 3) {
    entries.push(['replaces_sha256', doc.replaces_sha256 ?? null], ['signed_at', doc.signed_at ?? '']);
    entries.push(['operator_public_key', doc.operator_public_key ?? '']);
    // An unsigned version-3 document (the bytes being signed) has no operator_signature key at all.
    if (doc.operator_signature !== undefined) entries.push(['operator_signature', doc.operator_signature]);
  }
  return pyObjectFrom(entries);
}

/**
 * `document_sha256` (docs/freeze.md): SHA-256 of the canonical JSON of the whole document, signature included. A
 * version-3 document names the one it replaces by this hash; the season service decides the freeze in force with it.
 */
export function freezeDocumentSha256(doc: FreezeDocument): string {
  return sha256Canonical(freezeDocumentValue(doc));
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
