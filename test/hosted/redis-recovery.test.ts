/**
 * Redis goes away and comes back empty (no persistence, or a new server): the slots the instances
 * took in the last window are gone from it, but the service still counts those requests. Each
 * instance rebuilds its own share of the shared budget from what it remembers, as soon as it is
 * connected again, so the first calls after the return are not a burst the service answers with
 * 429s (which would pause every instance), and calls go on as soon as the remembered slots free:
 * no burst, and no window-long stall.
 */
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { type GovernorSource, redisGovernors } from "../../src/hosted/governors.js";
import { GovernorWaitTooLong } from "../../src/http/governor.js";
import { type Engine, startRedis } from "../helpers/engines.js";

const WINDOW_MS = 10_000;
/** Past the moment every instance holds off after the return (2.5 s), well before the window turns. */
const BURST_MS = 3_500;
const LIMIT = 10;
const BASE = "https://invoicing.example.com";
const KEY = "k_recovery_0123456789";
/** The outage log is another test's subject. */
const quiet = (): void => undefined;

describe("the shared governor after Redis comes back empty", () => {
  let engine: Engine | undefined;
  const sources: GovernorSource[] = [];
  afterEach(async () => {
    for (const source of sources.splice(0)) await source.close();
    await engine?.stop();
    engine = undefined;
  });

  it("each instance puts back the slots it holds: the budget left is what the service still allows", async () => {
    engine = await startRedis();
    const port = Number(new URL(engine.url).port);
    const a = await redisGovernors(engine.url, WINDOW_MS, quiet);
    const b = await redisGovernors(engine.url, WINDOW_MS, quiet);
    sources.push(a, b);
    const ga = a.governor(BASE, KEY);
    const gb = b.governor(BASE, KEY);
    // The service announces its limit; then the two instances use 8 of its 10 requests.
    (await ga.acquire()).release({ status: 200, limit: String(LIMIT) });
    for (let i = 0; i < 3; i++) (await ga.acquire()).release({ status: 200, limit: String(LIMIT) });
    for (let i = 0; i < 4; i++) (await gb.acquire()).release({ status: 200, limit: String(LIMIT) });
    const used = 8;

    // The outage: Redis stops, and starts again on the same address with nothing in it.
    await engine.stop();
    engine = await startRedis(port);
    const restarted = new Redis(engine.url);
    try {
      await expect
        .poll(
          () =>
            Promise.all([a.ping(), b.ping()]).then(
              () => true,
              () => false,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
      // Both instances are connected again; what they remember is back in the shared set.
      await expect
        .poll(
          async () => {
            const keys = await restarted.keys("invoicing-mcp:rate:*:slots");
            return keys.length === 1 ? restarted.zcard(keys[0]!) : 0;
          },
          { timeout: 5_000 },
        )
        .toBeGreaterThanOrEqual(used);
    } finally {
      restarted.disconnect();
    }

    // A burst on one instance gets only what is left of the window, not the whole limit.
    const burstUntil = Date.now() + BURST_MS;
    let admitted = 0;
    for (;;) {
      try {
        (await ga.acquire(burstUntil)).release({ status: 200 });
        admitted += 1;
      } catch (error) {
        expect(error).toBeInstanceOf(GovernorWaitTooLong);
        break;
      }
      if (admitted > LIMIT) break;
    }
    expect(admitted).toBeLessThanOrEqual(LIMIT - used);

    // No stall beyond the window: once the remembered slots free, calls go on.
    const permit = await gb.acquire(Date.now() + WINDOW_MS + 2_000);
    permit.release({ status: 200 });
  }, 60_000);
});

describe("the shared pause after a 429", () => {
  let engine: Engine | undefined;
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
  });

  it("lasts until the service's reset when that is sooner than its Retry-After, on every instance", async () => {
    engine = await startRedis();
    const a = await redisGovernors(engine.url, 60_000, quiet);
    const b = await redisGovernors(engine.url, 60_000, quiet);
    try {
      const ga = a.governor(BASE, KEY);
      const gb = b.governor(BASE, KEY);
      (await ga.acquire()).release({ status: 429, retryAfterMs: 55_000, resetMs: 1_000 });
      await new Promise((resolve) => setTimeout(resolve, 100)); // the release goes out asynchronously
      (await gb.acquire(Date.now() + 5_000)).release({ status: 200 });
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);
});

describe("the moment after Redis is found empty", () => {
  let engine: Engine | undefined;
  afterEach(async () => {
    await engine?.stop();
    engine = undefined;
  });

  it("holds every instance a moment (not a window) so that the others can put their slots back first", async () => {
    engine = await startRedis();
    const port = Number(new URL(engine.url).port);
    const a = await redisGovernors(engine.url, WINDOW_MS, quiet);
    const b = await redisGovernors(engine.url, WINDOW_MS, quiet);
    try {
      (await a.governor(BASE, KEY).acquire()).release({ status: 200 });
      await engine.stop();
      engine = await startRedis(port);
      const admin = new Redis(engine.url);
      try {
        // Instance a is back and has found the shared state lost (its epoch key is set again).
        await expect
          .poll(async () => (await admin.keys("invoicing-mcp:rate:*:epoch")).length, { timeout: 10_000 })
          .toBe(1);
      } finally {
        admin.disconnect();
      }
      await expect
        .poll(
          () =>
            b.ping().then(
              () => true,
              () => false,
            ),
          { timeout: 10_000 },
        )
        .toBe(true);
      const gb = b.governor(BASE, KEY); // another instance's first call after the return
      const early = await gb.acquire(Date.now() + 200).then(
        (permit) => {
          permit.release({ status: 200 });
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(early).toBeInstanceOf(GovernorWaitTooLong);
      expect((early as GovernorWaitTooLong).waitMs).toBeLessThanOrEqual(3_000);
      (await gb.acquire(Date.now() + 5_000)).release({ status: 200 });
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);
});
