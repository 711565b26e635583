/**
 * How often one client address may do something (post a sign-in form, register a client) in a
 * window: a fixed window that starts with the address's first attempt. With Redis configured the
 * count lives there, so it is one limit for all instances behind a balancer; without, each instance
 * counts its own. Addresses are kept only as a hash. When Redis cannot be reached the attempt is
 * refused (the caller answers 503): a limit that guards API keys must not open up in an outage.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

export interface AddressLimit {
  /** Counts one attempt; false when the address is over its limit. Rejects when Redis is unreachable. */
  take(address: string): Promise<boolean>;
  /** Seconds to tell a refused client to wait: the whole window, at most. */
  readonly retryAfterSeconds: number;
}

/** Makes the limits of one process (memory) or of every instance (Redis). */
export type AddressLimits = (name: string, limit: number, windowMs: number) => AddressLimit;

export function memoryLimits(now: () => number = Date.now): AddressLimits {
  return (_name, limit, windowMs) => {
    const windows = new Map<string, { start: number; count: number }>();
    const forgetOld = (at: number) => {
      for (const [address, window] of windows) if (at - window.start >= windowMs) windows.delete(address);
    };
    return {
      retryAfterSeconds: Math.ceil(windowMs / 1000),
      async take(address) {
        const at = now();
        let window = windows.get(address);
        if (!window || at - window.start >= windowMs) {
          if (windows.size > 50_000) forgetOld(at);
          window = { start: at, count: 0 };
          windows.set(address, window);
        }
        window.count++;
        return window.count <= limit;
      },
    };
  };
}

// KEYS: the address's counter. ARGV: the window in ms. Returns the count, this attempt included.
const COUNT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

export function redisLimits(redis: Redis): AddressLimits {
  return (name, limit, windowMs) => ({
    retryAfterSeconds: Math.ceil(windowMs / 1000),
    async take(address) {
      const hashed = createHash("sha256").update(address).digest("hex").slice(0, 32);
      const count = await redis.eval(COUNT, 1, `invoicing-mcp:limit:${name}:${hashed}`, windowMs);
      return Number(count) <= limit;
    },
  });
}
