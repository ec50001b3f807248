import type { IncomingMessage, ServerResponse } from 'node:http';
import { judgeArrival } from '../../main/core/freeze/freeze-chain.ts';
import { readOperatorFreeze } from '../../main/core/freeze/operator-freeze.ts';
import { sha256Canonical } from '../../main/core/json/sha256-canonical.ts';
import {
  recordFreezeReceived,
  signedFreezesOf,
  type SignedFreezeReceived,
} from '../../main/db/season-service/freezes-received.ts';
import { sendError, type ServiceError } from '../http/respond.ts';
import { trackState } from '../season-windows.ts';
import { loadFreezes, type ServiceContext } from '../service-context.ts';
import { answerDocument, type OperatorDocumentKind, postedOperatorDocument } from './operator-document.ts';

const FREEZE_DOCUMENT: OperatorDocumentKind = {
  what: 'A freeze',
  signedForm: 'a freeze document of version 3 (docs/freeze.md)',
  isSignedForm: (doc) => doc['document_version'] === 3n,
  makeIt: 'proveit freeze create',
};

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const instant = (value: unknown): string | null =>
  typeof value === 'string' && ISO_UTC.test(value) && !Number.isNaN(Date.parse(value))
    ? new Date(Date.parse(value)).toISOString()
    : null;

type Decision =
  | { kind: 'recorded' }
  | { kind: 'in_force'; current: SignedFreezeReceived }
  | { kind: 'superseded' | 'replaces_unknown' | 'opened'; current: SignedFreezeReceived | null };

/**
 * POST /v1/season/{n}/freeze (docs/freeze.md step 6): the freeze document, posted through the Trust Layer proxy so
 * that the proof anchors it. The challenge secret proves only that it came through the proxy, which adds it for
 * every caller (spec §2.3): the document must also be the operator's, a version-3 document signed by the key the
 * service was started with (docs/season-service.md "Only the operator changes the season"). The freeze in force is the
 * end of the chain the documents write (main/core/freeze/freeze-chain.ts), never the last one received: a document
 * received before changes nothing. Once a track has opened its freeze cannot be replaced (spec §8). An accepted
 * document is answered back byte for byte.
 */
export async function freezeRoute(context: ServiceContext, request: IncomingMessage, response: ServerResponse) {
  const season = context.material.season;
  // The intake parser inside (issue 36 item 5): the service stores and serves these very bytes, so a key named twice
  // (read last-wins here, first-wins by another reader) is refused, not signed-checked on one reading and served as both.
  const posted = await postedOperatorDocument(context, request, response, FREEZE_DOCUMENT, {
    notThroughProxy: {
      code: 'FREEZE_NOT_THROUGH_PROXY',
      message:
        'A freeze is posted through the Trust Layer proxy (proveit freeze create), which alone sends the challenge secret.',
    },
    invalid: {
      code: 'FREEZE_DOCUMENT_INVALID',
      expected: `Post a freeze document of season ${season} (docs/freeze.md "The freeze document").`,
    },
    notOperator: 'FREEZE_NOT_OPERATOR',
  });
  if (posted === null) return;
  const { doc, bytes } = posted;
  if (doc['season'] !== BigInt(season) || typeof doc['track'] !== 'string') {
    return sendError(response, 422, {
      code: 'FREEZE_DOCUMENT_INVALID',
      message: `Post a freeze document of season ${season} (docs/freeze.md "The freeze document").`,
      pointer: doc['season'] !== BigInt(season) ? '/season' : '/track',
    });
  }
  const track = doc['track'];
  if (!context.material.tracks.has(track)) {
    return sendError(response, 422, {
      code: 'FREEZE_UNKNOWN_TRACK',
      message: `Season ${season} has no track '${track}' here; tracks: ${[...context.material.tracks.keys()].join(', ')}.`,
      pointer: '/track',
    });
  }
  const read = readOperatorFreeze(doc);
  if (!read.ok) {
    return sendError(response, 422, {
      code: 'FREEZE_DOCUMENT_INVALID',
      message: read.error.message,
      pointer: `/${String(read.error.details?.['field'] ?? '')}`,
    });
  }
  const opensAt = instant(read.value.opens_at);
  const closesAt = instant(read.value.closes_at);
  if (opensAt === null || closesAt === null || opensAt >= closesAt) {
    return sendError(response, 422, {
      code: 'FREEZE_TIMES_INVALID',
      message: 'opens_at and closes_at must be UTC instants (YYYY-MM-DDTHH:MM:SSZ), the opening before the close.',
    });
  }
  const now = context.now();
  const arriving: SignedFreezeReceived = {
    season,
    track,
    receivedAt: now.toISOString(),
    opensAt,
    closesAt,
    document: bytes.toString('utf8'),
    documentSha256: sha256Canonical(doc),
    replacesSha256: read.value.replaces_sha256 ?? null,
    signedAt: read.value.signed_at as string,
  };
  // Judged and recorded in one write, so two documents arriving together are decided one after the other.
  const decision = await context.writes.run((): Decision => {
    const arrival = judgeArrival(signedFreezesOf(context.db, season, track), arriving);
    if (arrival.kind !== 'accepted') return arrival;
    const state = arrival.current === null ? 'not_frozen' : trackState(arrival.current, now);
    if (state === 'open' || state === 'closed') return { kind: 'opened', current: arrival.current };
    recordFreezeReceived(context.db, arriving);
    return { kind: 'recorded' };
  });
  if (decision.kind === 'recorded') {
    context.freezes = loadFreezes(context.db, season);
    return answerDocument(response, bytes);
  }
  if (decision.kind === 'in_force') return answerDocument(response, Buffer.from(decision.current.document, 'utf8'));
  const inForce = decision.current?.documentSha256 ?? null;
  const named = inForce === null ? 'no freeze is in force' : `the freeze in force is the document ${inForce}`;
  // Each refusal names the document in force by its document_sha256 (proof-free: the service keeps no proof id).
  const refusal: ServiceError & { in_force_sha256: string | null } =
    decision.kind === 'opened'
      ? {
          code: 'FREEZE_SEASON_OPENED',
          message: `Track ${track} opened at ${decision.current?.opensAt}: its freeze can no longer be replaced (spec §8); ${named}.`,
          in_force_sha256: inForce,
        }
      : decision.kind === 'replaces_unknown'
        ? {
            code: 'FREEZE_REPLACES_UNKNOWN',
            message: `replaces_sha256 names ${arriving.replacesSha256}, a document this service never received, so nothing changed; ${named}. Replace the freeze in force (proveit freeze publish lists the chain).`,
            pointer: '/replaces_sha256',
            in_force_sha256: inForce,
          }
        : {
            code: 'FREEZE_SUPERSEDED',
            message: `This document (${arriving.documentSha256}) is not the end of track ${track}'s freeze chain, so nothing changed: ${named}. A replacement names the freeze in force in replaces_sha256.`,
            in_force_sha256: inForce,
          };
  return sendError(response, 409, refusal);
}
