import type { IncomingMessage, ServerResponse } from 'node:http';
import { INVALIDATION_FORMAT, invalidationSha256, readInvalidation } from '../../main/core/freeze/invalidation.ts';
import {
  invalidationsReceived,
  recordInvalidationReceived,
  type InvalidationReceived,
} from '../../main/db/season-service/invalidations-received.ts';
import { sendError } from '../http/respond.ts';
import { trackState } from '../season-windows.ts';
import type { ServiceContext } from '../service-context.ts';
import { answerDocument, type OperatorDocumentKind, postedOperatorDocument } from './operator-document.ts';

const INVALIDATION: OperatorDocumentKind = {
  what: 'An invalidation',
  signedForm: `a "${INVALIDATION_FORMAT}" document (docs/freeze.md "Invalidating a season")`,
  isSignedForm: (doc) => doc['document'] === INVALIDATION_FORMAT,
  makeIt: 'proveit season invalidate',
};

type Decision =
  | { kind: 'recorded' }
  | { kind: 'same'; current: InvalidationReceived }
  | { kind: 'other'; current: InvalidationReceived }
  | { kind: 'not_in_force'; inForce: string | null }
  | { kind: 'not_opened'; opensAt: string | null };

/**
 * POST /v1/season/{n}/invalidate (docs/season-service.md "Invalidation"; spec §8: "A change during the season is not
 * a correction: it invalidates the season"): the operator's signed invalidation of one track's season, posted through
 * the Trust Layer proxy so that the proof anchors it. Accepted only through the proxy (the challenge secret), only
 * signed by the operator's key (the proxy adds the secret for every caller, spec §2.3), only for the track's freeze in
 * force (named by its document_sha256) once the track has opened. From then on the track refuses submissions
 * (SEASON_TRACK_INVALIDATED) and GET /v1/season/{n} shows it `invalidated` with the reason. An accepted document, or
 * the same one posted again, is answered back byte for byte; a refusal records nothing.
 */
export async function invalidateRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  const season = context.material.season;
  const posted = await postedOperatorDocument(context, request, response, INVALIDATION, {
    notThroughProxy: {
      code: 'INVALIDATION_NOT_THROUGH_PROXY',
      message:
        'An invalidation is posted through the Trust Layer proxy (proveit season invalidate), which alone sends the challenge secret.',
    },
    invalid: {
      code: 'INVALIDATION_DOCUMENT_INVALID',
      expected: `Post an invalidation of season ${season} (docs/freeze.md "Invalidating a season").`,
    },
    notOperator: 'INVALIDATION_NOT_OPERATOR',
  });
  if (posted === null) return;
  const { doc, bytes } = posted;
  const read = readInvalidation(doc);
  if (!read.ok || read.value.season !== season) {
    return sendError(response, 422, {
      code: 'INVALIDATION_DOCUMENT_INVALID',
      message: read.ok
        ? `This service runs season ${season}, not season ${read.value.season}.`
        : `${read.error.message} (docs/freeze.md "Invalidating a season").`,
      pointer: `/${read.ok ? 'season' : String(read.error.details?.['field'] ?? '')}`,
    });
  }
  const { track } = read.value;
  if (!context.material.tracks.has(track)) {
    return sendError(response, 422, {
      code: 'INVALIDATION_UNKNOWN_TRACK',
      message: `Season ${season} has no track '${track}' here; tracks: ${[...context.material.tracks.keys()].join(', ')}.`,
      pointer: '/track',
    });
  }
  const now = context.now();
  const arriving: InvalidationReceived = {
    season,
    track,
    receivedAt: now.toISOString(),
    document: bytes.toString('utf8'),
    documentSha256: invalidationSha256(doc),
    freezeSha256: read.value.freezeSha256,
    reason: read.value.reason,
    invalidatedAt: read.value.invalidatedAt,
  };
  // Judged and recorded in one write, so two invalidations arriving together are decided one after the other.
  const decision = await context.writes.run((): Decision => {
    const current = invalidationsReceived(context.db, season).get(track);
    if (current !== undefined) {
      return current.documentSha256 === arriving.documentSha256
        ? { kind: 'same', current }
        : { kind: 'other', current };
    }
    const freeze = context.freezes.get(track);
    if (freeze?.documentSha256 !== arriving.freezeSha256) {
      return { kind: 'not_in_force', inForce: freeze?.documentSha256 ?? null };
    }
    const state = trackState(freeze, now);
    if (state !== 'open' && state !== 'closed') return { kind: 'not_opened', opensAt: freeze.opensAt };
    recordInvalidationReceived(context.db, arriving);
    return { kind: 'recorded' };
  });
  if (decision.kind === 'recorded') {
    context.invalidations = invalidationsReceived(context.db, season);
    return answerDocument(response, bytes);
  }
  if (decision.kind === 'same') return answerDocument(response, Buffer.from(decision.current.document, 'utf8'));
  if (decision.kind === 'other') {
    return sendError(response, 409, {
      code: 'INVALIDATION_ALREADY_RECORDED',
      message: `Track ${track} was invalidated at ${decision.current.invalidatedAt} by the document ${decision.current.documentSha256} (reason: ${decision.current.reason}); nothing changed.`,
    });
  }
  if (decision.kind === 'not_in_force') {
    return sendError(response, 409, {
      code: 'INVALIDATION_FREEZE_NOT_IN_FORCE',
      message: `freeze_sha256 names ${arriving.freezeSha256}, not track ${track}'s freeze in force (${decision.inForce ?? 'none'}); nothing changed.`,
      pointer: '/freeze_sha256',
    });
  }
  return sendError(response, 409, {
    code: 'INVALIDATION_NOT_OPENED',
    message: `Track ${track} has not opened (opening ${decision.opensAt ?? 'not set'}): before the opening a freeze is replaced, not invalidated (proveit freeze create --replace --reason); nothing changed.`,
  });
}
