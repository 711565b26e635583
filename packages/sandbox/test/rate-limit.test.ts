/** The rate limit per key, with a small limit and a fake clock. */
import { describe, expect, it } from "vitest";
import { get, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

describe("rate limit", () => {
  it("answers 429 with Retry-After once the window is used up, and lets requests in after it", async () => {
    let clock = NOW;
    const sb = await sandbox({
      data: tinyData(),
      now: () => clock,
      rateLimit: { limit: 3, windowMs: 10_000 },
    });
    for (const remaining of ["2", "1", "0"]) {
      const res = await get(sb, "/api/v1/projects");
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("3");
      expect(res.headers.get("x-ratelimit-remaining")).toBe(remaining);
    }
    const limited = await get(sb, "/api/v1/projects");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("10");
    expect(limited.headers.get("x-ratelimit-limit")).toBe("3");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.body).toEqual({
      data: null,
      meta: null,
      error: "Rate limit exceeded. Retry after 10 seconds.",
    });

    clock += 4_500; // 5.5 s left → rounded up to 6
    expect((await get(sb, "/api/v1/projects")).headers.get("retry-after")).toBe("6");
    clock += 5_499; // 1 ms left → at least 1 s
    expect((await get(sb, "/api/v1/projects")).headers.get("retry-after")).toBe("1");

    clock += 1; // the window has passed
    const again = await get(sb, "/api/v1/projects");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-ratelimit-remaining")).toBe("2");
  });

  it("counts per key; refused keys are not counted", async () => {
    const sb = await sandbox({ data: tinyData(), now: () => NOW, rateLimit: { limit: 1, windowMs: 60_000 } });
    expect((await get(sb, "/api/v1/projects")).status).toBe(200);
    expect((await get(sb, "/api/v1/projects")).status).toBe(429);
    expect((await get(sb, "/api/v1/projects", sb.keys.other)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get(sb, "/api/v1/projects", "sk_unknown")).status).toBe(401);
    expect((await get(sb, "/api/v1/projects", sb.keys.expired)).status).toBe(403);
  });

  it("defaults to 100 per minute", async () => {
    const sb = await sandbox({ data: tinyData(), now: () => NOW });
    const answers = [];
    for (let i = 0; i < 101; i++) answers.push((await get(sb, "/api/v1/projects")).status);
    expect(answers.filter((s) => s === 200)).toHaveLength(100);
    expect(answers.at(-1)).toBe(429);
  });
});
