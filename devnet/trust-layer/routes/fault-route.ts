import type { ServerResponse } from 'node:http';
import { isPyObject, type PyJson, type PyObject } from '../../../main/core/json/value.ts';
import { sendError, sendJson } from '../../http/http-helpers.ts';
import { ANCHOR_STEPS, type AnchorStep } from '../trust-layer-faults.ts';
import { PROOF_ID_PATTERN, type TrustLayerContext } from '../trust-layer-context.ts';
import type { HostFault } from '../upstream.ts';

const HOST_FAULTS = [null, 'refuse', 'timeout', 'drop-secret', 'unavailable'];

const USAGE =
  'Send {"host": "<devnet host>", "fault": "refuse" | "timeout" | "drop-secret" | null}, or ' +
  '{"host": "<a corpus track host, e.g. conformite.corpus.devnet.localhost>", "fault": "unavailable"} ' +
  "for that track's 503 body, or " +
  '{"proof_ids": ["prf_…", …], "fault": "null-answer" | null} for proofs the Trust Layer answers null for, or ' +
  '{"anchor_step": "timestamp_authority" | "transparency_log", "fault": "failed" | null} for a witness step that ' +
  'fails at every batch close.';

/** A corpus-side fault: the proxy's calls to a devnet host, or a track's 503 switch. */
async function hostFault(context: TrustLayerContext, response: ServerResponse, host: PyJson, fault: PyJson) {
  if (
    typeof host !== 'string' ||
    !context.upstream.isDevnetHost(host) ||
    !HOST_FAULTS.includes(fault as string | null) ||
    (fault === 'unavailable' && !context.corpus.hosts.has(host))
  ) {
    return sendError(response, 400, 'invalid_request', USAGE);
  }
  // "unavailable" is the corpus server's own switch (the track's /_systeme/503 body); the others act in the proxy.
  if (context.corpus.hosts.has(host)) context.corpus.setUnavailable(host, fault === 'unavailable');
  await context.upstream.setFault(host, fault === 'unavailable' ? null : (fault as HostFault | null));
  sendJson(response, 200, { host, fault });
}

/** Proofs the Trust Layer answers null for (POST /v1/proofs) and 404 for (GET /v1/proof/{id}) until cleared. */
function nullAnswerFault(context: TrustLayerContext, response: ServerResponse, ids: PyJson, fault: PyJson) {
  const valid =
    Array.isArray(ids) &&
    ids.length > 0 &&
    ids.every((id) => typeof id === 'string' && PROOF_ID_PATTERN.test(id)) &&
    (fault === 'null-answer' || fault === null);
  if (!valid) return sendError(response, 400, 'invalid_request', USAGE);
  context.faults.setNullAnswers(ids as string[], fault === 'null-answer');
  sendJson(response, 200, { proof_ids: ids, fault });
}

/** A witness step that fails at every batch close until cleared (reference §6.1 "Failed anchors"). */
function anchorStepFault(context: TrustLayerContext, response: ServerResponse, step: PyJson, fault: PyJson) {
  if (!ANCHOR_STEPS.includes(step as AnchorStep) || (fault !== 'failed' && fault !== null)) {
    return sendError(response, 400, 'invalid_request', USAGE);
  }
  context.faults.setStepFailure(step as AnchorStep, fault === 'failed');
  sendJson(response, 200, { anchor_step: step, fault });
}

/**
 * POST /_devnet/faults (devnet only, X-Internal-Secret): one fault per call, named by what it acts on: a devnet
 * `host`, cited `proof_ids`, or an `anchor_step`. `"fault": null` clears it.
 */
export async function postFault(context: TrustLayerContext, response: ServerResponse, body: PyJson | undefined) {
  const object: PyObject | null = body !== undefined && isPyObject(body) ? body : null;
  const fault = object?.['fault'];
  if (object === null || fault === undefined) return sendError(response, 400, 'invalid_request', USAGE);
  if ('host' in object) return hostFault(context, response, object['host'], fault);
  if ('proof_ids' in object) return nullAnswerFault(context, response, object['proof_ids'], fault);
  if ('anchor_step' in object) return anchorStepFault(context, response, object['anchor_step'], fault);
  return sendError(response, 400, 'invalid_request', USAGE);
}
