/**
 * Every error class of the API client becomes one actionable sentence at the tool edge: no stack
 * trace, no HTML, never the key. Faults are injected into the sandbox; each case has its own
 * connection, since a 429 pauses that client's rate governor.
 */

import type { FaultAction } from "@invoicing-mcp/sandbox";
import { describe, expect, it } from "vitest";
import { listTimeEntries } from "../../src/api/time-entries.js";
import { RateLimitedError } from "../../src/http/errors.js";
import { MAX_SERVER_WAIT_MS } from "../../src/http/retry.js";
import { errorText } from "../../src/mcp/error-text.js";
import { connect } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, countRequests, expectActionable, whole } from "./support.js";

const EUR = "/api/v1/reports/eur";

describe("API errors through the tools", () => {
  const sandbox = useSandbox();

  async function withConnection<T>(
    options: Parameters<typeof connect>[1],
    run: (c: Awaited<ReturnType<typeof connect>>) => Promise<T>,
  ): Promise<T> {
    const connected = await connect(sandbox(), options);
    try {
      return await run(connected);
    } finally {
      await connected.close();
    }
  }

  it.each<[string, FaultAction, RegExp]>([
    [
      "401",
      { kind: "status", status: 401 },
      /did not accept the API key \(401\)\. Check it.*INVOICING_API_KEY/,
    ],
    ["403", { kind: "status", status: 403 }, /Access denied \(403\).*expired.*Pro plan/],
    [
      "404",
      { kind: "status", status: 404, message: "Year not found" },
      /Not found \(404\): Year not found\./,
    ],
    ["429", { kind: "status", status: 429, retryAfter: "30" }, /rate limit is reached.*Try again in 30 s/],
    [
      "400",
      { kind: "status", status: 400, message: "year is invalid" },
      /refused the request \(400\): year is invalid\. Correct/,
    ],
    ["500", { kind: "status", status: 500 }, /failed \(500: Internal Server Error\).*try again in a minute/],
    [
      "502 HTML",
      { kind: "html", status: 502 },
      /status 502.*not a valid Invoicing Service API response: an HTML page/,
    ],
    ["503", { kind: "status", status: 503 }, /failed \(503: Service Unavailable\)/],
    [
      "reset",
      { kind: "reset" },
      /Could not reach the Invoicing Service \(ECONNRESET\)\. Check INVOICING_BASE_URL/,
    ],
    [
      "truncated JSON",
      { kind: "truncated" },
      /not a valid Invoicing Service API response: the body is not valid JSON/,
    ],
    ["malformed JSON", { kind: "malformed" }, /the body is not valid JSON/],
    ["not an envelope", { kind: "not-envelope" }, /without the \{data, meta, error\} envelope/],
  ])("%s → its message", async (_label, action, message) => {
    sandbox().faults.add({ path: EUR, action });
    const { isError, text, data } = await withConnection({}, (c) => c.call("eur_report", { year: 2025 }));
    expect(sandbox().faults.pending()).toBe(0);
    expect(isError).toBe(true);
    expect(data).toBeUndefined();
    expect(text).toMatch(message);
    expectActionable(text, [sandbox().keys.demo]);
  });

  it.each<[string, FaultAction]>([
    ["hang", { kind: "hang" }],
    ["stalled body", { kind: "stall-body" }],
  ])("%s → a timeout that says what to do", async (_label, action) => {
    sandbox().faults.add({ path: EUR, action });
    const { isError, text } = await withConnection({ clientOptions: { timeoutMs: 300 } }, (c) =>
      c.call("eur_report", { year: 2025 }),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(/did not answer within 0\.3 s\. Try again.*INVOICING_TIMEOUT_MS/);
    expectActionable(text, [sandbox().keys.demo]);
  });

  it("a service message echoing the key is redacted", async () => {
    const key = sandbox().keys.demo;
    sandbox().faults.add({ path: EUR, action: { kind: "status", status: 500, message: `bad key ${key}` } });
    const { text } = await withConnection({}, (c) => c.call("eur_report", { year: 2025 }));
    expect(text).toContain("[redacted]");
    expectActionable(text, [key]);
  });

  it("a 404 for a customer's summary points at list_customers", async () => {
    sandbox().faults.add({
      path: /\/summary$/,
      action: { kind: "status", status: 404, message: "Customer not found" },
    });
    const { isError, text } = await withConnection({}, (c) =>
      c.call("customer_summary", { customer: "mueller" }),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(/Not found \(404\): Customer not found\..*list_customers shows the valid ids/);
  });

  it.each([
    ["a wrong key", "sk_live_canary_0123456789abcdef0123456789", /did not accept the API key \(401\)/],
    ["an expired key", "expired", /Access denied \(403\)/],
    ["a key without the Pro plan", "noPro", /Access denied \(403\).*Pro plan/],
  ] as const)("%s → its message, without the key", async (_label, which, message) => {
    const key = which === "expired" || which === "noPro" ? sandbox().keys[which] : which;
    const { isError, text } = await withConnection({ apiKey: key }, (c) => c.call("list_customers"));
    expect(isError).toBe(true);
    expect(text).toMatch(message);
    expectActionable(text, [key]);
  });

  it.each([
    [
      "log_time",
      "/api/v1/time-entries",
      { project: "Website Relaunch", start: "2026-11-14T09:00", duration: "2h", description: "Fault test" },
      "list_time_entries",
    ],
    ["create_customer", "/api/v1/customers", { name: "Fehlerfall GmbH", hourlyRate: 88 }, "list_customers"],
  ])(
    "%s facing a 500 after the write: outcome unknown, check with the list tool, one POST",
    async (tool, path, args, listTool) => {
      sandbox().faults.add({ method: "POST", path, when: "after", action: { kind: "status", status: 500 } });
      const before = countRequests(sandbox(), "POST", path);
      const { isError, text } = await withConnection({}, (c) => c.call(tool, args));
      expect(isError).toBe(true);
      expect(text).toMatch(
        /may or may not have carried this out \(it failed with 500 after receiving the request\)/,
      );
      expect(text).toContain(`Do not simply retry: first check with ${listTool} whether it exists`);
      expectActionable(text, [sandbox().keys.demo]);
      expect(countRequests(sandbox(), "POST", path)).toBe(before + 1);
    },
  );

  it("after an unknown outcome, the same log_time call finds the entry instead of creating a second", async () => {
    const args = {
      project: "Website Relaunch",
      start: "2026-11-14T14:00",
      duration: "1h",
      description: "Unknown outcome, then the same call",
    };
    // The sandbox stores the entry, then answers 500: the outcome is unknown to the tool.
    const path = "/api/v1/time-entries";
    sandbox().faults.add({ method: "POST", path, when: "after", action: { kind: "status", status: 500 } });
    const first = await withConnection({}, (c) => c.call("log_time", args));
    expect(first.text).toMatch(/may or may not have carried this out/);
    const stored = whole(await listTimeEntries(api(sandbox()))).filter(
      (e) => e.description === args.description,
    );
    expect(stored).toHaveLength(1);
    const before = countRequests(sandbox(), "POST", "/api/v1/time-entries");
    const { data } = await withConnection({}, (c) => c.call("log_time", args));
    expect(data.outcome).toBe("already_exists");
    expect(data.entry.id).toBe(stored[0]!._id);
    expect(countRequests(sandbox(), "POST", "/api/v1/time-entries")).toBe(before);
  });

  it("a write refused with 429 before processing says when to retry, not 'outcome unknown'", async () => {
    sandbox().faults.add({
      method: "POST",
      path: "/api/v1/customers",
      action: { kind: "status", status: 429, retryAfter: "12" },
    });
    const { isError, text } = await withConnection({}, (c) =>
      c.call("create_customer", { name: "Ratelimit AG", hourlyRate: 50 }),
    );
    expect(isError).toBe(true);
    expect(text).toMatch(/Try again in 12 s/);
    expect(text).not.toMatch(/may or may not/);
  });
});

describe("rate-limit errors worded defensively", () => {
  const request = { method: "GET", path: "/api/v1/reports/eur" };
  const now = Date.parse("2026-11-22T10:00:00Z");

  it("an absurd wait never throws while it is worded, and is capped at an hour", () => {
    for (const wait of [1e26, Number.POSITIVE_INFINITY, Number.NaN, -5]) {
      const error = new RateLimitedError(wait, request, now);
      const text = errorText(error);
      expect(text).toMatch(/Try again in \d+ s/);
      expect(error.retryAfterMs).toBeGreaterThanOrEqual(0);
      expect(error.retryAfterMs).toBeLessThanOrEqual(MAX_SERVER_WAIT_MS);
    }
    expect(errorText(new RateLimitedError(1e26, request, now))).toContain("Try again in 3600 s");
  });

  it("names the limit the governor learned, not a fixed 100 a minute", () => {
    const learned = new RateLimitedError(5000, request, now, 429, { limit: 40, windowMs: 60_000 });
    expect(errorText(learned)).toContain("40 requests a minute");
    expect(errorText(learned)).not.toContain("100 requests");
    const odd = new RateLimitedError(5000, request, now, 429, { limit: 7, windowMs: 10_000 });
    expect(errorText(odd)).toContain("7 requests per 10 s");
  });
});

describe("a 429 asking for a wait of 10^9 or 10^23 seconds", () => {
  const sandbox = useSandbox();
  it.each(["1000000000", `1${"0".repeat(23)}`])(
    "Retry-After %s: not believed, one window, worded",
    async (wait) => {
      sandbox().faults.add({ path: EUR, action: { kind: "status", status: 429, retryAfter: wait } });
      const connected = await connect(sandbox());
      try {
        const { isError, text } = await connected.call("eur_report", { year: 2025 });
        expect(isError).toBe(true);
        expect(text).toMatch(/rate limit is reached.*Try again in 60 s/);
        expect(text).not.toMatch(/Unexpected internal error|Invalid time value/);
      } finally {
        await connected.close();
      }
    },
  );
});
