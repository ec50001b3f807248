import { isTrackName, TRACK_NAMES } from '../corpus/model.ts';
import { publicKeyOf } from '../index/signature.ts';
import { isPyObject, type PyJson, type PyObject } from '../json/value.ts';
import { operatorSignatureOf, operatorSignatureProblem } from '../operator/operator-signature.ts';
import { fail, ok, type Failure, type Result } from '../result.ts';
import { freezeDocumentValue, type FreezeDocument } from './freeze-document.ts';

/**
 * Freeze document version 3 (docs/freeze.md "The freeze document"): the version-2 document plus
 * `replaces_sha256`, `signed_at`, `operator_public_key` and `operator_signature`, the operator's Ed25519 signature
 * over the document without it. The season service accepts no other freeze: the challenge secret proves only that a
 * document came through the proxy, and the proxy adds it for every caller (spec §2.3).
 */
export type OperatorFreezeCode = 'FREEZE_OPERATOR_SIGNATURE_INVALID' | 'FREEZE_DOCUMENT_INVALID';

/**
 * Signs a version-3 document (its `replaces_sha256` and `signed_at` set) with the operator's 32-byte Ed25519 seed:
 * `operator_public_key` is the seed's public key, `operator_signature` covers every other key. Deterministic.
 */
export function signFreezeDocument(doc: FreezeDocument, privateKey: Uint8Array): FreezeDocument {
  const named: FreezeDocument = {
    ...doc,
    document_version: 3,
    replaces_sha256: doc.replaces_sha256 ?? null,
    operator_public_key: Buffer.from(publicKeyOf(privateKey)).toString('hex'),
    operator_signature: undefined,
  };
  return { ...named, operator_signature: operatorSignatureOf(freezeDocumentValue(named), privateKey) };
}

/**
 * A version-3 document's signature, checked as a third party does before scoring (spec §8.5): both fields present,
 * the key and signature well formed, and the signature verifying over the document as published. Null when it holds
 * or the document is version 1 or 2 (they carry no signature).
 */
export function freezeOperatorSignatureFailure(
  doc: FreezeDocument,
): Failure<'FREEZE_OPERATOR_SIGNATURE_INVALID'> | null {
  if (doc.document_version !== 3) return null;
  const problem = operatorSignatureProblem(freezeDocumentValue(doc));
  if (problem === null) return null;
  return {
    code: 'FREEZE_OPERATOR_SIGNATURE_INVALID',
    message: `operator_signature: the version-3 freeze document is ${problem === 'unsigned' ? 'not signed' : problem === 'malformed' ? 'signed in a malformed way' : 'not the document its operator signed (edited after signing, or signed by another key)'}; verify the publication exactly as 'proveit freeze publish' wrote it`,
    details: { field: 'operator_signature', problem, operator_public_key: doc.operator_public_key ?? null },
  };
}

const HEX64 = /^[0-9a-f]{64}$/;
const INSTANT_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const V3_KEYS = [
  'document_version',
  'season',
  'track',
  'rules_version',
  'rules_hash',
  'manifest_hash',
  'key_commitment',
  'replaces',
  'reason',
  'opens_at',
  'closes_at',
  'replaces_sha256',
  'signed_at',
  'operator_public_key',
  'operator_signature',
];

function invalid(field: string, what: string): { ok: false; error: Failure<'FREEZE_DOCUMENT_INVALID'> } {
  return fail(
    'FREEZE_DOCUMENT_INVALID',
    `${field}: ${what} (docs/freeze.md "The freeze document", version 3); post the document 'proveit freeze create' signs`,
    { field },
  );
}

const nullableText = (v: PyJson | undefined) => v === null || typeof v === 'string';

/**
 * Reads a posted version-3 document strictly (its signature already checked): exactly the version-3 keys, each of
 * its type. `opens_at` and `closes_at` are strings here; whether they are instants in order is the service's check
 * (FREEZE_TIMES_INVALID), as for every version.
 */
export function readOperatorFreeze(value: PyJson): Result<FreezeDocument, 'FREEZE_DOCUMENT_INVALID'> {
  if (!isPyObject(value)) return invalid('(document)', 'must be a JSON object');
  const o: PyObject = value;
  const extra = Object.keys(o).find((k) => !V3_KEYS.includes(k));
  if (extra !== undefined) return invalid(extra, 'is not a key of the freeze document');
  const missing = V3_KEYS.find((k) => !(k in o));
  if (missing !== undefined) return invalid(missing, 'is missing');
  if (o['document_version'] !== 3n) return invalid('document_version', 'must be the int 3');
  const season = o['season'];
  if (typeof season !== 'bigint' || season < 0n || season > 999_999n) return invalid('season', 'must be an int');
  const track = o['track'];
  if (!isTrackName(track)) return invalid('track', `must be ${TRACK_NAMES.map((t) => `"${t}"`).join(' or ')}`);
  for (const field of ['rules_version', 'opens_at', 'closes_at', 'operator_public_key', 'operator_signature']) {
    if (typeof o[field] !== 'string') return invalid(field, 'must be a string');
  }
  for (const field of ['rules_hash', 'manifest_hash', 'key_commitment']) {
    if (!HEX64.test(String(o[field]))) return invalid(field, 'must be 64 lowercase hex characters');
  }
  if (!nullableText(o['replaces'])) return invalid('replaces', 'must be a proof id or null');
  if (!nullableText(o['reason'])) return invalid('reason', 'must be a string or null');
  if ((o['replaces'] === null) !== (o['reason'] === null)) {
    return invalid('reason', 'a replacement gives its reason, and a first freeze none');
  }
  const replacesSha256 = o['replaces_sha256'];
  if (replacesSha256 !== null && !HEX64.test(String(replacesSha256))) {
    return invalid('replaces_sha256', 'must be null or the 64-hex document_sha256 of the document replaced');
  }
  const signedAt = o['signed_at'];
  if (typeof signedAt !== 'string' || !INSTANT_MS.test(signedAt) || Number.isNaN(Date.parse(signedAt))) {
    return invalid('signed_at', 'must be a UTC instant with milliseconds, YYYY-MM-DDTHH:MM:SS.mmmZ');
  }
  return ok({
    document_version: 3,
    season: Number(season),
    track,
    rules_version: o['rules_version'] as string,
    rules_hash: o['rules_hash'] as string,
    manifest_hash: o['manifest_hash'] as string,
    key_commitment: o['key_commitment'] as string,
    replaces: o['replaces'] as string | null,
    reason: o['reason'] as string | null,
    opens_at: o['opens_at'] as string,
    closes_at: o['closes_at'] as string,
    replaces_sha256: replacesSha256 as string | null,
    signed_at: signedAt,
    operator_public_key: o['operator_public_key'] as string,
    operator_signature: o['operator_signature'] as string,
  });
}
