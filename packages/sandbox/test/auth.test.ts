/** Keys: missing or unknown → 401, expired or no Pro plan → 403, all with the documented message. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { get, sandbox } from "./helpers.js";

const MESSAGE = "Invalid or expired API key. Pro plan required.";

describe("authentication", () => {
  it("401 without a key, with an unknown key, and with a non-Bearer header", async () => {
    const sb = await sandbox();
    for (const key of [null, "sk_sandbox_demo_wrong", ""]) {
      const res = await get(sb, "/api/v1/invoices", key);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ data: null, meta: null, error: MESSAGE });
    }
    const basic = await fetch(`${sb.url}/api/v1/invoices`, {
      headers: { Authorization: `Basic ${sb.keys.demo}` },
    });
    expect(basic.status).toBe(401);
  });

  it("403 for the expired key and for the account without the Pro plan", async () => {
    const sb = await sandbox();
    for (const key of [sb.keys.expired, sb.keys.noPro]) {
      const res = await get(sb, "/api/v1/customers", key);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ data: null, meta: null, error: MESSAGE });
      expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });

  it("authentication comes before routing", async () => {
    const sb = await sandbox();
    expect((await get(sb, "/api/v1/nothing", null)).status).toBe(401);
  });

  it("keys look like secret keys, differ from each other and follow the seed", async () => {
    const a = await sandbox({ seed: 7 });
    const b = await sandbox({ seed: 7 });
    const c = await sandbox({ seed: 8 });
    const keys = Object.values(a.keys);
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(key).toMatch(/^sk_sandbox_[a-z]+_[a-z0-9]{32}$/);
    expect(b.keys).toEqual(a.keys);
    expect(c.keys.demo).not.toBe(a.keys.demo);
  });

  it("demoKeys more keys open the demo account, each with a rate limit of its own", async () => {
    expect((await sandbox()).moreDemoKeys).toEqual([]);
    const sb = await sandbox({ demoKeys: 2, rateLimit: { limit: 1, windowMs: 60_000 } });
    expect(sb.moreDemoKeys).toHaveLength(2);
    expect(new Set([...sb.moreDemoKeys, ...Object.values(sb.keys)]).size).toBe(6);
    expect(sb.keys).toEqual((await sandbox()).keys); // the four keys do not move
    const demo = await get<{ _id: string }[]>(sb, "/api/v1/projects", sb.keys.demo);
    for (const key of sb.moreDemoKeys) {
      const res = await get<{ _id: string }[]>(sb, "/api/v1/projects", key);
      expect(res.status).toBe(200); // the first request of this key: its own limit, not demo's
      expect(res.body.data).toEqual(demo.body.data);
      expect((await get(sb, "/api/v1/projects", key)).status).toBe(429);
    }
    expect((await get(sb, "/api/v1/projects", `${sb.moreDemoKeys[0]}x`)).status).toBe(401);
  });

  it("the README lists the default seed's keys", async () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const sb = await sandbox();
    for (const key of Object.values(sb.keys)) expect(readme).toContain(key);
  });

  it("the Bearer scheme is case-insensitive and rate-limit headers come with every accepted request", async () => {
    const sb = await sandbox();
    const res = await fetch(`${sb.url}/api/v1/projects`, {
      headers: { Authorization: `bearer ${sb.keys.demo}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("100");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("99");
    const notFound = await get(sb, "/api/v1/nothing");
    expect(notFound.headers.get("x-ratelimit-remaining")).toBe("98");
  });
});
