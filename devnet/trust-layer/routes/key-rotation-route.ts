import type { ServerResponse } from 'node:http';
import { sendJson } from '../../http/http-helpers.ts';
import type { TrustLayerContext } from '../trust-layer-context.ts';

/**
 * POST /_devnet/rotate-key (devnet only, X-Internal-Secret): the Trust Layer rotates its Ed25519 signing key. The
 * new kid signs every proof made from now on and `/v1/pubkey` publishes it with the earlier keys kept in `keys`
 * (reference §5: the history is append-only), so a trust bundle written before the rotation lacks it.
 */
export function rotateKey(context: TrustLayerContext, response: ServerResponse) {
  const key = context.rotateSigningKey();
  const pubkey = context.pubkeyDocument;
  const keys = Array.isArray(pubkey['keys']) ? pubkey['keys'] : [];
  sendJson(response, 200, {
    kid: key.kid,
    public: key.publicKey,
    valid_from: key.validFrom,
    published_kids: keys.map((k) =>
      k !== null && typeof k === 'object' && !Array.isArray(k) ? (k['kid'] ?? null) : null,
    ),
  });
}
