import { sha256Canonical } from '../json/sha256-canonical.ts';
import { pyObjectFrom, type PyObject } from '../json/value.ts';
import { operatorSignatureOf, operatorSignatureProblem } from '../operator/operator-signature.ts';
import { fail, ok, type Result } from '../result.ts';
import { publicKeyOf } from './signature.ts';

/**
 * The document posted through the proxy to the season host (docs/index-export.md "Anchoring"). Version 2
 * (docs/season-service.md "Only the operator changes the season") adds `operator_public_key` and `operator_signature`:
 * the season host accepts only the operator's; version-1 anchors made before still verify.
 */
export const INDEX_ANCHOR_FORMAT = 'proveit-index-anchor/2';
export const INDEX_ANCHOR_FORMAT_V1 = 'proveit-index-anchor/1';
export const ANCHOR_RECORD_FORMAT = 'proveit-index-anchor-record/2';
export const ANCHOR_RECORD_FORMAT_V1 = 'proveit-index-anchor-record/1';
/** Where an export keeps its anchor, outside the signed list: it is made after the manifest is signed. */
export const ANCHOR_DIR = 'anchor';
export const ANCHOR_RECORD_FILE = 'anchor/anchor.json';
export const ANCHOR_PROOF_FILE = 'anchor/proof.json';
/** The Rekor entry the anchored view names: the second witness (docs/index-export.md "Both witnesses"). */
export const ANCHOR_REKOR_ENTRY_FILE = 'anchor/rekor-entry.json';

export function indexAnchorUrl(seasonBase: string, season: number): string {
  return `${seasonBase.replace(/\/+$/, '')}/v1/season/${season}/index`;
}

/** What the operator signed: the key and signature a version-2 anchor carries. */
export interface AnchorSignature {
  operator_public_key: string;
  operator_signature: string;
}

/** The anchored payload: version 1 without a signature, version 2 with the one given. */
export function indexAnchorPayload(
  season: number,
  indexVersion: number,
  manifestSha256: string,
  signature: AnchorSignature | null = null,
): PyObject {
  return pyObjectFrom([
    ['document', signature === null ? INDEX_ANCHOR_FORMAT_V1 : INDEX_ANCHOR_FORMAT],
    ['season', BigInt(season)],
    ['index_version', BigInt(indexVersion)],
    ['manifest_sha256', manifestSha256],
    ...(signature === null
      ? []
      : ([
          ['operator_public_key', signature.operator_public_key],
          ['operator_signature', signature.operator_signature],
        ] as const)),
  ]);
}

/**
 * A version-2 anchor payload signed with the export's own signing key (the operator's, which signed the manifest):
 * `operator_signature` over the payload without it (main/core/operator/operator-signature.ts). Deterministic.
 */
export function signedIndexAnchorPayload(
  season: number,
  indexVersion: number,
  manifestSha256: string,
  privateKey: Uint8Array,
): { payload: PyObject; signature: AnchorSignature } {
  const unsigned = pyObjectFrom([
    ['document', INDEX_ANCHOR_FORMAT],
    ['season', BigInt(season)],
    ['index_version', BigInt(indexVersion)],
    ['manifest_sha256', manifestSha256],
    ['operator_public_key', Buffer.from(publicKeyOf(privateKey)).toString('hex')],
  ]);
  const signature: AnchorSignature = {
    operator_public_key: unsigned['operator_public_key'] as string,
    operator_signature: operatorSignatureOf(unsigned, privateKey),
  };
  return { payload: indexAnchorPayload(season, indexVersion, manifestSha256, signature), signature };
}

/** request_hash as the proxy computes it (spec §2.4): amount the float 0.0, currency "eur", as for a freeze. */
export function indexAnchorRequestHash(url: string, payload: PyObject): string {
  return sha256Canonical(
    pyObjectFrom([
      ['target', url],
      ['method', 'POST'],
      ['payload', payload],
      ['amount', 0],
      ['currency', 'eur'],
    ]),
  );
}

/**
 * anchor/anchor.json: which proof anchors this export, and the opening of its request_hash commitment. A version-2
 * record also keeps the anchor's `operator_public_key` and `operator_signature`, without which the anchored payload,
 * hence its request hash, could not be recomputed.
 */
export interface AnchorRecord {
  format: typeof ANCHOR_RECORD_FORMAT | typeof ANCHOR_RECORD_FORMAT_V1;
  proof_id: string;
  url: string;
  season: number;
  index_version: number;
  manifest_sha256: string;
  operator_public_key?: string;
  operator_signature?: string;
  disclosure: { request_hash: { nonce: string; value: string } };
}

export type AnchorCheckCode = 'INDEX_ANCHOR_INVALID' | 'INDEX_ANCHOR_MISMATCH' | 'INDEX_ANCHOR_SIGNATURE_INVALID';

/**
 * The record against the export it sits in (pure): it names this manifest, season and version; a version-2 record's
 * anchor is signed by the export's own signing key (`publicKey`, the manifest's); and the request hash it discloses
 * is the one recomputed from the URL and the payload. Whether the proof anchors that hash is checked with the
 * proof's view (main/services/index-export/verify-index.ts).
 */
export function checkAnchorRecord(
  record: unknown,
  manifest: { sha256: string; season: number; indexVersion: number; publicKey: string },
): Result<{ record: AnchorRecord; requestHash: string }, AnchorCheckCode> {
  const r = record as Partial<AnchorRecord> | null;
  const d = r?.disclosure?.request_hash;
  const signed = r?.format === ANCHOR_RECORD_FORMAT;
  if (
    r === null ||
    typeof r !== 'object' ||
    (r.format !== ANCHOR_RECORD_FORMAT && r.format !== ANCHOR_RECORD_FORMAT_V1) ||
    typeof r.proof_id !== 'string' ||
    typeof r.url !== 'string' ||
    typeof d?.nonce !== 'string' ||
    typeof d.value !== 'string' ||
    (signed && (typeof r.operator_public_key !== 'string' || typeof r.operator_signature !== 'string'))
  )
    return fail(
      'INDEX_ANCHOR_INVALID',
      `${ANCHOR_RECORD_FILE} is not a ${ANCHOR_RECORD_FORMAT} (or ${ANCHOR_RECORD_FORMAT_V1}) document`,
    );
  if (
    r.manifest_sha256 !== manifest.sha256 ||
    r.season !== manifest.season ||
    r.index_version !== manifest.indexVersion
  )
    return fail(
      'INDEX_ANCHOR_MISMATCH',
      `${ANCHOR_RECORD_FILE} anchors another manifest (season ${String(r.season)} version ${String(r.index_version)}, ${String(r.manifest_sha256)}) than this export's (${manifest.sha256})`,
      { anchored: r.manifest_sha256 ?? null, recomputed: manifest.sha256 },
    );
  const signature = signed
    ? { operator_public_key: r.operator_public_key as string, operator_signature: r.operator_signature as string }
    : null;
  const payload = indexAnchorPayload(manifest.season, manifest.indexVersion, manifest.sha256, signature);
  if (signature !== null) {
    const problem = operatorSignatureProblem(payload);
    if (problem !== null || signature.operator_public_key !== manifest.publicKey)
      return fail(
        'INDEX_ANCHOR_SIGNATURE_INVALID',
        problem !== null
          ? `${ANCHOR_RECORD_FILE}: the anchor's operator_signature does not verify (${problem}): the record was edited after signing`
          : `${ANCHOR_RECORD_FILE}: the anchor is signed by ${signature.operator_public_key}, not by this export's signing key ${manifest.publicKey}`,
        { field: 'operator_signature', anchored: signature.operator_public_key, recomputed: manifest.publicKey },
      );
  }
  const requestHash = indexAnchorRequestHash(r.url, payload);
  if (d.value !== requestHash)
    return fail(
      'INDEX_ANCHOR_MISMATCH',
      `the request hash ${ANCHOR_RECORD_FILE} discloses is not the one of this manifest posted to ${r.url}`,
      { anchored: d.value, recomputed: requestHash },
    );
  return ok({ record: r as AnchorRecord, requestHash });
}
