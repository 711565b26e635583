/**
 * What the service says about its rate limit, and how much of it we believe: one rule for the
 * client, the in-memory governor (stdio) and the Redis governor (hosted), so a header that one of
 * them refuses cannot steer another.
 *
 * The service documents a limit per minute (100 requests per API key). A header that asks for a
 * wait of more than a few windows, or announces more requests than any sane limit, is a broken or
 * hostile header: it is not believed, and the governors fall back to the window they know.
 */

/** A service announcing more than this per window is believed only up to it (10^9 would switch pacing off). */
export const MAX_TRUSTED_LIMIT = 10_000;

/** A wait of more than this many windows is not believable for a limit counted per window. */
export const BELIEVABLE_WINDOWS = 5;

/**
 * `X-RateLimit-Limit` as a number to pace by: a whole number of at least 1, at most
 * MAX_TRUSTED_LIMIT; undefined when absent or unreadable (keep what is known).
 */
export function trustedLimit(announced: string | undefined): number | undefined {
  const text = announced?.trim();
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? Math.min(value, MAX_TRUSTED_LIMIT) : undefined;
}

/**
 * The wait to honour when the service asked for one: the soonest believable one of its waits
 * (`Retry-After` and `X-RateLimit-Reset`, each already parsed into ms from now; when the window
 * turns before the Retry-After ends, the next request may probe then), or one window when it asked
 * only for waits beyond BELIEVABLE_WINDOWS windows: after that window the next request goes out
 * and probes. Undefined when it asked for none (the caller's own default).
 */
export function believableWait(windowMs: number, ...asked: (number | undefined)[]): number | undefined {
  const given = asked.filter((ms): ms is number => ms !== undefined && !Number.isNaN(ms));
  if (given.length === 0) return undefined;
  const believed = given.filter((ms) => ms >= 0 && ms <= BELIEVABLE_WINDOWS * windowMs);
  return believed.length > 0 ? Math.min(...believed) : windowMs;
}
