/** Each fault kind over real HTTP, matching rules, the request log and the admin routes. */
import { describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import { get, post, sandbox } from "./helpers.js";
import { NOW, tinyData } from "./tiny-data.js";

const start = () => sandbox({ data: tinyData(), now: () => NOW });
const auth = (sb: Sandbox) => ({ Authorization: `Bearer ${sb.keys.demo}` });
const fetchDemo = (sb: Sandbox, path: string, init: RequestInit = {}) =>
  fetch(`${sb.url}${path}`, { ...init, headers: { ...auth(sb), ...init.headers } });

describe("fault kinds", () => {
  it("status: an envelope error with Retry-After verbatim", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "status", status: 503, retryAfter: "7" } });
    const res = await get(sb, "/api/v1/invoices");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(res.body).toEqual({ data: null, meta: null, error: "Service Unavailable" });
    sb.faults.add({
      action: {
        kind: "status",
        status: 429,
        retryAfter: "Wed, 18 Mar 2026 09:01:00 GMT",
        message: "slow down",
      },
    });
    const dated = await get(sb, "/api/v1/invoices");
    expect(dated.headers.get("retry-after")).toBe("Wed, 18 Mar 2026 09:01:00 GMT");
    expect(dated.body.error).toBe("slow down");
    expect(sb.requests.map((r) => [r.status, r.faulted])).toEqual([
      [503, true],
      [429, true],
    ]);
  });

  it("html: a proxy's error page", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "html", status: 502 } });
    const res = await fetchDemo(sb, "/api/v1/invoices");
    expect(res.status).toBe(502);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("<h1>502 Bad Gateway</h1>");
  });

  it("hang: never answers (the client's timeout fires)", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "hang" } });
    await expect(fetchDemo(sb, "/api/v1/invoices", { signal: AbortSignal.timeout(300) })).rejects.toThrow(
      /abort|timeout/i,
    );
    expect(sb.requests).toEqual([
      { method: "GET", path: "/api/v1/invoices", query: "", status: 0, key: sb.keys.demo, faulted: true },
    ]);
  });

  it("stall-body: headers and part of the body, then nothing", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "stall-body" } });
    const controller = new AbortController();
    const res = await fetchDemo(sb, "/api/v1/invoices", { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    setTimeout(() => controller.abort(), 300);
    await expect(res.text()).rejects.toThrow();
    expect(sb.requests[0]).toMatchObject({ status: 200, faulted: true });
  });

  it("reset: the connection is destroyed without an answer", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "reset" } });
    await expect(fetchDemo(sb, "/api/v1/invoices")).rejects.toThrow(/fetch failed/);
    expect(sb.requests[0]).toMatchObject({ status: 0, faulted: true });
    expect((await get(sb, "/api/v1/invoices")).status).toBe(200);
  });

  it("truncated: a complete HTTP response whose JSON is cut in the middle", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "truncated" } });
    const res = await fetchDemo(sb, "/api/v1/invoices");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const text = await res.text();
    expect(Number(res.headers.get("content-length"))).toBe(Buffer.byteLength(text));
    expect(text.startsWith('{"data":')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  });

  it("not-envelope: valid JSON of another shape", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "not-envelope" } });
    sb.faults.add({ action: { kind: "not-envelope", body: [1, 2, 3] } });
    expect(await (await fetchDemo(sb, "/api/v1/invoices")).json()).toEqual({ ok: true });
    expect(await (await fetchDemo(sb, "/api/v1/invoices")).json()).toEqual([1, 2, 3]);
  });

  it("malformed: a JSON content type over a body that is not JSON", async () => {
    const sb = await start();
    sb.faults.add({ action: { kind: "malformed" } });
    const res = await fetchDemo(sb, "/api/v1/invoices");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.text()).toBe("not json{");
  });
});

describe("fault rules", () => {
  it('when "after": the request is processed, then the fault answers', async () => {
    const sb = await start();
    sb.faults.add({
      method: "POST",
      path: "/api/v1/customers",
      when: "after",
      action: { kind: "status", status: 500 },
    });
    const res = await post(sb, "/api/v1/customers", { name: "Geisterkunde", hourlyRate: 10 });
    expect(res.status).toBe(500);
    const names = ((await get(sb, "/api/v1/customers")).body.data as { name: string }[]).map((c) => c.name);
    expect(names).toContain("Geisterkunde");
  });

  it('when "after" with a reset or truncated answer still stores the record', async () => {
    const sb = await start();
    sb.faults.add({ method: "POST", when: "after", action: { kind: "reset" } });
    await expect(
      fetchDemo(sb, "/api/v1/customers", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"name":"Reset","hourlyRate":1}',
      }),
    ).rejects.toThrow();
    sb.faults.add({ method: "POST", when: "after", action: { kind: "truncated" } });
    const cut = await fetchDemo(sb, "/api/v1/customers", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"Cut","hourlyRate":1}',
    });
    expect(await cut.text()).toMatch(/^\{"data":\{"i/);
    const names = ((await get(sb, "/api/v1/customers")).body.data as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["Reset", "Cut"]));
  });

  it('"before" (the default) does not process the request', async () => {
    const sb = await start();
    sb.faults.add({ method: "POST", action: { kind: "status", status: 500 } });
    expect((await post(sb, "/api/v1/customers", { name: "Nie", hourlyRate: 10 })).status).toBe(500);
    const names = ((await get(sb, "/api/v1/customers")).body.data as { name: string }[]).map((c) => c.name);
    expect(names).not.toContain("Nie");
  });

  it("times, pending() and the request log", async () => {
    const sb = await start();
    sb.faults.add({ times: 2, action: { kind: "status", status: 500 } });
    expect(sb.faults.pending()).toBe(2);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(sb, "/api/v1/projects?x=1")).status);
    expect(statuses).toEqual([500, 500, 200]);
    expect(sb.faults.pending()).toBe(0);
    expect(sb.requests.map((r) => [r.path, r.query, r.status, r.faulted])).toEqual([
      ["/api/v1/projects", "x=1", 500, true],
      ["/api/v1/projects", "x=1", 500, true],
      ["/api/v1/projects", "x=1", 200, false],
    ]);
  });

  it("matches method and path (exact string or RegExp); others pass", async () => {
    const sb = await start();
    sb.faults.add({ method: "post", path: "/api/v1/invoices", action: { kind: "status", status: 502 } });
    sb.faults.add({ path: /\/summary$/, action: { kind: "status", status: 504 } });
    expect((await get(sb, "/api/v1/invoices")).status).toBe(200);
    expect((await get(sb, "/api/v1/invoices?status=paid")).status).toBe(200);
    expect((await get(sb, "/api/v1/customers/cus_a/summary")).status).toBe(504);
    expect((await post(sb, "/api/v1/invoices", {})).status).toBe(502);
    expect(sb.faults.pending()).toBe(0);
  });

  it("faults come before authentication and are not counted by the rate limit", async () => {
    const sb = await sandbox({ data: tinyData(), now: () => NOW, rateLimit: { limit: 1, windowMs: 60_000 } });
    sb.faults.add({ times: 3, action: { kind: "status", status: 503 } });
    expect((await get(sb, "/api/v1/invoices", null)).status).toBe(503);
    expect((await get(sb, "/api/v1/invoices")).status).toBe(503);
    expect((await get(sb, "/api/v1/invoices")).status).toBe(503);
    expect((await get(sb, "/api/v1/invoices")).status).toBe(200);
    expect(sb.requests[0]?.key).toBeUndefined();
  });

  it("clear() removes every armed fault", async () => {
    const sb = await start();
    sb.faults.add({ times: 5, action: { kind: "hang" } });
    sb.faults.clear();
    expect(sb.faults.pending()).toBe(0);
    expect((await get(sb, "/api/v1/invoices")).status).toBe(200);
  });
});

describe("admin routes under /_sandbox/", () => {
  it("POST adds a fault over HTTP, GET shows pending, DELETE clears", async () => {
    const sb = await start();
    const admin = (method: string, body?: unknown) =>
      fetch(`${sb.url}/_sandbox/faults`, {
        method,
        headers: { "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: unknown } }));
    expect(
      await admin("POST", {
        path: "/api/v1/projects",
        times: 2,
        action: { kind: "status", status: 500, retryAfter: "1" },
      }),
    ).toEqual({
      status: 201,
      body: { data: { pending: 2 }, meta: null, error: null },
    });
    expect((await get(sb, "/api/v1/projects")).status).toBe(500);
    expect((await admin("GET")).body.data).toEqual({ pending: 1 });
    expect((await admin("DELETE")).body.data).toEqual({ pending: 0 });
    expect((await get(sb, "/api/v1/projects")).status).toBe(200);
    expect(sb.faults.pending()).toBe(0);
  });

  it("refuses a bad fault with 400 and unknown admin paths with 404", async () => {
    const sb = await start();
    const bad = await fetch(`${sb.url}/_sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: { kind: "explode" } }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^Invalid request: action/);
    expect((await fetch(`${sb.url}/_sandbox/nothing`)).status).toBe(404);
  });
});
