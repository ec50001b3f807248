import type { Clock } from '../clock.ts';

/** How long to wait before retrying after a network error or a 5xx. */
export interface BackoffPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { attempts: 5, firstDelayMs: 1_000, maxDelayMs: 60_000 };

/** The wait after failed attempt number `attempt` (1-based): doubling from firstDelayMs, capped. */
export function backoffDelay(attempt: number, policy: BackoffPolicy): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Runs `attempt` until it says it is done or the attempts run out, sleeping on the Clock between tries.
 * `attempt` returns { retry: true } for a transient failure (network error, 5xx).
 */
export async function withBackoff<T>(
  attempt: (n: number) => Promise<{ retry: boolean; value: T }>,
  policy: BackoffPolicy,
  clock: Clock,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 1; ; n++) {
    const outcome = await attempt(n);
    if (!outcome.retry || n >= policy.attempts || signal?.aborted) return outcome.value;
    await clock.sleep(backoffDelay(n, policy), signal);
  }
}
