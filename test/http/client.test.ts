import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CallScope } from "../../src/http/call-budget.js";
import { ApiClient } from "../../src/http/client.js";
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from "../../src/http/errors.js";
import { RateGovernor } from "../../src/http/governor.js";
import { clientFor, fakeClock, useSandbox } from "../helpers/sandbox.js";

const anyData = z.unknown();
const INVOICES = "/api/v1/invoices";
const CUSTOMERS = "/api/v1/customers";

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("ApiClient against the sandbox", () => {
  const sandbox = useSandbox();
  afterEach(() => sandbox().faults.clear());

  const count = (method: string, path: string) =>
    sandbox().requests.filter((r) => r.method === method && r.path === path).length;

  /** Runs `fn` and returns how many requests the sandbox saw for method+path meanwhile. */
  async function requestsDuring(method: string, path: string, fn: () => Promise<unknown>): Promise<number> {
    const before = count(method, path);
    await fn().catch(() => undefined);
    return count(method, path) - before;
  }

  it("sends the Bearer key and unwraps the envelope", async () => {
    const result = await clientFor(sandbox()).get(CUSTOMERS, z.array(z.object({ _id: z.string() })));
    expect(result.data.length).toBeGreaterThan(5);
    expect(result.meta).toEqual({ total: result.data.length });
  });

  it("maps 401 and 403 to their own classes, with no retry", async () => {
    const wrongKey = clientFor(sandbox(), { apiKey: "sk_wrong_key_1234567890" });
    expect(await requestsDuring("GET", CUSTOMERS, () => wrongKey.get(CUSTOMERS, anyData))).toBe(1);
    expect(await caught(wrongKey.get(CUSTOMERS, anyData))).toBeInstanceOf(AuthenticationError);
    const expired = clientFor(sandbox(), { apiKey: sandbox().keys.expired });
    expect(await caught(expired.get(CUSTOMERS, anyData))).toBeInstanceOf(PermissionError);
    const noPro = clientFor(sandbox(), { apiKey: sandbox().keys.noPro });
    const error = await caught(noPro.get(CUSTOMERS, anyData));
    expect(error).toMatchObject({ kind: "permission", status: 403, method: "GET", path: CUSTOMERS });
  });

  it("maps 404 with the service's message, once", async () => {
    const client = clientFor(sandbox());
    const path = "/api/v1/customers/cus_unknown/summary";
    expect(await requestsDuring("GET", path, () => client.get(path, anyData))).toBe(1);
    const error = await caught(client.get(path, anyData));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain("Customer not found");
  });

  it("maps 400 with the service's message and does not retry it", async () => {
    const client = clientFor(sandbox());
    const error = await caught(client.get(INVOICES, anyData, { status: "overdue" }));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).serviceMessage).toMatch(/status/);
    const posted = await requestsDuring("POST", INVOICES, () =>
      client.post(INVOICES, anyData, { customerId: "x" }),
    );
    expect(posted).toBe(1);
  });

  it.each([429, 500, 502, 503, 504])("retries a read once after a %i and succeeds", async (status) => {
    const clock = fakeClock();
    const client = clientFor(sandbox(), { ...clock, governor: new RateGovernor(clock) });
    sandbox().faults.add({ method: "GET", path: CUSTOMERS, action: { kind: "status", status } });
    expect(await requestsDuring("GET", CUSTOMERS, () => client.get(CUSTOMERS, anyData))).toBe(2);
    expect(clock.sleeps.length).toBeGreaterThanOrEqual(1);
  });

  it("gives up after three attempts with the error of the last one", async () => {
    const clock = fakeClock();
    const client = clientFor(sandbox(), { ...clock, governor: new RateGovernor(clock) });
    sandbox().faults.add({
      method: "GET",
      path: CUSTOMERS,
      times: 3,
      action: { kind: "status", status: 503 },
    });
    const before = count("GET", CUSTOMERS);
    const error = await caught(client.get(CUSTOMERS, anyData));
    expect(count("GET", CUSTOMERS) - before).toBe(3);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(503);
  });

  it("honours Retry-After in seconds", async () => {
    const clock = fakeClock();
    const client = clientFor(sandbox(), { ...clock, governor: new RateGovernor(clock) });
    sandbox().faults.add({ path: CUSTOMERS, action: { kind: "status", status: 429, retryAfter: "3" } });
    await client.get(CUSTOMERS, anyData);
    expect(clock.sleeps).toContain(3000);
  });

  it("honours Retry-After as an HTTP date, against the injected clock", async () => {
    const clock = fakeClock();
    const client = clientFor(sandbox(), { ...clock, governor: new RateGovernor(clock) });
    const in5s = new Date(clock.now() + 5000).toUTCString();
    sandbox().faults.add({ path: CUSTOMERS, action: { kind: "status", status: 503, retryAfter: in5s } });
    await client.get(CUSTOMERS, anyData);
    expect(clock.sleeps).toContain(5000);
  });

  it("fails fast with the wait when Retry-After is beyond the budget", async () => {
    const clock = fakeClock();
    const client = clientFor(sandbox(), { ...clock, governor: new RateGovernor(clock), budgetMs: 10_000 });
    sandbox().faults.add({ path: CUSTOMERS, action: { kind: "status", status: 429, retryAfter: "120" } });
    const before = count("GET", CUSTOMERS);
    const error = await caught(client.get(CUSTOMERS, anyData));
    expect(count("GET", CUSTOMERS) - before).toBe(1);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(120_000);
    expect(error.message).toMatch(/retry in 120 s/);
    expect(clock.sleeps).toEqual([]);
  });

  it("retries a write after a 429, which the service did not process", async () => {
    const clock = fakeClock();
    const client = clientFor(sandbox(), { ...clock, governor: new RateGovernor(clock) });
    sandbox().faults.add({
      method: "POST",
      path: CUSTOMERS,
      action: { kind: "status", status: 429, retryAfter: "1" },
    });
    const posted = await requestsDuring("POST", CUSTOMERS, () =>
      client.post(CUSTOMERS, z.object({ id: z.string() }), { name: "Retry GmbH", hourlyRate: 90 }),
    );
    expect(posted).toBe(2);
  });

  it.each([
    ["a 500", { kind: "status", status: 500 } as const],
    ["a reset", { kind: "reset" } as const],
    ["an HTML 502", { kind: "html", status: 502 } as const],
    ["a truncated 201", { kind: "truncated" } as const],
  ])("sends a write exactly once after %s and reports the outcome as unknown", async (_, action) => {
    const clock = fakeClock();
    const client = clientFor(sandbox(), { ...clock, governor: new RateGovernor(clock) });
    sandbox().faults.add({ method: "POST", path: CUSTOMERS, when: "after", action });
    const before = count("POST", CUSTOMERS);
    const error = await caught(client.post(CUSTOMERS, anyData, { name: "Einmal AG", hourlyRate: 80 }));
    expect(count("POST", CUSTOMERS) - before).toBe(1);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.message).toMatch(/check whether it took effect/);
  });

  it("aborts a hung answer and a stalled body with a timeout", async () => {
    const client = clientFor(sandbox(), { timeoutMs: 200, maxAttempts: 1 });
    sandbox().faults.add({ path: CUSTOMERS, action: { kind: "hang" } });
    expect(await caught(client.get(CUSTOMERS, anyData))).toBeInstanceOf(TimeoutError);
    sandbox().faults.add({ path: CUSTOMERS, action: { kind: "stall-body" } });
    const started = Date.now();
    const error = await caught(client.get(CUSTOMERS, anyData));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("keeps every attempt and its waits inside the total budget", async () => {
    const client = clientFor(sandbox(), { timeoutMs: 300, budgetMs: 700 });
    sandbox().faults.add({ path: CUSTOMERS, times: 5, action: { kind: "hang" } });
    const started = Date.now();
    const error = await caught(client.get(CUSTOMERS, anyData));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it.each([
    ["an HTML page", { kind: "html", status: 200 } as const, /HTML page/],
    ["truncated JSON", { kind: "truncated" } as const, /not valid JSON/],
    ["malformed JSON", { kind: "malformed" } as const, /not valid JSON/],
    ["JSON without the envelope", { kind: "not-envelope" } as const, /envelope/],
  ])("turns %s into an invalid-response error", async (_, action, problem) => {
    const client = clientFor(sandbox(), { maxAttempts: 1 });
    sandbox().faults.add({ path: CUSTOMERS, action });
    const error = await caught(client.get(CUSTOMERS, anyData));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(problem);
    expect(error.message).not.toMatch(/<|>/);
  });

  it("refuses data of the wrong type, naming the field", async () => {
    const client = clientFor(sandbox());
    const error = await caught(client.get(CUSTOMERS, z.array(z.object({ name: z.number() }))));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/data\.0\.name/);
  });

  it("does not follow a redirect", async () => {
    const client = clientFor(sandbox(), { maxAttempts: 1 });
    sandbox().faults.add({ path: CUSTOMERS, action: { kind: "status", status: 302 } });
    const error = await caught(client.get(CUSTOMERS, anyData));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/redirect/);
  });

  it("never shows the key, even when the service echoes it", async () => {
    const canary = "sk_canary_5f2b9c1d7e3a4b6c";
    const client = clientFor(sandbox(), { apiKey: canary, maxAttempts: 1 });
    const errors: ApiError[] = [await caught(client.get(CUSTOMERS, anyData))];
    const withKey = clientFor(sandbox(), { maxAttempts: 1, apiKey: sandbox().keys.demo });
    const key = sandbox().keys.demo;
    for (const action of [
      { kind: "status", status: 400, message: `bad key ${key}` },
      { kind: "status", status: 500, message: `crash with ${key}` },
      { kind: "not-envelope", body: { echo: key } },
    ] as const) {
      sandbox().faults.add({ path: CUSTOMERS, action });
      errors.push(await caught(withKey.get(CUSTOMERS, anyData)));
    }
    for (const error of errors) {
      const shown = `${error.message} ${JSON.stringify(error)} ${String(error.stack)}`;
      expect(shown).not.toContain(canary);
      expect(shown).not.toContain(key);
      expect(shown).not.toContain(key.slice(0, 8) + key.slice(8, 16));
    }
  });

  it("never hands on the key inside data either, in any case", async () => {
    const key = sandbox().keys.demo;
    const client = clientFor(sandbox(), { maxAttempts: 1 });
    await client.post(CUSTOMERS, anyData, { name: `Echo ${key.toUpperCase()} GmbH`, hourlyRate: 10 });
    const { data } = await client.get(CUSTOMERS, z.array(z.object({ name: z.string() })));
    const echoed = data.find((c) => c.name.startsWith("Echo "));
    expect(echoed?.name).toBe("Echo [redacted] GmbH");
  });
});

describe("ApiClient without a service", () => {
  it("reports a refused connection as a network error, retrying even a write", async () => {
    const port = await closedPort();
    const clock = fakeClock();
    const client = new ApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: "sk_test_unused_000000",
      ...clock,
      governor: new RateGovernor(clock),
    });
    const error = await caught(client.post(CUSTOMERS, anyData, { name: "x", hourlyRate: 1 }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).sent).toBe(false);
    expect(clock.sleeps).toHaveLength(2);
  });

  it("refuses a plain-http base URL off loopback", () => {
    expect(() => new ApiClient({ baseUrl: "http://invoicing.example.com", apiKey: "k" })).toThrow(/https/);
  });
});

describe("rate governor against the sandbox's limit", () => {
  const sandbox = useSandbox({ now: Date.now, rateLimit: { limit: 50, windowMs: 400 } });

  it("gets 250 reads through with no 429 and no window over the limit", async () => {
    const client = clientFor(sandbox(), { governor: new RateGovernor({ windowMs: 400 }) });
    const results = await Promise.all(
      Array.from({ length: 250 }, () => client.get("/api/v1/projects", anyData).then(() => "ok")),
    );
    expect(results.every((r) => r === "ok")).toBe(true);
    const statuses = sandbox().requests.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses).toHaveLength(250);
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe("ApiClient near the end of a call's budget", () => {
  // The sandbox allows one request per window, and says so in X-RateLimit-Limit.
  const sandbox = useSandbox({ rateLimit: { limit: 1, windowMs: 10_000 } });

  it("does not send a write the window would admit only at the very end of the call's budget", async () => {
    // One request per window: after the first, the next may go 10 s later, 0.3 s before the
    // deadline. Sent then, a write would have 0.3 s to be answered and likely end "outcome unknown".
    const clock = fakeClock();
    const governor = new RateGovernor({ ...clock, limit: 1, windowMs: 10_000 });
    const client = clientFor(sandbox(), { ...clock, governor, budgetMs: 10_300 });
    const count = () => sandbox().requests.filter((r) => r.method === "POST" && r.path === CUSTOMERS).length;
    const before = count();
    const call = client.forCall(new CallScope());
    await call.get(INVOICES, anyData);
    const error = await caught(call.post(CUSTOMERS, anyData, { name: "Knapp GmbH", hourlyRate: 80 }));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBeGreaterThan(9_000);
    expect(count() - before).toBe(0);
  });
});
