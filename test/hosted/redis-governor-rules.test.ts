/**
 * The shared (Redis) governor believes the service's headers by the same rule as the stdio one
 * (src/http/rate-rules.ts): an announced limit is capped, even one an older release left in Redis,
 * and an absurd wait pauses every instance for one window, not an hour.
 */
import fc from "fast-check";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisGovernor, withGovernorScripts } from "../../src/hosted/redis-governor.js";
import { GovernorWaitTooLong, MAX_TRUSTED_LIMIT, RateGovernor } from "../../src/http/governor.js";
import { MAX_SERVER_WAIT_MS } from "../../src/http/retry.js";
import { type Engine, startRedis } from "../helpers/engines.js";

const SEED = 20261125;

describe("RedisGovernor: one rule with the stdio governor", () => {
  let engine: Engine;
  let redis: Redis;
  let n = 0;
  const identity = () => `rules-${process.pid}-${++n}`;

  beforeAll(async () => {
    engine = await startRedis();
    redis = new Redis(engine.url);
  });
  afterAll(async () => {
    redis?.disconnect();
    await engine?.stop();
  });

  it("any announced X-RateLimit-Limit is believed exactly as far as the stdio governor believes it", async () => {
    const announced = fc.oneof(
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
      fc.constantFrom("1000000000", `1${"0".repeat(400)}`, "1e9", "-5", "2.5", "", " 7 ", "Infinity", "NaN"),
      fc.string({ maxLength: 12 }),
    );
    await fc.assert(
      fc.asyncProperty(announced, async (limit) => {
        const id = identity();
        const shared = new RedisGovernor(withGovernorScripts(redis), id, { windowMs: 60_000 });
        (await shared.acquire()).release({ status: 200, limit });
        const local = new RateGovernor();
        (await local.acquire()).release({ status: 200, limit });
        const expected = local.rateLimit().limit;
        expect(shared.rateLimit().limit).toBe(expected);
        await expect
          .poll(async () => Number((await redis.get(`invoicing-mcp:rate:${id}:limit`)) ?? 100))
          .toBe(expected);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it("a limit of 10^9 already in Redis (an older release wrote it) still paces at the cap", async () => {
    const id = identity();
    await redis.set(`invoicing-mcp:rate:${id}:limit`, "1000000000");
    const governor = new RedisGovernor(withGovernorScripts(redis), id, {
      windowMs: 60_000,
      maxInFlight: MAX_TRUSTED_LIMIT + 1,
    });
    await Promise.all(Array.from({ length: MAX_TRUSTED_LIMIT }, () => governor.acquire()));
    await expect(governor.acquire(Date.now() + 1_000)).rejects.toBeInstanceOf(GovernorWaitTooLong);
  });

  it("an absurd Retry-After pauses every instance for one window, not an hour", async () => {
    const windowMs = 400;
    const id = identity();
    const a = new RedisGovernor(withGovernorScripts(redis), id, { windowMs });
    const other = new Redis(engine.url);
    try {
      const b = new RedisGovernor(withGovernorScripts(other), id, { windowMs });
      (await a.acquire()).release({ status: 429, retryAfterMs: MAX_SERVER_WAIT_MS });
      await expect.poll(() => redis.pttl(`invoicing-mcp:rate:${id}:pause`)).toBeGreaterThan(0);
      const permit = await b.acquire(Date.now() + 5 * windowMs);
      permit.release({ status: 200 });
      // Over (-2: gone), or ending in this very millisecond (0): b's timer and Redis' expiry count
      // the same window on two clocks. An hour's pause would still have about 3,600,000 to go.
      expect(await redis.pttl(`invoicing-mcp:rate:${id}:pause`)).toBeLessThanOrEqual(0);
    } finally {
      other.disconnect();
    }
  });
});
