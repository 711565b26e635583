import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisGovernor, withGovernorScripts } from "../../src/hosted/redis-governor.js";
import { GovernorWaitTooLong } from "../../src/http/governor.js";
import { type Engine, startRedis } from "../helpers/engines.js";

/** The shared governor against a real Redis: two "instances" are two connections with one identity. */
describe("RedisGovernor", () => {
  let engine: Engine;
  const connections: Redis[] = [];
  const connect = () => {
    const redis = new Redis(engine.url);
    connections.push(redis);
    return withGovernorScripts(redis);
  };

  beforeAll(async () => {
    engine = await startRedis();
  });
  afterAll(async () => {
    for (const redis of connections) redis.disconnect();
    await engine?.stop();
  });

  it("never admits more than the limit within any window, across instances", async () => {
    const windowMs = 400;
    const limit = 10;
    const options = { windowMs, limit, maxInFlight: 8 };
    const a = new RedisGovernor(connect(), "shared-key", options);
    const b = new RedisGovernor(connect(), "shared-key", options);
    const admitted: number[] = [];
    const answered: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const permit = await (i % 2 === 0 ? a : b).acquire();
        admitted.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 5));
        answered.push(Date.now());
        permit.release({ status: 200 });
      }),
    );
    admitted.sort((x, y) => x - y);
    // A request may reach the service any time between admission and answer; the worst case is
    // every one arriving at its admission: count admissions inside every window-long interval.
    for (let i = 0; i < admitted.length; i++) {
      const inWindow = admitted.filter((t) => t >= admitted[i]! && t < admitted[i]! + windowMs).length;
      expect(inWindow).toBeLessThanOrEqual(limit);
    }
    expect(admitted).toHaveLength(40);
  });

  it("one instance's 429 pauses every instance for its Retry-After", async () => {
    const a = new RedisGovernor(connect(), "paused-key", { windowMs: 60_000 });
    const b = new RedisGovernor(connect(), "paused-key", { windowMs: 60_000 });
    const permit = await a.acquire();
    permit.release({ status: 429, retryAfterMs: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the release goes out asynchronously
    const refused = b.acquire(Date.now() + 1_000);
    await expect(refused).rejects.toBeInstanceOf(GovernorWaitTooLong);
    const wait = await refused.catch((error: GovernorWaitTooLong) => error.waitMs);
    expect(wait).toBeGreaterThan(4_000);
  });

  it("a limit the service announced to one instance holds for every instance", async () => {
    const a = new RedisGovernor(connect(), "announced-key", { windowMs: 60_000 });
    const b = new RedisGovernor(connect(), "announced-key", { windowMs: 60_000 }); // assumes 100
    (await a.acquire()).release({ status: 200, limit: "3" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await b.acquire();
    await b.acquire();
    await expect(b.acquire(Date.now() + 1_000)).rejects.toBeInstanceOf(GovernorWaitTooLong);
  });

  it("keeps no API key in Redis, only the identity it was given", async () => {
    const keys = await connect().keys("*");
    expect(keys.every((key) => key.startsWith("invoicing-mcp:rate:"))).toBe(true);
  });
});
