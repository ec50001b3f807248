import { fail, ok, type Result } from '../result.ts';
import type { ArkforgeRekorKey, RekorCode, RekorFacts } from './model.ts';

const normalise = (pem: string) => pem.replace(/\s+/g, '');

/**
 * trust-layer-reference §6.2 step 5: the entry's key must be one ArkForge published (retired keys included:
 * the history is append-only and old entries stay attributable). A key that matches none fails: anyone can
 * log a hashedrekord over the same hex. With no published key at all, attribution is "unverifiable", as the
 * official checker reports for entries made before the keys were published (§9.9).
 */
export function attribute(
  publicKeyPem: string,
  arkforgeKeys: readonly ArkforgeRekorKey[],
): Result<RekorFacts['attribution'], RekorCode> {
  if (arkforgeKeys.length === 0) return ok({ status: 'unverifiable' });
  const embedded = normalise(publicKeyPem);
  const match = arkforgeKeys.find((key) => normalise(key.publicPem) === embedded);
  if (!match) {
    return fail(
      'REKOR_SIGNER_UNKNOWN',
      'the entry was signed with a key that is not among the published ArkForge Rekor keys',
      {
        embeddedKey: publicKeyPem,
        published: arkforgeKeys.map((key) => key.kid),
      },
    );
  }
  return ok({ status: 'verified', kid: match.kid });
}
