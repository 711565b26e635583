/**
 * A 429 whose Retry-After (or X-RateLimit-Reset) is not believable: the service documents a limit
 * per minute, so a wait beyond a few windows is a broken or hostile header. Whatever it says, no
 * later call is refused for longer than one window (or a believable reset): the next call after
 * that goes out and probes. A believable long wait, within a few windows, is still honoured.
 */
import { createServer, type Server } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiClient } from "../../src/http/client.js";
import { ApiError, RateLimitedError } from "../../src/http/errors.js";
import { GovernorWaitTooLong, RateGovernor } from "../../src/http/governor.js";
import { BELIEVABLE_WINDOWS } from "../../src/http/rate-rules.js";
import { parseRateLimitReset, parseRetryAfter } from "../../src/http/retry.js";

const SEED = 20261125;
const WINDOW = 60_000;
const START = Date.parse("2026-11-25T10:00:00Z");

function fakeTime(start = START) {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Every form of wait no per-minute service means: huge numbers, far dates, negative, garbage. */
const absurdRetryAfter = fc.oneof(
  // More seconds than a few windows, up to hundreds of digits.
  fc.bigInt({ min: BigInt((BELIEVABLE_WINDOWS * WINDOW) / 1000 + 1), max: 10n ** 400n }).map(String),
  // A date more than a few windows away, up to the year 9999 (HTTP dates have 4-digit years).
  fc
    .integer({ min: BELIEVABLE_WINDOWS * WINDOW + 1_000, max: Date.UTC(9999, 11, 31) - START })
    .map((ms) => new Date(START + ms).toUTCString()),
  fc.constantFrom("Fri, 31 Dec 9999 23:59:59 GMT", "1000000000", "99999999999999999999999"),
  // Negative, fractional, exponent, garbage.
  fc.integer({ min: 1, max: 1e9 }).map((n) => `-${n}`),
  fc.constantFrom("1e9", "1.5", "Infinity", "NaN", "soon", "", " ", "0x10", "60s"),
  fc.string({ maxLength: 40 }),
);

/** Any X-RateLimit-Reset a service may send alongside: none, believable, absurd, garbage. */
const anyReset = fc.option(
  fc.oneof(fc.integer({ min: 0, max: 1e12 }).map(String), fc.string({ maxLength: 20 })),
  { nil: undefined },
);

describe("the governor after a 429 with an absurd wait", () => {
  it("admits the next call within a window (or a believable reset), whatever the headers say", async () => {
    await fc.assert(
      fc.asyncProperty(absurdRetryAfter, anyReset, async (retryAfter, reset) => {
        const time = fakeTime();
        const governor = new RateGovernor({ windowMs: WINDOW, ...time });
        const retryAfterMs = parseRetryAfter(retryAfter, time.now());
        const resetMs = parseRateLimitReset(reset, time.now());
        (await governor.acquire()).release({ status: 429, retryAfterMs, resetMs });
        const before = time.now();
        await governor.acquire(before + WINDOW);
        expect(time.now() - before).toBeLessThanOrEqual(WINDOW);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("honours a believable long wait (up to a few windows) exactly", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: (BELIEVABLE_WINDOWS * WINDOW) / 1000 }), async (seconds) => {
        const time = fakeTime();
        const governor = new RateGovernor({ windowMs: WINDOW, ...time });
        const retryAfterMs = parseRetryAfter(String(seconds), time.now());
        (await governor.acquire()).release({ status: 429, retryAfterMs });
        if (seconds * 1000 > 1) {
          await expect(governor.acquire(time.now() + seconds * 1000 - 1)).rejects.toBeInstanceOf(
            GovernorWaitTooLong,
          );
        }
        const before = time.now();
        await governor.acquire();
        expect(time.now() - before).toBe(seconds * 1000);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it("a reset sooner than the Retry-After ends the pause: the next call probes then", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ windowMs: WINDOW, ...time });
    (await governor.acquire()).release({ status: 429, retryAfterMs: 55_000, resetMs: 2_000 });
    const before = time.now();
    await governor.acquire();
    expect(time.now() - before).toBe(2_000);
  });

  it("an absurd Retry-After with a believable X-RateLimit-Reset waits for the reset", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ windowMs: WINDOW, ...time });
    (await governor.acquire()).release({
      status: 429,
      retryAfterMs: parseRetryAfter("1000000000", time.now()),
      resetMs: parseRateLimitReset("7", time.now()),
    });
    const before = time.now();
    await governor.acquire();
    expect(time.now() - before).toBe(7_000);
  });
});

/** A service that answers the first request with a 429 and `retryAfter`, every later one with 200. */
describe("a tool call after a 429 with an absurd Retry-After", () => {
  let server: Server;
  let url = "";
  let retryAfter = "";
  let requests = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      requests += 1;
      if (requests === 1) {
        res.writeHead(429, { "content-type": "application/json", "retry-after": retryAfter });
        res.end(JSON.stringify({ data: null, meta: null, error: "Rate limit exceeded." }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: [], meta: { total: 0 }, error: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(["1000000000", "99999999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT", "-30", "garbage"])(
    "Retry-After %s: told to wait at most a window, and the call after it reaches the service",
    async (value) => {
      retryAfter = value;
      requests = 0;
      const time = fakeTime();
      const client = new ApiClient({
        baseUrl: url,
        apiKey: "k_absurd_wait_0123456789",
        governor: new RateGovernor({ windowMs: WINDOW, ...time }),
        ...time,
      });
      try {
        const first = await client.get("/api/v1/customers", z.unknown()).then(
          () => undefined,
          (error: unknown) => error,
        );
        // Either retried after a believable wait (garbage: the usual backoff), or refused with a wait
        // of at most one window.
        if (first !== undefined) {
          expect(first).toBeInstanceOf(RateLimitedError);
          expect((first as RateLimitedError).retryAfterMs).toBeLessThanOrEqual(WINDOW);
        }
        time.advance(WINDOW);
        const before = requests;
        await client.get("/api/v1/customers", z.unknown());
        expect(requests).toBe(before + 1);
      } catch (error) {
        if (error instanceof ApiError) throw new Error(`${error.name}: ${error.message}`);
        throw error;
      } finally {
        await client.destroy();
      }
    },
  );
});
