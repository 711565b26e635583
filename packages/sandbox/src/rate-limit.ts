/**
 * Fixed-window rate limit per API key: a window opens at the key's first request and lasts
 * `windowMs`; within it at most `limit` requests are answered, the rest get 429.
 */
export interface RateLimitOptions {
  limit: number;
  windowMs: number;
}

export type RateDecision =
  | { allowed: true; limit: number; remaining: number }
  | { allowed: false; limit: number; remaining: 0; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number,
  ) {}

  take(key: string): RateDecision {
    const { limit, windowMs } = this.options;
    const t = this.now();
    let window = this.windows.get(key);
    if (!window || t >= window.start + windowMs) {
      window = { start: t, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= limit) {
      // Whole seconds, rounded up and at least 1: a client that waits this long is let in again.
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - t) / 1000));
      return { allowed: false, limit, remaining: 0, retryAfterSeconds };
    }
    window.count++;
    return { allowed: true, limit, remaining: limit - window.count };
  }
}
