import type { IncomingMessage, ServerResponse } from 'node:http';
import { loads } from '../../main/core/json/loads.ts';
import { isPyObject } from '../../main/core/json/value.ts';
import { recordFreezeReceived } from '../../main/db/season-service/freezes-received.ts';
import { readBody, sendError } from '../http/respond.ts';
import { secretsEqual } from '../secrets.ts';
import { loadFreezes, trackWindows, type ServiceContext } from '../service-context.ts';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const instant = (value: unknown): string | null =>
  typeof value === 'string' && ISO_UTC.test(value) && !Number.isNaN(Date.parse(value))
    ? new Date(Date.parse(value)).toISOString()
    : null;

/**
 * POST /v1/season/{n}/freeze (docs/freeze.md step 6): the freeze document, posted through the Trust Layer proxy so
 * that the proof anchors it. Only the proxy can send X-Challenge-Secret (spec §2.3), so a document that arrives
 * without it was not anchored and is refused. The document is answered back byte for byte. The freeze in force sets
 * the track's opening and close (freeze document version 2); once a track has opened it cannot be replaced (spec §8).
 */
export async function freezeRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  const secret = request.headers['x-challenge-secret'];
  if (
    context.challengeSecretSha256 === null ||
    typeof secret !== 'string' ||
    !secretsEqual(secret, context.challengeSecretSha256)
  ) {
    return sendError(response, 403, {
      code: 'FREEZE_NOT_THROUGH_PROXY',
      message:
        'A freeze is posted through the Trust Layer proxy (proveit freeze create), which alone sends the challenge secret.',
    });
  }
  const bytes = await readBody(request, context.limits.smallBodyBytes);
  const parsed = loads(bytes);
  const doc = parsed.ok && isPyObject(parsed.value) ? parsed.value : null;
  const season = context.material.season;
  if (!doc || doc['season'] !== BigInt(season) || typeof doc['track'] !== 'string') {
    return sendError(response, 422, {
      code: 'FREEZE_DOCUMENT_INVALID',
      message: `Post a freeze document of season ${season} (docs/freeze.md "The freeze document").`,
    });
  }
  const track = doc['track'];
  if (!context.material.tracks.has(track)) {
    return sendError(response, 422, {
      code: 'FREEZE_UNKNOWN_TRACK',
      message: `Season ${season} has no track '${track}' here; tracks: ${[...context.material.tracks.keys()].join(', ')}.`,
    });
  }
  const opensAt = 'opens_at' in doc ? instant(doc['opens_at']) : null;
  const closesAt = 'closes_at' in doc ? instant(doc['closes_at']) : null;
  if (('opens_at' in doc || 'closes_at' in doc) && (opensAt === null || closesAt === null || opensAt >= closesAt)) {
    return sendError(response, 422, {
      code: 'FREEZE_TIMES_INVALID',
      message: 'opens_at and closes_at must be UTC instants (YYYY-MM-DDTHH:MM:SSZ), the opening before the close.',
    });
  }
  const now = context.now();
  const current = trackWindows(context, now).get(track);
  if (current && (current.state === 'open' || current.state === 'closed')) {
    return sendError(response, 409, {
      code: 'FREEZE_SEASON_OPENED',
      message: `Track ${track} opened at ${current.freeze?.opensAt}: its freeze can no longer be replaced (spec §8).`,
    });
  }
  await context.writes.run(() =>
    recordFreezeReceived(context.db, {
      season,
      track,
      receivedAt: now.toISOString(),
      opensAt,
      closesAt,
      document: bytes.toString('utf8'),
    }),
  );
  context.freezes = loadFreezes(context.db, season);
  response.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': String(bytes.length),
    'Cache-Control': 'no-store',
  });
  response.end(bytes);
}
