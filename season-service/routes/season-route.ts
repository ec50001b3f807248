import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.ts';
import { publicTracks } from '../public-tracks.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * GET /v1/season/{n} (docs/season-service.md "For participants: where the season stands"): public, no token. Where each
 * track stands now, its anchored window and the last instant a corpus read still counts, and the public key that signs
 * the service's receipts, so that a participant can check a receipt offline (`proveit season receipt verify`).
 */
export function seasonRoute(context: ServiceContext, _request: IncomingMessage, response: ServerResponse) {
  const now = context.now();
  sendJson(response, 200, {
    season: context.material.season,
    now: now.toISOString(),
    tracks: publicTracks(context, now),
    receipt_public_key: context.receipts.publicKeyHex,
  });
}
