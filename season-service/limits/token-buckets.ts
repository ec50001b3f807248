/**
 * Token buckets keyed by a string (a participant, an IP): `capacity` requests at once, refilled at `perSecond`. Time
 * is an argument, so the limiter is tested without a clock. Full buckets are forgotten when the map grows, which
 * bounds memory under a stream of new keys.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Takes one token; when none is left, says how many whole seconds until one is (for Retry-After). */
  take(key: string, nowMs: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: nowMs };
    const elapsed = Math.max(0, nowMs - bucket.at) / 1000;
    bucket.tokens = Math.min(this.capacity, bucket.tokens + elapsed * this.perSecond);
    bucket.at = nowMs;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond)) };
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.forgetFull(nowMs);
    return { ok: true };
  }

  private forgetFull(nowMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((nowMs - bucket.at) / 1000) * this.perSecond >= this.capacity) this.buckets.delete(key);
    }
  }
}
