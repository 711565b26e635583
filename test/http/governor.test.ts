import { describe, expect, it } from "vitest";
import { GovernorWaitTooLong, MAX_TRUSTED_LIMIT, RateGovernor } from "../../src/http/governor.js";
import { MAX_SERVER_WAIT_MS } from "../../src/http/retry.js";

/** A clock that only moves when someone sleeps: tests of minutes run in microseconds. */
function fakeTime(start = 1_000_000) {
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

function maxInAnyWindow(times: number[], windowMs: number): number {
  let max = 0;
  for (const t of times) max = Math.max(max, times.filter((u) => u >= t && u < t + windowMs).length);
  return max;
}

describe("RateGovernor", () => {
  it("never admits more than the limit in any window", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ limit: 5, windowMs: 1000, maxInFlight: 2, ...time });
    const admitted: number[] = [];
    await Promise.all(
      Array.from({ length: 23 }, async () => {
        const permit = await governor.acquire();
        admitted.push(time.now());
        permit.release({ status: 200 });
      }),
    );
    expect(admitted).toHaveLength(23);
    expect(maxInAnyWindow(admitted, 1000)).toBe(5);
    // 23 requests at 5 per window need four full windows of waiting, and not much more.
    expect(admitted.at(-1)! - admitted[0]!).toBeLessThan(4 * 1000 + 10);
  });

  it("keeps at most maxInFlight requests open", async () => {
    const governor = new RateGovernor({ maxInFlight: 2, ...fakeTime() });
    const first = await governor.acquire();
    await governor.acquire();
    let thirdAdmitted = false;
    const third = governor.acquire().then((p) => {
      thirdAdmitted = true;
      return p;
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(thirdAdmitted).toBe(false);
    first.release();
    await third;
    expect(thirdAdmitted).toBe(true);
  });

  it("pauses everyone after a 429 for its Retry-After", async () => {
    const time = fakeTime();
    const governor = new RateGovernor(time);
    const start = time.now();
    (await governor.acquire()).release({ status: 429, retryAfterMs: 7000 });
    await governor.acquire();
    expect(time.now() - start).toBe(7000);
  });

  it("learns the limit from X-RateLimit-Limit", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ windowMs: 1000, ...time });
    const admitted: number[] = [];
    for (let i = 0; i < 6; i++) {
      const permit = await governor.acquire();
      admitted.push(time.now());
      permit.release({ status: 200, limit: "3", remaining: String(Math.max(0, 2 - i)) });
    }
    expect(maxInAnyWindow(admitted, 1000)).toBe(3);
  });

  it("waits for the window to turn when another client has used it up", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ windowMs: 1000, ...time });
    const start = time.now();
    (await governor.acquire()).release({ status: 200, remaining: "0" });
    await governor.acquire();
    expect(time.now() - start).toBe(1000);
  });

  it("refuses to wait past the caller's deadline, and lets the next caller through", async () => {
    const time = fakeTime();
    const governor = new RateGovernor(time);
    (await governor.acquire()).release({ status: 429, retryAfterMs: 30_000 });
    await expect(governor.acquire(time.now() + 10_000)).rejects.toBeInstanceOf(GovernorWaitTooLong);
    const before = time.now();
    const permit = await governor.acquire(time.now() + 60_000);
    // It waited out the 30 s pause, and what it got is a permit that can be released.
    expect(time.now() - before).toBe(30_000);
    expect(() => permit.release({ status: 200 })).not.toThrow();
  });

  it("never pauses longer than a window when a 429 or an empty window asks for an absurd wait", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ windowMs: 1000, ...time });
    let start = time.now();
    (await governor.acquire()).release({ status: 429, retryAfterMs: 1e26 });
    await governor.acquire().then((p) => p.release({ status: 200 }));
    expect(time.now() - start).toBe(1000);

    start = time.now();
    (await governor.acquire()).release({
      status: 200,
      remaining: "0",
      retryAfterMs: Number.POSITIVE_INFINITY,
    });
    await governor.acquire();
    expect(time.now() - start).toBeLessThanOrEqual(1000);
  });

  it("an empty window with X-RateLimit-Reset waits until the reset, a window when it is absurd", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ windowMs: 60_000, ...time });
    let start = time.now();
    (await governor.acquire()).release({ status: 200, remaining: "0", resetMs: 5_000 });
    (await governor.acquire()).release({ status: 200 });
    expect(time.now() - start).toBe(5_000);
    start = time.now();
    (await governor.acquire()).release({ status: 200, remaining: "0", resetMs: MAX_SERVER_WAIT_MS });
    await governor.acquire();
    expect(time.now() - start).toBe(60_000);
  });

  it("trusts X-RateLimit-Limit only within sane bounds, and tells what it learned", async () => {
    const governor = new RateGovernor(fakeTime());
    expect(governor.rateLimit()).toEqual({ limit: 100, windowMs: 60_000 });
    for (const limit of ["40", "0", "-5", "1e3", "2.5", "Infinity", "", "NaN", " "]) {
      (await governor.acquire()).release({ status: 200, limit });
    }
    expect(governor.rateLimit()).toEqual({ limit: 40, windowMs: 60_000 });
    for (const limit of ["1000000000", `1${"0".repeat(400)}`]) {
      (await governor.acquire()).release({ status: 200, limit });
      expect(governor.rateLimit().limit).toBe(MAX_TRUSTED_LIMIT);
    }
  });
});

describe("RateGovernor: a wait that is reported and can be cancelled", () => {
  it("reports a minute's wait at its start and at least every 10 s, each time with when it ends", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ limit: 1, windowMs: 60_000, ...time });
    (await governor.acquire()).release();
    const reports: { at: number; until: number }[] = [];
    const permit = await governor.acquire(Number.POSITIVE_INFINITY, {
      onWait: (until) => reports.push({ at: time.now(), until }),
    });
    permit.release();
    const frees = 1_000_000 + 60_001;
    expect(time.now()).toBe(frees);
    expect(reports.length).toBe(7);
    for (const report of reports) expect(report.until).toBe(frees);
    const gaps = reports.slice(1).map((r, i) => r.at - reports[i]!.at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(10_000);
  });

  it("a cancelled wait rejects and never takes a slot; the caller behind it still gets its turn", async () => {
    const time = fakeTime();
    const governor = new RateGovernor({ limit: 1, windowMs: 60_000, ...time });
    (await governor.acquire()).release();
    const controller = new AbortController();
    const cancelled = governor.acquire(Number.POSITIVE_INFINITY, {
      signal: controller.signal,
      onWait: () => controller.abort(),
    });
    await expect(cancelled).rejects.toThrow(/cancelled/);
    // Only the first caller's slot is taken.
    expect(governor.occupied()).toBe(1);
    const next = await governor.acquire();
    next.release();
    expect(time.now()).toBeGreaterThanOrEqual(1_000_000 + 60_000);
  });

  it("a caller cancelled while it waits for a request to finish rejects at once; the next release goes to the caller behind it", async () => {
    const governor = new RateGovernor({ limit: 100, maxInFlight: 1, ...fakeTime() });
    const running = await governor.acquire();
    const controller = new AbortController();
    const cancelled = governor.acquire(Number.POSITIVE_INFINITY, { signal: controller.signal });
    let behindGotIt = false;
    const behind = governor.acquire().then((permit) => {
      behindGotIt = true;
      return permit;
    });
    controller.abort();
    await expect(cancelled).rejects.toThrow(/cancelled/);
    expect(behindGotIt).toBe(false); // the one request in flight still holds the only place
    running.release();
    (await behind).release();
    expect(behindGotIt).toBe(true);
    expect(governor.occupied()).toBe(2); // the two finished requests' slots; the cancelled one took none
  });
});
