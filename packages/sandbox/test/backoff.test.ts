/** The sender's retry schedule, as the README states it: pure arithmetic, no clock. */
import { describe, expect, it } from "vitest";
import { backoffMs, MAX_DELAY_MS, retryDelayMs } from "../src/webhooks/backoff.js";

describe("the backoff schedule", () => {
  it("waits 1, 2, 4, 8, 16 minutes, then gives up; doubling is capped at 2 h", () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(retryDelayMs(6)).toBeUndefined();
    expect(retryDelayMs(0)).toBeUndefined();
    expect(backoffMs(7)).toBe(3_840_000); // 64 min
    expect(backoffMs(8)).toBe(MAX_DELAY_MS); // 128 min → 120 min
    expect(backoffMs(30)).toBe(MAX_DELAY_MS);
  });
});
