import { sha256Canonical } from '../json/sha256-canonical.ts';
import { pyObjectFrom, type PyObject } from '../json/value.ts';
import type { Failure } from '../result.ts';

/** The document posted through the proxy to the season host (docs/index-export.md "Anchoring"). */
export const INDEX_ANCHOR_FORMAT = 'proveit-index-anchor/1';
export const ANCHOR_RECORD_FORMAT = 'proveit-index-anchor-record/1';
/** Where an export keeps its anchor, outside the signed list: it is made after the manifest is signed. */
export const ANCHOR_DIR = 'anchor';
export const ANCHOR_RECORD_FILE = 'anchor/anchor.json';
export const ANCHOR_PROOF_FILE = 'anchor/proof.json';

export function indexAnchorUrl(seasonBase: string, season: number): string {
  return `${seasonBase.replace(/\/+$/, '')}/v1/season/${season}/index`;
}

export function indexAnchorPayload(season: number, indexVersion: number, manifestSha256: string): PyObject {
  return pyObjectFrom([
    ['document', INDEX_ANCHOR_FORMAT],
    ['season', BigInt(season)],
    ['index_version', BigInt(indexVersion)],
    ['manifest_sha256', manifestSha256],
  ]);
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

/** anchor/anchor.json: which proof anchors this export, and the opening of its request_hash commitment. */
export interface AnchorRecord {
  format: typeof ANCHOR_RECORD_FORMAT;
  proof_id: string;
  url: string;
  season: number;
  index_version: number;
  manifest_sha256: string;
  disclosure: { request_hash: { nonce: string; value: string } };
}

export type AnchorCheckCode = 'INDEX_ANCHOR_INVALID' | 'INDEX_ANCHOR_MISMATCH';

/**
 * The record against the export it sits in (pure): it names this manifest, season and version, and the request hash
 * it discloses is the one recomputed from the URL and the payload. Whether the proof anchors that hash is checked
 * with the proof's view (main/services/index-export/verify-index.ts).
 */
export function checkAnchorRecord(
  record: unknown,
  manifest: { sha256: string; season: number; indexVersion: number },
): { record: AnchorRecord; requestHash: string } | Failure<AnchorCheckCode> {
  const r = record as Partial<AnchorRecord> | null;
  const d = r?.disclosure?.request_hash;
  if (
    r === null ||
    typeof r !== 'object' ||
    r.format !== ANCHOR_RECORD_FORMAT ||
    typeof r.proof_id !== 'string' ||
    typeof r.url !== 'string' ||
    typeof d?.nonce !== 'string' ||
    typeof d.value !== 'string'
  )
    return { code: 'INDEX_ANCHOR_INVALID', message: `${ANCHOR_RECORD_FILE} is not a ${ANCHOR_RECORD_FORMAT} document` };
  if (
    r.manifest_sha256 !== manifest.sha256 ||
    r.season !== manifest.season ||
    r.index_version !== manifest.indexVersion
  )
    return {
      code: 'INDEX_ANCHOR_MISMATCH',
      message: `${ANCHOR_RECORD_FILE} anchors another manifest (season ${String(r.season)} version ${String(r.index_version)}, ${String(r.manifest_sha256)}) than this export's (${manifest.sha256})`,
      details: { anchored: r.manifest_sha256 ?? null, recomputed: manifest.sha256 },
    };
  const requestHash = indexAnchorRequestHash(
    r.url,
    indexAnchorPayload(manifest.season, manifest.indexVersion, manifest.sha256),
  );
  if (d.value !== requestHash)
    return {
      code: 'INDEX_ANCHOR_MISMATCH',
      message: `the request hash ${ANCHOR_RECORD_FILE} discloses is not the one of this manifest posted to ${r.url}`,
      details: { anchored: d.value, recomputed: requestHash },
    };
  return { record: r as AnchorRecord, requestHash };
}
