import { freezeDocumentValue, type FreezeDocument } from '../../core/freeze/freeze-document.ts';
import { canonical } from '../../core/json/canonical.ts';
import { loads } from '../../core/json/loads.ts';
import { isPyObject, pyObjectFrom, type PyJson, type PyObject } from '../../core/json/value.ts';
import { fail, ok, type Result } from '../../core/result.ts';
import type { HttpClient } from '../http/http-client.ts';

export type TrustLayerCallCode =
  | 'FREEZE_TRUST_LAYER_UNREACHABLE'
  | 'FREEZE_TRUST_LAYER_REFUSED'
  | 'FREEZE_TRUST_LAYER_ANSWER_INVALID'
  | 'FREEZE_SEASON_HOST_REFUSED';

/** A Trust Layer answer as served (bytes kept for the database) and as json.loads reads it. */
export interface ServedJson {
  bytes: Uint8Array;
  value: PyObject;
}

function trimmed(base: string): string {
  return base.replace(/\/+$/, '');
}

/** The Trust Layer's own error code and message (`{"error": {"code", "message"}}`), never the request's headers. */
function errorOf(value: PyJson | undefined): string {
  const error = isPyObject(value ?? null) ? (value as PyObject)['error'] : undefined;
  if (isPyObject(error ?? null)) {
    const e = error as PyObject;
    return `${String(e['code'] ?? '')}: ${String(e['message'] ?? '')}`;
  }
  return typeof error === 'string' ? error : 'no error body';
}

/** The Trust Layer's own error code (`{"error": {"code"}}`), or null. */
function errorCodeOf(value: PyJson | undefined): string | null {
  const error = isPyObject(value ?? null) ? (value as PyObject)['error'] : undefined;
  const code = isPyObject(error ?? null) ? (error as PyObject)['code'] : undefined;
  return typeof code === 'string' ? code : null;
}

/**
 * The proxy's refusals of the call's target (validate_target_url: HTTPS only, no private address; or the target did
 * not answer): the fault is the season base the freeze is posted to, not the Trust Layer or the key.
 */
const TARGET_ERRORS = new Set(['invalid_target', 'service_error', 'proxy_timeout']);

async function call(
  http: HttpClient,
  request: { method: 'GET' | 'POST'; url: string; apiKey: string; body?: string },
  what: string,
  /** The advice for a refusal whose cause is not the key or the Trust Layer's address (null: those). */
  adviceOf: (errorCode: string | null) => string | null = () => null,
): Promise<Result<ServedJson, TrustLayerCallCode>> {
  const answer = await http.request({
    method: request.method,
    url: request.url,
    headers: {
      'X-Api-Key': request.apiKey,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  if (!answer.ok) {
    return fail(
      'FREEZE_TRUST_LAYER_UNREACHABLE',
      `${what}: ${answer.error.message}; check the Trust Layer's address given with --trust-layer URL`,
      { cause: answer.error.code },
    );
  }
  const parsed = loads(answer.value.body);
  const value = parsed.ok ? parsed.value : undefined;
  if (answer.value.status !== 200) {
    const errorCode = errorCodeOf(value);
    const advice = adviceOf(errorCode) ?? 'check the key in --api-key-file FILE and the address in --trust-layer URL';
    return fail(
      'FREEZE_TRUST_LAYER_REFUSED',
      `${what}: the Trust Layer answered ${answer.value.status} (${errorOf(value)}); ${advice}`,
      { status: answer.value.status, error_code: errorCode },
    );
  }
  if (value === undefined || !isPyObject(value)) {
    return fail('FREEZE_TRUST_LAYER_ANSWER_INVALID', `${what}: the Trust Layer's answer is not a JSON object`);
  }
  return ok({ bytes: answer.value.body, value });
}

/**
 * Anchors a freeze document: one `POST /v1/proxy` whose target is the season service's freeze endpoint and whose
 * payload is the document (spec §8.3; the real freeze proof prf_20260923_072144_2ad720 was such a call). The body
 * is written with canonical() so the season number goes out as the int the document hashes.
 */
export function proxyFreeze(
  http: HttpClient,
  trustLayer: string,
  apiKey: string,
  url: string,
  document: FreezeDocument,
): Promise<Result<ServedJson & { proof: PyObject; proofId: string }, TrustLayerCallCode>> {
  return proxyOperatorDocument(http, trustLayer, apiKey, url, freezeDocumentValue(document), 'the freeze');
}

/**
 * One `POST /v1/proxy` posting an operator-signed document to a season service endpoint (a freeze, an invalidation:
 * docs/freeze.md "Invalidating a season"), whose proof anchors it. `what` names the document in refusals.
 */
export async function proxyOperatorDocument(
  http: HttpClient,
  trustLayer: string,
  apiKey: string,
  url: string,
  payload: PyObject,
  what: string,
): Promise<Result<ServedJson & { proof: PyObject; proofId: string }, TrustLayerCallCode>> {
  const body = canonical(
    pyObjectFrom([
      ['target', url],
      ['method', 'POST'],
      ['payload', payload],
      ['currency', 'eur'],
    ]),
  );
  const answer = await call(
    http,
    { method: 'POST', url: `${trimmed(trustLayer)}/v1/proxy`, apiKey, body },
    'POST /v1/proxy',
    // The season base defaults to --season-url, often a loopback or plain-http address the proxy cannot call: the
    // refusal names the option to correct (docs/console.md "Screens").
    (errorCode) =>
      errorCode !== null && TARGET_ERRORS.has(errorCode)
        ? `the proxy could not post ${what} to ${url}: give --season-base URL, the season service's public HTTPS address as the Trust Layer reaches it (e.g. --season-base https://proveit.arkforge.tech; without it, --season-url is used)`
        : null,
  );
  if (!answer.ok) return answer;
  const proof = answer.value.value['proof'];
  const proofId = isPyObject(proof ?? null) ? (proof as PyObject)['proof_id'] : undefined;
  if (!isPyObject(proof ?? null) || typeof proofId !== 'string') {
    return fail('FREEZE_TRUST_LAYER_ANSWER_INVALID', 'POST /v1/proxy: the answer has no proof with a proof_id');
  }
  const service = answer.value.value['service_response'];
  const status = isPyObject(service ?? null) ? (service as PyObject)['status_code'] : undefined;
  if (status !== 200n) {
    // The season service's own refusal (FREEZE_NOT_OPERATOR, FREEZE_SUPERSEDED, ...), as the proxy relays its body.
    const hostError = isPyObject(service ?? null) ? errorOf((service as PyObject)['body']) : 'no error body';
    return fail(
      'FREEZE_SEASON_HOST_REFUSED',
      `the season service answered ${String(status)} (${hostError}) to ${what} posted to ${url} (proof ${proofId} records that call); check --season-base, and that the service was started with this operator key (--operator-public-key)`,
      {
        status: typeof status === 'bigint' ? Number(status) : null,
        proof_id: proofId,
        host_code: isPyObject(service ?? null) ? errorCodeOf((service as PyObject)['body']) : null,
      },
    );
  }
  return ok({ ...answer.value, proof: proof as PyObject, proofId });
}

/** `GET /v1/proof/{id}/full` with the owner's key (trust-layer-reference §3.3): commitment_nonces and chain_data. */
export function ownerFullView(
  http: HttpClient,
  trustLayer: string,
  apiKey: string,
  proofId: string,
): Promise<Result<ServedJson, TrustLayerCallCode>> {
  return call(
    http,
    { method: 'GET', url: `${trimmed(trustLayer)}/v1/proof/${encodeURIComponent(proofId)}/full`, apiKey },
    `GET /v1/proof/${proofId}/full`,
  );
}

/** `GET /v1/proof/{id}`: the public view a third party verifies (no key). */
export async function publicView(
  http: HttpClient,
  trustLayer: string,
  proofId: string,
): Promise<Result<Uint8Array, TrustLayerCallCode>> {
  const url = `${trimmed(trustLayer)}/v1/proof/${encodeURIComponent(proofId)}`;
  const answer = await http.request({ method: 'GET', url });
  if (!answer.ok) {
    return fail('FREEZE_TRUST_LAYER_UNREACHABLE', `GET /v1/proof/${proofId}: ${answer.error.message}`, {
      cause: answer.error.code,
    });
  }
  if (answer.value.status !== 200) {
    const parsed = loads(answer.value.body);
    return fail(
      'FREEZE_TRUST_LAYER_REFUSED',
      `GET /v1/proof/${proofId}: the Trust Layer answered ${answer.value.status} (${errorOf(parsed.ok ? parsed.value : undefined)})`,
      { status: answer.value.status },
    );
  }
  return ok(answer.value.body);
}
