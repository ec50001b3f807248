import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError, type ServiceError } from '../http/respond.ts';
import { trackWindows, type ServiceContext } from '../service-context.ts';
import { refuseInvalidated, refuseOutsideWindow } from './window-refusal.ts';

/**
 * Revalidate on every use (RFC 9111 §5.2.2.4): a cache may keep the bytes, and the ETag makes asking again cheap (304),
 * but never serves them without asking, so a refusal that comes later (an invalidation) is what the next reader sees.
 */
const CATALOGUE_HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-cache',
  'X-Content-Type-Options': 'nosniff',
};

/** If-None-Match against one strong ETag, with the weak comparison RFC 9110 §13.1.2 prescribes for it. */
function notModified(request: IncomingMessage, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The manifest_hash of a freeze document the freeze route accepted (a version-3 document: 64 lowercase hex). */
function frozenManifestHash(document: string): string | null {
  const value = (JSON.parse(document) as Record<string, unknown>)['manifest_hash'];
  return typeof value === 'string' ? value : null;
}

/**
 * GET /v1/season/{n}/catalogue/{track} (docs/season-service.md "The catalogue"; spec §2.4: "The corpus catalogue
 * publishes, for each resource, the canonical URL, character for character, and that is what the scorer compares"):
 * public from the track's opening, as the tasks are. The body is the track's manifest (docs/corpus-format.md
 * "6. Manifest"), computed once at start from the published files, the same bytes on every request; it is served only
 * while the freeze in force carries its manifest_hash, so what a participant reads is what the operator froze and
 * anchored (spec §8): a service started on another folder refuses rather than publish URLs no freeze covers.
 */
export function catalogueRoute(
  context: ServiceContext,
  request: IncomingMessage,
  response: ServerResponse,
  track: string,
) {
  const material = context.material.tracks.get(track);
  if (!material) {
    return sendError(response, 404, {
      code: 'CATALOGUE_TRACK_UNKNOWN',
      message: `Season ${context.material.season} has no track '${track}'; its tracks: ${[...context.material.tracks.keys()].join(', ')}. GET /v1/season/${context.material.season}/catalogue/{track} with one of them.`,
    });
  }
  const window = trackWindows(context, context.now()).get(track)!;
  if (window.invalidation) return refuseInvalidated(response, track, window.invalidation);
  if (window.state !== 'open' && window.state !== 'closed') {
    return refuseOutsideWindow(response, 'not_open', `reading track ${track}'s catalogue`);
  }
  const catalogue = material.catalogue;
  if (catalogue === null) {
    return sendError(response, 503, {
      code: 'CATALOGUE_NOT_LOADED',
      message: `This service was started on a folder that holds no catalogue.json for track ${track}; the operator restarts it with the track folder that was frozen (proveit season serve --season-dir). Until then read the canonical URLs from the freeze publication's corpus.`,
    });
  }
  // The track is open or closed, so a freeze with its times is in force (season-windows.ts).
  const frozen = window.freeze ? frozenManifestHash(window.freeze.document) : null;
  if (frozen !== catalogue.manifestHash) {
    const refusal: ServiceError & { manifest_hash: string; frozen_manifest_hash: string | null } = {
      code: 'CATALOGUE_FREEZE_MISMATCH',
      message: `The catalogue this service computed for track ${track} (manifest_hash ${catalogue.manifestHash}) is not the one its freeze in force anchored (manifest_hash ${frozen ?? 'none'}), so it is not served: only a frozen catalogue is. The operator restarts the service on the frozen track folder ('proveit corpus manifest DIR' prints its manifest_hash); the freeze publication (docs/freeze.md) names the frozen hash.`,
      manifest_hash: catalogue.manifestHash,
      frozen_manifest_hash: frozen,
    };
    return sendError(response, 409, refusal);
  }
  const etag = `"${catalogue.sha256}"`;
  if (notModified(request, etag)) {
    response.writeHead(304, { 'Cache-Control': CATALOGUE_HEADERS['Cache-Control'], ETag: etag });
    return response.end();
  }
  response.writeHead(200, { ...CATALOGUE_HEADERS, ETag: etag, 'Content-Length': String(catalogue.bytes.length) });
  response.end(catalogue.bytes);
}
