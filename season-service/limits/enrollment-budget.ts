import type { IncomingMessage } from 'node:http';
import { clientAddress } from './client-address.ts';
import type { TokenBuckets } from './token-buckets.ts';

export type EnrollmentBudget = { ok: true } | { ok: false; retryAfterSeconds: number; by: 'key' | 'address' };

/** What the budget reads of the service's context (ServiceContext has these fields; this folder does not import it). */
export interface EnrollmentBuckets {
  enrollBuckets: TokenBuckets;
  enrollKeyBuckets: TokenBuckets;
  trustedProxies: ReadonlySet<string>;
}

/**
 * Takes one enrollment attempt from the key's budget, then from the client address's. Called only for a real
 * attempt (a well-formed key and a body intake accepts), the one that costs a Trust Layer lookup: a malformed call
 * takes nothing. The key is asked first, so a participant retrying past its own budget is refused without taking
 * from the address that everyone behind the same proxy or network shares.
 */
export function takeEnrollmentAttempt(
  context: EnrollmentBuckets,
  request: IncomingMessage,
  apiKeySha256: string,
  nowMs: number,
): EnrollmentBudget {
  const byKey = context.enrollKeyBuckets.take(apiKeySha256, nowMs);
  if (!byKey.ok) return { ok: false, retryAfterSeconds: byKey.retryAfterSeconds, by: 'key' };
  const address = clientAddress(
    request.socket.remoteAddress,
    request.headers['x-forwarded-for'],
    context.trustedProxies,
  );
  const byAddress = context.enrollBuckets.take(address, nowMs);
  if (!byAddress.ok) return { ok: false, retryAfterSeconds: byAddress.retryAfterSeconds, by: 'address' };
  return { ok: true };
}
