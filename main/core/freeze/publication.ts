import { isTrackName, TRACK_NAMES, type TrackName } from '../corpus/model.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { fail, ok, type Failure, type Result } from '../result.ts';
import type { FreezeDocument } from './freeze-document.ts';

export type PublicationCode = 'FREEZE_PUBLICATION_INVALID';

/** The opening of the anchored request_hash commitment (trust-layer-reference §3.3): nonce and value, hex. */
export interface RequestHashDisclosure {
  nonce: string;
  value: string;
}

/**
 * One freeze as published at freeze time (docs/freeze.md): the anchored document, the proof id, the URL the
 * document was posted to, the opening of the proof's request_hash, and the season window (anchored from document
 * version 2 on, recorded by the operator before). Never the key or salt.
 */
export interface PublishedFreeze extends FreezeDocument {
  proof_id: string;
  url: string;
  disclosure: { request_hash: RequestHashDisclosure };
}

/** Every freeze of one season and track, oldest first; `in_force` is the one no later freeze replaces. */
export interface FreezePublication {
  season: number;
  track: TrackName;
  in_force: string;
  freezes: PublishedFreeze[];
}

/** The published form as plain JSON, keys in a fixed reading order. */
export function publishedFreezeJson(freeze: PublishedFreeze): Record<string, unknown> {
  return {
    proof_id: freeze.proof_id,
    // Written from version 2 on, so a publication made before it reads back byte for byte.
    ...(freeze.document_version !== 1 ? { document_version: freeze.document_version } : {}),
    season: freeze.season,
    track: freeze.track,
    rules_version: freeze.rules_version,
    rules_hash: freeze.rules_hash,
    manifest_hash: freeze.manifest_hash,
    key_commitment: freeze.key_commitment,
    url: freeze.url,
    replaces: freeze.replaces,
    reason: freeze.reason,
    opens_at: freeze.opens_at,
    closes_at: freeze.closes_at,
    // Version 3: what the operator signed, so a third party recomputes the anchored request hash and the signature.
    ...(freeze.document_version === 3
      ? {
          replaces_sha256: freeze.replaces_sha256 ?? null,
          signed_at: freeze.signed_at,
          operator_public_key: freeze.operator_public_key,
          operator_signature: freeze.operator_signature,
        }
      : {}),
    disclosure: {
      request_hash: { nonce: freeze.disclosure.request_hash.nonce, value: freeze.disclosure.request_hash.value },
    },
  };
}

export function publicationJson(publication: FreezePublication): Record<string, unknown> {
  return {
    season: publication.season,
    track: publication.track,
    in_force: publication.in_force,
    freezes: publication.freezes.map(publishedFreezeJson),
  };
}

/** A publication as its file holds it (docs/freeze.md): the JSON above, indented by two, and a final newline. */
export function publicationFileText(publication: FreezePublication): string {
  return `${JSON.stringify(publicationJson(publication), null, 2)}\n`;
}

/** The freeze no other freeze of the list replaces (spec §8 status note: a replacement names what it replaces). */
export function freezeInForce(freezes: readonly PublishedFreeze[]): PublishedFreeze | null {
  const replaced = new Set(freezes.map((f) => f.replaces).filter((id): id is string => id !== null));
  const current = freezes.filter((f) => !replaced.has(f.proof_id));
  return current.length === 1 ? (current[0] as PublishedFreeze) : null;
}

const HEX64 = /^[0-9a-f]{64}$/;

function invalid(message: string, field: string): { ok: false; error: Failure<PublicationCode> } {
  return fail(
    'FREEZE_PUBLICATION_INVALID',
    `the published freeze ${message}; publish it again with 'proveit freeze publish'`,
    {
      field,
    },
  );
}

function text(o: PyObject, field: string): string | null {
  const value = o[field];
  return typeof value === 'string' ? value : null;
}

function nullableText(o: PyObject, field: string): string | null | undefined {
  const value = o[field];
  if (value === null) return null;
  return typeof value === 'string' ? value : undefined;
}

/** Reads one published freeze (untrusted JSON): every anchored field present and of its type. */
export function parsePublishedFreeze(value: PyJson): Result<PublishedFreeze, PublicationCode> {
  if (!isPyObject(value)) return invalid('must be a JSON object', '(document)');
  for (const field of ['proof_id', 'rules_version', 'url', 'opens_at', 'closes_at']) {
    if (text(value, field) === null) return invalid(`has no "${field}" string`, field);
  }
  for (const field of ['rules_hash', 'manifest_hash', 'key_commitment']) {
    if (!HEX64.test(text(value, field) ?? '')) return invalid(`"${field}" must be 64 lowercase hex characters`, field);
  }
  const season = value['season'];
  if (typeof season !== 'bigint' || season < 0n || season > 999_999n) {
    return invalid('"season" must be an integer', 'season');
  }
  const track = value['track'];
  if (!isTrackName(track)) {
    return invalid(`"track" must be ${TRACK_NAMES.map((t) => `"${t}"`).join(' or ')}`, 'track');
  }
  const replaces = nullableText(value, 'replaces');
  const reason = nullableText(value, 'reason');
  if (replaces === undefined) return invalid('"replaces" must be a proof id or null', 'replaces');
  if (reason === undefined) return invalid('"reason" must be a string or null', 'reason');
  // A publication written before version 2 has no document_version: its document is version 1 (docs/freeze.md).
  const version = value['document_version'];
  if (version !== undefined && version !== 1n && version !== 2n && version !== 3n) {
    return invalid('"document_version" must be 1, 2 or 3', 'document_version');
  }
  const signed = version === 3n ? signedFields(value) : null;
  if (signed !== null && 'field' in signed) return invalid(signed.what, signed.field);
  const disclosure = value['disclosure'];
  const opening = isPyObject(disclosure) ? disclosure['request_hash'] : undefined;
  if (!isPyObject(opening) || typeof opening['nonce'] !== 'string' || typeof opening['value'] !== 'string') {
    return invalid('has no disclosure {"request_hash": {"nonce", "value"}}', 'disclosure');
  }
  return ok({
    proof_id: text(value, 'proof_id') as string,
    document_version: version === 3n ? 3 : version === 2n ? 2 : 1,
    season: Number(season),
    track,
    rules_version: text(value, 'rules_version') as string,
    rules_hash: text(value, 'rules_hash') as string,
    manifest_hash: text(value, 'manifest_hash') as string,
    key_commitment: text(value, 'key_commitment') as string,
    url: text(value, 'url') as string,
    replaces,
    reason,
    opens_at: text(value, 'opens_at') as string,
    closes_at: text(value, 'closes_at') as string,
    ...(signed ?? {}),
    disclosure: { request_hash: { nonce: opening['nonce'], value: opening['value'] } },
  });
}

type SignedFields = Required<
  Pick<FreezeDocument, 'replaces_sha256' | 'signed_at' | 'operator_public_key' | 'operator_signature'>
>;

/**
 * The four keys a version-3 freeze adds, of their types. Whether the signature holds is verify-freeze's check
 * (FREEZE_OPERATOR_SIGNATURE_INVALID), so a publication is read first and its signature judged with the rest.
 */
function signedFields(value: PyObject): SignedFields | { field: string; what: string } {
  const replacesSha256 = nullableText(value, 'replaces_sha256');
  if (replacesSha256 === undefined || (replacesSha256 !== null && !HEX64.test(replacesSha256))) {
    return { field: 'replaces_sha256', what: '"replaces_sha256" must be null or 64 lowercase hex characters' };
  }
  for (const field of ['signed_at', 'operator_public_key', 'operator_signature']) {
    if (text(value, field) === null) return { field, what: `has no "${field}" string (document version 3)` };
  }
  return {
    replaces_sha256: replacesSha256,
    signed_at: text(value, 'signed_at') as string,
    operator_public_key: text(value, 'operator_public_key') as string,
    operator_signature: text(value, 'operator_signature') as string,
  };
}

/**
 * Reads what `--freeze FILE` holds: a whole publication (`{season, track, in_force, freezes: [...]}`), whose freeze
 * in force is the one verified before scoring, or a single published freeze.
 */
export function parseFreezeToVerify(value: PyJson): Result<PublishedFreeze, PublicationCode> {
  if (!isPyObject(value) || !Array.isArray(value['freezes'])) return parsePublishedFreeze(value);
  const freezes: PublishedFreeze[] = [];
  for (const item of value['freezes']) {
    const parsed = parsePublishedFreeze(item);
    if (!parsed.ok) return parsed;
    freezes.push(parsed.value);
  }
  const current = freezeInForce(freezes);
  if (current === null) {
    return invalid('lists no single freeze in force (each replacement must name the freeze it replaces)', 'freezes');
  }
  const declared = value['in_force'];
  if (declared !== undefined && declared !== current.proof_id) {
    return invalid(
      `says "in_force" is ${String(declared)} but the replacement chain ends at ${current.proof_id}`,
      'in_force',
    );
  }
  return ok(current);
}
