import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  decideRetry,
  isRetryable,
  MAX_DELAY_MS,
  MAX_SERVER_WAIT_MS,
  parseRateLimitReset,
  parseRetryAfter,
} from "../../src/http/retry.js";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const base = { attempt: 1, remainingMs: 45_000, nowMs: NOW, random: () => 0.5 };

describe("isRetryable", () => {
  it.each([
    ["GET", 429, true],
    ["GET", 500, true],
    ["GET", 502, true],
    ["GET", 503, true],
    ["GET", 504, true],
    ["GET", 501, false],
    ["GET", 400, false],
    ["GET", 401, false],
    ["GET", 403, false],
    ["GET", 404, false],
    ["POST", 429, true],
    ["POST", 500, false],
    ["POST", 503, false],
    ["POST", 400, false],
  ])("%s answered %i → %s", (method, status, expected) => {
    expect(isRetryable(method, { kind: "status", status })).toBe(expected);
  });

  it("retries a write only when it was never sent", () => {
    expect(isRetryable("POST", { kind: "network", sent: false })).toBe(true);
    expect(isRetryable("POST", { kind: "network", sent: true })).toBe(false);
    expect(isRetryable("POST", { kind: "timeout" })).toBe(false);
    expect(isRetryable("GET", { kind: "network", sent: true })).toBe(true);
    expect(isRetryable("GET", { kind: "timeout" })).toBe(true);
  });
});

describe("backoffDelay", () => {
  it("doubles, stays between half and all of its ceiling, and is capped", () => {
    expect(backoffDelay(1, () => 0)).toBe(150);
    expect(backoffDelay(1, () => 1)).toBe(300);
    expect(backoffDelay(2, () => 1)).toBe(600);
    expect(backoffDelay(3, () => 0)).toBe(600);
    expect(backoffDelay(20, () => 1)).toBe(MAX_DELAY_MS);
    expect(backoffDelay(20, () => 0)).toBe(MAX_DELAY_MS / 2);
  });
});

describe("parseRetryAfter", () => {
  it("reads delay seconds", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
  });
  it("reads an HTTP date relative to now", () => {
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", NOW)).toBe(0);
  });
  it("ignores what it cannot read", () => {
    expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
    expect(parseRetryAfter("soon", NOW)).toBeUndefined();
    expect(parseRetryAfter("-5", NOW)).toBeUndefined();
    expect(parseRetryAfter("1.5", NOW)).toBeUndefined();
  });
});

describe("parseRetryAfter against a service that asks for absurd waits", () => {
  it("caps any wait at MAX_SERVER_WAIT_MS (one hour), in both forms", () => {
    expect(MAX_SERVER_WAIT_MS).toBe(3_600_000);
    expect(parseRetryAfter("1000000000", NOW)).toBe(MAX_SERVER_WAIT_MS);
    expect(parseRetryAfter(`1${"0".repeat(23)}`, NOW)).toBe(MAX_SERVER_WAIT_MS);
    expect(parseRetryAfter("9".repeat(400), NOW)).toBe(MAX_SERVER_WAIT_MS);
    expect(parseRetryAfter("Fri, 31 Dec 9999 23:59:59 GMT", NOW)).toBe(MAX_SERVER_WAIT_MS);
    expect(parseRetryAfter("3599", NOW)).toBe(3_599_000);
  });
});

describe("parseRateLimitReset", () => {
  it("reads delay seconds, epoch seconds and epoch milliseconds, capped", () => {
    expect(parseRateLimitReset("30", NOW)).toBe(30_000);
    expect(parseRateLimitReset(String(NOW / 1000 + 45), NOW)).toBe(45_000);
    expect(parseRateLimitReset(String(NOW + 12_000), NOW)).toBe(12_000);
    expect(parseRateLimitReset(String(NOW / 1000 - 5), NOW)).toBe(0);
    expect(parseRateLimitReset("1000000000000000000000", NOW)).toBe(MAX_SERVER_WAIT_MS);
    expect(parseRateLimitReset(undefined, NOW)).toBeUndefined();
    expect(parseRateLimitReset("later", NOW)).toBeUndefined();
  });
});

describe("decideRetry", () => {
  it("honours Retry-After over backoff", () => {
    const decision = decideRetry({
      ...base,
      method: "GET",
      outcome: { kind: "status", status: 429, retryAfter: "2" },
    });
    expect(decision).toEqual({ retry: true, delayMs: 2000 });
  });
  it("uses jittered backoff without Retry-After", () => {
    const decision = decideRetry({ ...base, method: "GET", outcome: { kind: "status", status: 503 } });
    expect(decision).toEqual({ retry: true, delayMs: 225 });
  });
  it("fails fast when the wait is longer than what is left of the budget", () => {
    const decision = decideRetry({
      ...base,
      method: "GET",
      remainingMs: 10_000,
      outcome: { kind: "status", status: 429, retryAfter: "30" },
    });
    expect(decision).toEqual({ retry: false, reason: "wait_exceeds_budget", delayMs: 30_000 });
  });
  it("stops after three attempts", () => {
    const outcome = { kind: "status", status: 500 } as const;
    expect(decideRetry({ ...base, attempt: 2, method: "GET", outcome }).retry).toBe(true);
    expect(decideRetry({ ...base, attempt: 3, method: "GET", outcome })).toEqual({
      retry: false,
      reason: "attempts_exhausted",
    });
  });
  it("never retries what cannot succeed", () => {
    expect(decideRetry({ ...base, method: "GET", outcome: { kind: "status", status: 404 } })).toEqual({
      retry: false,
      reason: "not_retryable",
    });
    expect(decideRetry({ ...base, method: "POST", outcome: { kind: "status", status: 500 } }).retry).toBe(
      false,
    );
  });
});
