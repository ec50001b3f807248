import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFreezeAnchor } from '../../core/freeze/check-anchor.ts';
import { sha256Hex } from '../../core/hash/sha256.ts';
import {
  ANCHOR_PROOF_FILE,
  ANCHOR_RECORD_FILE,
  ANCHOR_RECORD_FORMAT,
  indexAnchorRequestHash,
  indexAnchorUrl,
  signedIndexAnchorPayload,
  type AnchorRecord,
} from '../../core/index/anchor.ts';
import { toPyJson } from '../../core/index/index-json.ts';
import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, pyObjectFrom, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import { ownerFullView, publicView } from '../freeze/trust-layer-calls.ts';
import type { HttpClient } from '../http/http-client.ts';

export type IndexAnchorCode =
  | 'INDEX_ANCHOR_EXPORT_UNREADABLE'
  | 'INDEX_ANCHOR_TRUST_LAYER_FAILED'
  | 'INDEX_ANCHOR_SEASON_HOST_REFUSED'
  | 'INDEX_ANCHOR_MISMATCH'
  | 'INDEX_ANCHOR_KEY_MISMATCH';

export interface IndexAnchorOptions {
  http: HttpClient;
  trustLayer: string;
  /** Sent only in X-Api-Key; never printed, logged or written. */
  apiKey: string;
  seasonBase: string;
  /**
   * The export's own signing key (the operator's Ed25519 key, index-signing-key.pem or --key-file): it signs the
   * anchor document, which the season host accepts from the operator only (docs/season-service.md "Only the operator
   * changes the season"). Never printed or written.
   */
  signingKey: { privateKey: Uint8Array; publicKeyHex: string };
}

/**
 * `proveit index anchor DIR` (docs/index-export.md "Anchoring"): anchors an export's manifest hash through the Trust
 * Layer, as a freeze is (docs/freeze.md step 6-7): one POST /v1/proxy to the season host's /v1/season/{n}/index with
 * the hash, then the owner's full view checked to anchor exactly that request, then anchor/anchor.json (the proof id
 * and the opening of its request_hash) and anchor/proof.json (the public view as served) written beside the signed
 * files. The proof dates the version once its batch is anchored; `index verify` checks it offline.
 */
export async function anchorIndexExport(
  dir: string,
  o: IndexAnchorOptions,
): Promise<Result<{ proofId: string; record: AnchorRecord }, IndexAnchorCode>> {
  let manifestBytes: Uint8Array;
  let manifest: { season: number; index_version: number; signing_key?: { public_key?: unknown } };
  try {
    manifestBytes = new Uint8Array(readFileSync(join(dir, 'manifest.json')));
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as typeof manifest;
  } catch (error) {
    return fail('INDEX_ANCHOR_EXPORT_UNREADABLE', `cannot read ${dir}/manifest.json: ${(error as Error).message}`);
  }
  const exportKey = manifest.signing_key?.public_key;
  if (exportKey !== o.signingKey.publicKeyHex)
    return fail(
      'INDEX_ANCHOR_KEY_MISMATCH',
      `${dir} is signed by the key ${String(exportKey)}, not by the key given (${o.signingKey.publicKeyHex}): anchor it with the key file that signed it (--key-file)`,
      { export_key: exportKey ?? null, given_key: o.signingKey.publicKeyHex },
    );
  const manifestSha256 = sha256Hex(manifestBytes);
  const url = indexAnchorUrl(o.seasonBase, manifest.season);
  const { payload, signature } = signedIndexAnchorPayload(
    manifest.season,
    manifest.index_version,
    manifestSha256,
    o.signingKey.privateKey,
  );
  const answer = await o.http.request({
    method: 'POST',
    url: `${o.trustLayer.replace(/\/+$/, '')}/v1/proxy`,
    headers: { 'X-Api-Key': o.apiKey, 'content-type': 'application/json' },
    body: canonical(
      pyObjectFrom([
        ['target', url],
        ['method', 'POST'],
        ['payload', payload],
        ['currency', 'eur'],
      ]),
    ),
  });
  if (!answer.ok)
    return fail('INDEX_ANCHOR_TRUST_LAYER_FAILED', `POST /v1/proxy: ${answer.error.message}`, {
      cause: answer.error.code,
    });
  const parsed = loads(answer.value.body);
  const body = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const proof = body && isPyObject(body['proof'] ?? null) ? (body['proof'] as PyObject) : null;
  const proofId = proof?.['proof_id'];
  if (answer.value.status !== 200 || !proof || typeof proofId !== 'string')
    return fail(
      'INDEX_ANCHOR_TRUST_LAYER_FAILED',
      `POST /v1/proxy answered ${answer.value.status} without a proof: check the API key file and the URL`,
      {
        status: answer.value.status,
      },
    );
  const service = body && isPyObject(body['service_response'] ?? null) ? (body['service_response'] as PyObject) : null;
  if (service?.['status_code'] !== 200n)
    return fail(
      'INDEX_ANCHOR_SEASON_HOST_REFUSED',
      `the season host answered ${String(service?.['status_code'])} to ${url} (proof ${proofId} records that call): check --season-base`,
      {
        proof_id: proofId,
      },
    );
  const full = await ownerFullView(o.http, o.trustLayer, o.apiKey, proofId);
  if (!full.ok) return fail('INDEX_ANCHOR_TRUST_LAYER_FAILED', full.error.message);
  const checked = checkFreezeAnchor({
    proofId,
    proxyProof: proof,
    fullView: full.value.value,
    expectedRequestHash: indexAnchorRequestHash(url, payload),
  });
  if (!checked.ok) return fail('INDEX_ANCHOR_MISMATCH', checked.error.message, checked.error.details);
  const view = await publicView(o.http, o.trustLayer, proofId);
  if (!view.ok) return fail('INDEX_ANCHOR_TRUST_LAYER_FAILED', view.error.message);
  const record: AnchorRecord = {
    format: ANCHOR_RECORD_FORMAT,
    proof_id: proofId,
    url,
    season: manifest.season,
    index_version: manifest.index_version,
    manifest_sha256: manifestSha256,
    ...signature,
    disclosure: { request_hash: { nonce: checked.value.nonce, value: checked.value.value } },
  };
  mkdirSync(join(dir, 'anchor'), { recursive: true });
  writeFileSync(join(dir, ...ANCHOR_RECORD_FILE.split('/')), `${canonical(toPyJson(record))}\n`);
  writeFileSync(join(dir, ...ANCHOR_PROOF_FILE.split('/')), view.value);
  return ok({ proofId, record });
}
