import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCTION_BUNDLE_DIR } from '../../main/services/trust/production-bundle.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- documents are checked field by field
type Json = Record<string, any>;

/** trust/production's published key history (key-1..3, rekor-1..3) as plain JSON, a fresh copy each call. */
export const productionKeyHistory = () =>
  JSON.parse(readFileSync(join(PRODUCTION_BUNDLE_DIR, 'published_keys.json'), 'utf8')) as {
    keys: Json[];
    rekor_keys: Json[];
  };

/** A signing key the Trust Layer published after the production bundle was written (trust-layer-reference §5). */
export const KEY_4 = {
  kid: 'key-4',
  type: 'Ed25519',
  public: `ed25519:${Buffer.alloc(32, 4).toString('base64url')}`,
  node: 'vps1',
  valid_from: '2026-11-20T10:00:00Z',
  retired_at: null,
};

/** The v1.12 GET /v1/pubkey text of the production history plus `extra` keys, the newest signing. */
export function pubkeyAnswer(extra: Json[] = [], change: (keys: Json[]) => void = () => undefined): string {
  const { keys, rekor_keys } = productionKeyHistory();
  const all = [...keys, ...extra];
  change(all);
  const current = all[all.length - 1]!;
  return JSON.stringify({
    pubkey: current.public,
    algorithm: 'Ed25519',
    kid: current.kid,
    rekor_kid: 'rekor-1',
    keys: all,
    rekor_keys,
    rekor_pubkey: rekor_keys[0]!.public_pem,
  });
}
