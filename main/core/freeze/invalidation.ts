import { publicKeyOf } from '../index/signature.ts';
import { sha256Canonical } from '../json/sha256-canonical.ts';
import { pyObjectFrom, type PyObject } from '../json/value.ts';
import { OPERATOR_PUBLIC_KEY, OPERATOR_SIGNATURE, operatorSignatureOf } from '../operator/operator-signature.ts';
import { fail, ok, type Result } from '../result.ts';

/**
 * Spec §8: "A change during the season is not a correction: it invalidates the season. The only response is to publish
 * it, close the season, and start over." The invalidation of one track's season is a document the operator signs (as a
 * version-3 freeze, main/core/operator/operator-signature.ts) and anchors through the Trust Layer proxy by posting it
 * to the season service (`POST /v1/season/{n}/invalidate`), which stops that track at once (docs/freeze.md
 * "Invalidating a season"). Its keys, all required and no other:
 *
 * - `document`: this format; `season` (int) and `track`;
 * - `freeze_proof_id`: the proof id of the freeze in force invalidated, `freeze_sha256` its document_sha256 (the name
 *   the season service knows it by: the service keeps no proof id);
 * - `reason`: the operator's, published as typed (1 to 2000 characters, not blank);
 * - `invalidated_at`: the operator's time of signing, UTC with milliseconds;
 * - `operator_public_key`, `operator_signature`.
 */
export const INVALIDATION_FORMAT = 'proveit-season-invalidation/1';
export const INVALIDATION_REASON_MAX = 2000;

export interface InvalidationFields {
  season: number;
  track: string;
  freezeProofId: string;
  freezeSha256: string;
  reason: string;
  invalidatedAt: string;
}

const KEYS = [
  'document',
  'season',
  'track',
  'freeze_proof_id',
  'freeze_sha256',
  'reason',
  'invalidated_at',
  OPERATOR_PUBLIC_KEY,
  OPERATOR_SIGNATURE,
] as const;

const HEX64 = /^[0-9a-f]{64}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The season service endpoint an invalidation is posted to through the proxy. */
export function invalidationUrl(seasonBase: string, season: number): string {
  return `${seasonBase.replace(/\/+$/, '')}/v1/season/${season}/invalidate`;
}

/** Why a reason cannot be published, or null: blank, or longer than INVALIDATION_REASON_MAX characters. */
export function reasonProblem(reason: string): string | null {
  if (reason.trim() === '') return 'the reason is published with the invalidation: it cannot be blank';
  if ([...reason].length > INVALIDATION_REASON_MAX)
    return `the reason is at most ${INVALIDATION_REASON_MAX} characters (${[...reason].length} given)`;
  return null;
}

/**
 * The signed invalidation document: `operator_public_key` is the private key's, `operator_signature` Ed25519 over the
 * canonical document without it. Deterministic (the time is an argument).
 */
export function signInvalidation(fields: InvalidationFields, privateKey: Uint8Array): PyObject {
  const unsigned = pyObjectFrom([
    ['document', INVALIDATION_FORMAT],
    ['season', BigInt(fields.season)],
    ['track', fields.track],
    ['freeze_proof_id', fields.freezeProofId],
    ['freeze_sha256', fields.freezeSha256],
    ['reason', fields.reason],
    ['invalidated_at', fields.invalidatedAt],
    [OPERATOR_PUBLIC_KEY, Buffer.from(publicKeyOf(privateKey)).toString('hex')],
  ]);
  unsigned[OPERATOR_SIGNATURE] = operatorSignatureOf(unsigned, privateKey);
  return unsigned;
}

/** The name of an invalidation: SHA-256 of its canonical JSON, signature included. */
export function invalidationSha256(document: PyObject): string {
  return sha256Canonical(document);
}

/** request_hash as the proxy computes it (spec §2.4): amount the float 0.0, currency "eur", as for a freeze. */
export function invalidationRequestHash(url: string, document: PyObject): string {
  return sha256Canonical(
    pyObjectFrom([
      ['target', url],
      ['method', 'POST'],
      ['payload', document],
      ['amount', 0],
      ['currency', 'eur'],
    ]),
  );
}

/**
 * Reads a posted invalidation document's fields (its signature is the caller's check: operatorRefusal on the season
 * service). `INVALIDATION_DOCUMENT_INVALID` names the first field at fault in `details.field`.
 */
export function readInvalidation(doc: PyObject): Result<InvalidationFields, 'INVALIDATION_DOCUMENT_INVALID'> {
  const bad = (field: string, message: string) =>
    fail('INVALIDATION_DOCUMENT_INVALID', `${field}: ${message}`, { field });
  const keys = Object.keys(doc);
  const extra = keys.find((k) => !(KEYS as readonly string[]).includes(k));
  if (extra !== undefined) return bad(extra, `an invalidation has no key '${extra}'`);
  const missing = KEYS.find((k) => !keys.includes(k));
  if (missing !== undefined) return bad(missing, 'missing');
  if (doc['document'] !== INVALIDATION_FORMAT) return bad('document', `must be "${INVALIDATION_FORMAT}"`);
  const season = doc['season'];
  if (typeof season !== 'bigint' || season < 0n || season > 999_999n) return bad('season', 'must be an int');
  const track = doc['track'];
  if (typeof track !== 'string' || track === '') return bad('track', 'must be a track name');
  const proofId = doc['freeze_proof_id'];
  if (typeof proofId !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(proofId))
    return bad('freeze_proof_id', 'must be a proof id');
  const sha = doc['freeze_sha256'];
  if (typeof sha !== 'string' || !HEX64.test(sha)) return bad('freeze_sha256', 'must be 64 lowercase hex');
  const reason = doc['reason'];
  if (typeof reason !== 'string') return bad('reason', 'must be a text');
  const problem = reasonProblem(reason);
  if (problem !== null) return bad('reason', problem);
  const at = doc['invalidated_at'];
  if (typeof at !== 'string' || !ISO_MS.test(at) || Number.isNaN(Date.parse(at)))
    return bad('invalidated_at', 'must be a UTC instant YYYY-MM-DDTHH:MM:SS.mmmZ');
  return ok({
    season: Number(season),
    track,
    freezeProofId: proofId,
    freezeSha256: sha,
    reason,
    invalidatedAt: at,
  });
}

export type InvalidationPolicyCode =
  | 'SEASON_INVALIDATE_NOT_OPENED'
  | 'SEASON_ALREADY_INVALIDATED'
  | 'SEASON_INVALIDATE_CLOSED'
  | 'SEASON_INVALIDATE_FREEZE_UNSIGNED';

/**
 * Whether the track's season can be invalidated now (docs/freeze.md "Invalidating a season"): only once it has opened
 * (before, the freeze is replaced: `freeze create --replace --reason`), only once, never after its close was recorded
 * (its scores are out: a fault found then is a correction, docs/disputes.md), and only for a version-3 freeze, the one
 * form the season service holds (it names the freeze by its document_sha256).
 */
export function checkInvalidationRequest(request: {
  season: number;
  track: string;
  opensAt: string;
  now: string;
  documentVersion: number;
  invalidatedAt: string | null;
  closed: boolean;
}): Result<null, InvalidationPolicyCode> {
  const { season, track } = request;
  if (request.invalidatedAt !== null) {
    return fail(
      'SEASON_ALREADY_INVALIDATED',
      `season ${season}, track ${track} was invalidated at ${request.invalidatedAt}: nothing more to do; start over with a new season (docs/freeze.md "Invalidating a season")`,
      { season, track, invalidated_at: request.invalidatedAt },
    );
  }
  if (request.closed) {
    return fail(
      'SEASON_INVALIDATE_CLOSED',
      `season ${season}, track ${track} is closed and scored: it can no longer be invalidated; a fault found now is published as a correction (docs/disputes.md)`,
      { season, track },
    );
  }
  if (Date.parse(request.now) < Date.parse(request.opensAt)) {
    return fail(
      'SEASON_INVALIDATE_NOT_OPENED',
      `season ${season}, track ${track} opens at ${request.opensAt}: before the opening a change is a replacement, not an invalidation; run 'proveit freeze create --replace --reason TEXT'`,
      { season, track, opens_at: request.opensAt, now: request.now },
    );
  }
  if (request.documentVersion !== 3) {
    return fail(
      'SEASON_INVALIDATE_FREEZE_UNSIGNED',
      `the freeze in force of season ${season}, track ${track} is a version-${request.documentVersion} document, which the season service does not hold: an invalidation names the operator-signed (version-3) freeze in force`,
      { season, track, document_version: request.documentVersion },
    );
  }
  return ok(null);
}
