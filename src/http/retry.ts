/**
 * When to try a request again, and after how long: pure functions of the attempt, what happened and
 * a random number, so every rule is testable without sleeping.
 *
 * Reads are retried on 429, 500/502/503/504 and network failures. Writes only when the request was
 * certainly not processed: a 429, or a connection that was never established.
 */

import { believableWait } from "./rate-rules.js";

export const MAX_ATTEMPTS = 3;
export const BASE_DELAY_MS = 300;
export const MAX_DELAY_MS = 5_000;
/**
 * The longest wait any parsed header may come to, before the rule of rate-rules.ts (a few windows)
 * judges it: a 429 asking for 10^9 seconds (or a date in the year 9999) stays a finite number.
 */
export const MAX_SERVER_WAIT_MS = 60 * 60_000;

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

export type AttemptOutcome =
  | { kind: "status"; status: number; retryAfter?: string | undefined }
  | { kind: "network"; sent: boolean }
  | { kind: "timeout" };

export type RetryDecision =
  | { retry: true; delayMs: number }
  | { retry: false; reason: "not_retryable" | "attempts_exhausted" }
  | { retry: false; reason: "wait_exceeds_budget"; delayMs: number };

export interface RetryInput {
  /** 1 for the first attempt. */
  attempt: number;
  method: string;
  outcome: AttemptOutcome;
  /** Milliseconds left of the call's total budget. */
  remainingMs: number;
  nowMs: number;
  random: () => number;
  maxAttempts?: number;
  /** The service's rate window: a Retry-After beyond a few of them is not believed (rate-rules.ts). */
  windowMs?: number;
}

/** The documented window, for callers that know no other. */
const DOCUMENTED_WINDOW_MS = 60_000;

export function decideRetry(input: RetryInput): RetryDecision {
  const { attempt, outcome } = input;
  if (!isRetryable(input.method, outcome)) return { retry: false, reason: "not_retryable" };

  if (attempt >= (input.maxAttempts ?? MAX_ATTEMPTS)) return { retry: false, reason: "attempts_exhausted" };

  const serverWait =
    outcome.kind === "status"
      ? believableWait(
          input.windowMs ?? DOCUMENTED_WINDOW_MS,
          parseRetryAfter(outcome.retryAfter, input.nowMs),
        )
      : undefined;
  const delayMs = serverWait ?? backoffDelay(attempt, input.random);
  // A wait the budget cannot cover is reported at once, with the wait, rather than slept through.
  if (delayMs >= input.remainingMs) return { retry: false, reason: "wait_exceeds_budget", delayMs };
  return { retry: true, delayMs };
}

export function isRetryable(method: string, outcome: AttemptOutcome): boolean {
  const isRead = method === "GET" || method === "HEAD";
  switch (outcome.kind) {
    case "status":
      return isRead ? RETRYABLE_STATUS.has(outcome.status) : outcome.status === 429;
    case "network":
      return isRead || !outcome.sent;
    case "timeout":
      return isRead;
  }
}

/** Exponential backoff with jitter: the n-th retry waits between half and all of min(cap, base·2ⁿ⁻¹). */
export function backoffDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Any wait the service asks for, as a finite number of ms from 0 to MAX_SERVER_WAIT_MS. */
export function capServerWait(ms: number): number {
  if (Number.isNaN(ms) || ms <= 0) return 0;
  return Math.min(ms, MAX_SERVER_WAIT_MS);
}

/**
 * `Retry-After` in either of its forms: delay seconds (`120`) or an HTTP date
 * (`Wed, 21 Oct 2026 07:28:00 GMT`). Returns milliseconds from now, capped at MAX_SERVER_WAIT_MS, or
 * undefined when absent or unreadable. A date in the past means "now".
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return capServerWait(Number(trimmed) * 1000);
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return capServerWait(at - nowMs);
}

/**
 * `X-RateLimit-Reset` (the API document does not name it; services that send it use one of three
 * forms): seconds from now, epoch seconds, or epoch milliseconds. Told apart by size: no window is
 * 30 years long, and no epoch-seconds value reaches 10^12 before the year 33000.
 */
export function parseRateLimitReset(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  if (n < 1e9) return capServerWait(n * 1000);
  if (n < 1e12) return capServerWait(n * 1000 - nowMs);
  return capServerWait(n - nowMs);
}
