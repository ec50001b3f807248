import type { IncomingMessage, ServerResponse } from 'node:http';
import { publicTracks } from '../public-tracks.ts';
import type { ServiceContext } from '../service-context.ts';

/**
 * GET /v1/season/{n} (docs/season-service.md "For participants: where the season stands"): public, no token. Where each
 * track stands now, its anchored window and the last instant a corpus read still counts, the public key that signs
 * the service's receipts, so that a participant can check a receipt offline (`proveit season receipt verify`), and the
 * operator's notices (docs/season-service.md "Notices"), oldest first.
 */
export function seasonRoute(context: ServiceContext, _request: IncomingMessage, response: ServerResponse) {
  const now = context.now();
  const head = JSON.stringify({
    season: context.material.season,
    now: now.toISOString(),
    tracks: publicTracks(context, now),
    receipt_public_key: context.receipts.publicKeyHex,
  });
  // Each notice is the signed document exactly as the operator posted it (the intake parser read it whole as one JSON
  // object), spliced in as received so that its bytes are the ones published, not a re-serialisation of them.
  const bytes = Buffer.from(`${head.slice(0, -1)},"notices":[${context.notices.map((n) => n.document).join(',')}]}`);
  response.writeHead(200, {
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Type': 'application/json',
    'Content-Length': String(bytes.length),
  });
  response.end(bytes);
}
