import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseIntake } from '../../main/core/json/intake.ts';
import { isPyObject } from '../../main/core/json/value.ts';
import { INDEX_ANCHOR_FORMAT } from '../../main/core/index/anchor.ts';
import { readBody, sendError } from '../http/respond.ts';
import type { ServiceContext } from '../service-context.ts';
import { cameThroughProxy, type OperatorDocumentKind, operatorRefusal } from './operator-document.ts';

const INDEX_ANCHOR: OperatorDocumentKind = {
  what: 'An Index anchor',
  signedForm: `a "${INDEX_ANCHOR_FORMAT}" document (docs/index-export.md "Anchoring")`,
  isSignedForm: (doc) => doc['document'] === INDEX_ANCHOR_FORMAT,
  makeIt: 'proveit index anchor',
};

/**
 * POST /v1/season/{n}/index (docs/index-export.md "Anchoring"): an exported Index's manifest hash, posted through the
 * Trust Layer proxy so that the proof anchors it, as a freeze is (docs/freeze.md step 6). The proxy sends the
 * challenge secret for every caller (spec §2.3), so the document must also be signed by the operator's key (issue
 * 22): a proof of a forged anchor would date an Index the operator never published. Nothing is stored: the proof is
 * the record; the document is answered back byte for byte.
 */
export async function indexAnchorRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  if (!cameThroughProxy(context, request)) {
    return sendError(response, 403, {
      code: 'INDEX_ANCHOR_NOT_THROUGH_PROXY',
      message: 'An Index manifest hash is posted through the Trust Layer proxy (proveit index anchor).',
    });
  }
  const bytes = await readBody(request, context.limits.smallBodyBytes);
  // The intake parser (issue 36 item 5): the bytes are served as posted, so a key named twice is refused.
  const parsed = parseIntake(bytes);
  const doc = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const season = context.material.season;
  const notOperator = doc === null ? null : operatorRefusal(doc, context.operatorPublicKey, INDEX_ANCHOR);
  if (notOperator !== null) return sendError(response, 403, { code: 'INDEX_ANCHOR_NOT_OPERATOR', ...notOperator });
  if (
    !doc ||
    Object.keys(doc).length !== 6 ||
    doc['season'] !== BigInt(season) ||
    typeof doc['index_version'] !== 'bigint' ||
    typeof doc['manifest_sha256'] !== 'string' ||
    !/^[0-9a-f]{64}$/.test(doc['manifest_sha256'])
  ) {
    return sendError(response, 422, {
      code: 'INDEX_ANCHOR_INVALID',
      message: `${parsed.ok ? '' : `${parsed.error.code}: ${parsed.error.message}. `}Post {"document": "${INDEX_ANCHOR_FORMAT}", "season": ${season}, "index_version", "manifest_sha256", "operator_public_key", "operator_signature"} and no other key.`,
    });
  }
  response.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
  });
  response.end(bytes);
}
