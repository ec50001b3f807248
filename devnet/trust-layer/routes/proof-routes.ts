import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPyObject, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import { clientIp, sendBytes, sendError, sendJson } from '../../http/http-helpers.ts';
import { fingerprintOf } from '../accounts.ts';
import { fullView, publicView } from '../proof-views.ts';
import { apiKeyOf, PROOF_ID_PATTERN, type TrustLayerContext } from '../trust-layer-context.ts';

const MAX_BATCH_IDS = 50;

/** One unit of the shared read limit; false when the 429 was already sent. */
function takeRead(context: TrustLayerContext, request: IncomingMessage, response: ServerResponse): boolean {
  const decision = context.limiter.take(clientIp(request), context.now().getTime());
  if (decision.allowed) return true;
  const { limit, windowSeconds } = context.limiter.settings;
  sendError(
    response,
    429,
    'rate_limited',
    `Proof reads are limited to ${limit} per IP per ${windowSeconds} s (GET /v1/proof/{id} and POST /v1/proofs share it). Retry after ${decision.retryAfterSeconds} s.`,
    { 'Retry-After': String(decision.retryAfterSeconds) },
  );
  return false;
}

/** GET /v1/proof/{id}: the public view; counts a view and one read. */
export function getProof(context: TrustLayerContext, request: IncomingMessage, response: ServerResponse, id: string) {
  if (!takeRead(context, request, response)) return;
  if (!PROOF_ID_PATTERN.test(id)) {
    return sendError(response, 400, 'invalid_proof_id', 'A proof id matches ^prf_\\d{8}_\\d{6}_[0-9a-f]{6}$.');
  }
  // A proof under the null-answer fault is answered as an unknown id is, and its view is not counted.
  if (!context.store.proofExists(id) || context.faults.answersNull(id)) {
    return sendError(response, 404, 'not_found', `Proof ${id} not found`);
  }
  context.store.countView(id);
  const stored = context.store.getProof(id);
  if (!stored) return sendError(response, 404, 'not_found', `Proof ${id} not found`);
  sendJson(response, 200, publicView(stored.record, stored.viewsCount));
}

/** GET /v1/proof/{id}/full: owner only, sha256(api_key) == parties.buyer_fingerprint (reference §3.3). */
export function getFullProof(
  context: TrustLayerContext,
  request: IncomingMessage,
  response: ServerResponse,
  id: string,
) {
  const apiKey = apiKeyOf(request);
  if (!apiKey)
    return sendError(response, 401, 'auth_required', 'Send your API key in X-Api-Key or Authorization: Bearer.');
  if (!context.accounts.findKey(apiKey)) return sendError(response, 403, 'invalid_key', 'Invalid API key');
  if (!PROOF_ID_PATTERN.test(id)) {
    return sendError(response, 400, 'invalid_proof_id', 'A proof id matches ^prf_\\d{8}_\\d{6}_[0-9a-f]{6}$.');
  }
  const stored = context.store.getProof(id);
  if (!stored) return sendError(response, 404, 'not_found', `Proof ${id} not found`);
  if (stored.buyerFingerprint !== fingerprintOf(apiKey)) {
    return sendError(response, 403, 'forbidden', 'Only the key that paid for this proof can read its full view.');
  }
  sendJson(response, 200, fullView(stored.record, stored.viewsCount));
}

/** GET|HEAD /v1/proof/{id}/tsr: the raw TimeStampResp of the proof's batch; 404 while pending. */
export function getTsr(context: TrustLayerContext, request: IncomingMessage, response: ServerResponse, id: string) {
  const stored = PROOF_ID_PATTERN.test(id) ? context.store.getProof(id) : undefined;
  if (!stored?.tsr) return sendError(response, 404, 'not_found', `No timestamp token for ${id} (unknown or pending)`);
  if (request.method === 'HEAD') {
    response.writeHead(200, {
      'Content-Type': 'application/timestamp-reply',
      'Content-Length': String(stored.tsr.length),
    });
    response.end();
    return;
  }
  sendBytes(response, 200, 'application/timestamp-reply', stored.tsr);
}

function badList(response: ServerResponse, message: string) {
  sendError(response, 400, 'invalid_request', message);
}

/**
 * POST /v1/proofs (TL v1.11.0): 1 to 50 ids, one read unit for the whole call, no views counted. Only proofs of
 * the PROVE IT sellers are served; any other or unknown id maps to null without revealing existence, and so does a
 * proof under the devnet's null-answer fault (a transient null answer).
 */
export function postProofs(
  context: TrustLayerContext,
  request: IncomingMessage,
  response: ServerResponse,
  body: PyJson | undefined,
) {
  if (!takeRead(context, request, response)) return;
  if (body === undefined || !isPyObject(body))
    return badList(response, 'The body must be JSON: {"proof_ids": [1 to 50 ids]}.');
  const ids = body['proof_ids'];
  if (!Array.isArray(ids)) return badList(response, '"proof_ids" must be a list of 1 to 50 proof ids.');
  if (ids.length === 0 || ids.length > MAX_BATCH_IDS) {
    return badList(response, `"proof_ids" holds ${ids.length} ids; send 1 to ${MAX_BATCH_IDS}.`);
  }
  for (const [index, id] of ids.entries()) {
    if (typeof id !== 'string' || !PROOF_ID_PATTERN.test(id)) {
      return badList(response, `proof_ids[${index}] is not a proof id (^prf_\\d{8}_\\d{6}_[0-9a-f]{6}$).`);
    }
  }
  const proofs: PyObject = {};
  for (const id of ids as string[]) {
    if (id in proofs) continue;
    const stored = context.store.getProof(id);
    const served = stored && context.proveItSellers.has(stored.seller) && !context.faults.answersNull(id);
    proofs[id] = served ? publicView(stored.record, stored.viewsCount) : null;
  }
  sendJson(response, 200, { proofs });
}
