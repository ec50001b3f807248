import type { IncomingMessage, ServerResponse } from 'node:http';
import { loads } from '../../main/core/json/loads.ts';
import { isPyObject } from '../../main/core/json/value.ts';
import { readBody, sendError } from '../http/respond.ts';
import { secretsEqual } from '../secrets.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * POST /v1/season/{n}/index (docs/index-export.md "Anchoring"): an exported Index's manifest hash, posted through the
 * Trust Layer proxy so that the proof anchors it, as a freeze is (docs/freeze.md step 6). Only the proxy sends the
 * challenge secret (spec §2.3). Nothing is stored: the proof is the record; the document is answered back byte for
 * byte.
 */
export async function indexAnchorRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  const secret = request.headers['x-challenge-secret'];
  if (
    context.challengeSecretSha256 === null ||
    typeof secret !== 'string' ||
    !secretsEqual(secret, context.challengeSecretSha256)
  ) {
    return sendError(response, 403, {
      code: 'INDEX_ANCHOR_NOT_THROUGH_PROXY',
      message: 'An Index manifest hash is posted through the Trust Layer proxy (proveit index anchor).',
    });
  }
  const bytes = await readBody(request, context.limits.smallBodyBytes);
  const parsed = loads(bytes);
  const doc = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const season = context.material.season;
  if (
    !doc ||
    doc['document'] !== 'proveit-index-anchor/1' ||
    doc['season'] !== BigInt(season) ||
    typeof doc['index_version'] !== 'bigint' ||
    typeof doc['manifest_sha256'] !== 'string' ||
    !/^[0-9a-f]{64}$/.test(doc['manifest_sha256'])
  ) {
    return sendError(response, 422, {
      code: 'INDEX_ANCHOR_INVALID',
      message: `Post {"document": "proveit-index-anchor/1", "season": ${season}, "index_version", "manifest_sha256"}.`,
    });
  }
  response.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
  });
  response.end(bytes);
}
