/**
 * The sandbox's webhook sender. An event becomes one delivery per endpoint that wants it (same
 * account, event in its list): the body is serialized and signed once, so every attempt sends the
 * same bytes with the same signature. A 2xx ends it; anything else (another status, no connection,
 * no answer within the timeout) is retried on the backoff schedule, scaled by `timeScale`.
 * Every attempt is kept in `deliveries`, for tests and for GET /_sandbox/webhooks.
 */

import type { AccountId } from "../keys.js";
import { type AttemptHandle, attempt } from "./attempt.js";
import { retryDelayMs } from "./backoff.js";
import { EVENT_NAMES, type EventName } from "./events.js";
import { signatureFor } from "./signature.js";

export interface WebhookEndpoint {
  /** http:// or https:// address that receives the POSTs. */
  url: string;
  secret: string;
  /** The events it receives; default all six. */
  events?: readonly EventName[];
  /** Whose events; default "demo". */
  account?: AccountId;
}

export interface DeliveryAttempt {
  /** 1 = the first try, 2 = the first retry, … */
  attempt: number;
  /** When it started (wall clock, Unix ms). */
  at: number;
  status?: number;
  error?: string;
  ms: number;
}

export interface Delivery {
  id: string;
  url: string;
  account: AccountId;
  event: EventName;
  /** Exactly the bytes sent on every attempt (UTF-8). */
  body: string;
  signature: string;
  state: "pending" | "delivered" | "failed";
  attempts: DeliveryAttempt[];
  /** Wall-clock Unix ms of the next attempt while one is scheduled. */
  nextAttemptAt?: number;
}

export interface WebhookSenderOptions {
  endpoints?: readonly WebhookEndpoint[];
  /** Multiplies every backoff wait: 0.001 turns 1 minute into 60 ms. Default 1. */
  timeScale?: number;
  /** Per attempt, not scaled. Default 5000 ms, the answer time the document expects. */
  attemptTimeoutMs?: number;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly list: Required<WebhookEndpoint>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AttemptHandle>();
  private readonly waiters: (() => void)[] = [];
  private readonly timeScale: number;
  private readonly timeoutMs: number;
  private closed = false;

  constructor(
    /** The sandbox clock, for the envelope's `timestamp`. */
    private readonly now: () => number,
    options: WebhookSenderOptions = {},
  ) {
    this.timeScale = options.timeScale ?? 1;
    this.timeoutMs = options.attemptTimeoutMs ?? 5_000;
    for (const endpoint of options.endpoints ?? []) this.addEndpoint(endpoint);
  }

  addEndpoint(endpoint: WebhookEndpoint): void {
    const url = new URL(endpoint.url); // throws on a bad address, before any event needs it
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new TypeError(`webhook url must be http:// or https://, got ${endpoint.url}`);
    }
    if (endpoint.secret === "") throw new TypeError("webhook secret must not be empty");
    this.list.push({
      url: endpoint.url,
      secret: endpoint.secret,
      events: endpoint.events ?? EVENT_NAMES,
      account: endpoint.account ?? "demo",
    });
  }

  /** The configured endpoints, without their secrets. */
  endpoints(): { url: string; events: readonly EventName[]; account: AccountId }[] {
    return this.list.map(({ url, events, account }) => ({ url, events, account }));
  }

  clearEndpoints(): void {
    this.list.length = 0;
  }

  /** Sends `event` with `data` to every endpoint of `account` that wants it; returns at once. */
  emit(account: AccountId, event: EventName, data: Record<string, unknown>): void {
    if (this.closed) return;
    const body = JSON.stringify({ event, timestamp: new Date(this.now()).toISOString(), data });
    for (const endpoint of this.list) {
      if (endpoint.account !== account || !endpoint.events.includes(event)) continue;
      const delivery: Delivery = {
        id: `dlv_${this.deliveries.length + 1}`,
        url: endpoint.url,
        account,
        event,
        body,
        signature: signatureFor(body, endpoint.secret),
        state: "pending",
        attempts: [],
      };
      this.deliveries.push(delivery);
      void this.run(delivery);
    }
  }

  /** Resolves when no delivery is pending (all delivered or out of retries). */
  idle(): Promise<void> {
    if (!this.deliveries.some((d) => d.state === "pending") || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Cancels scheduled retries and ends attempts in flight. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    for (const handle of this.inFlight) handle.abort();
    this.wake();
  }

  private async run(delivery: Delivery): Promise<void> {
    const bytes = Buffer.from(delivery.body, "utf8");
    const headers = {
      "Content-Type": "application/json",
      "X-Service-Event": delivery.event,
      "X-Service-Signature": delivery.signature,
      "User-Agent": "invoicing-sandbox-webhooks/1",
    };
    const at = Date.now();
    const handle = attempt(new URL(delivery.url), bytes, headers, this.timeoutMs);
    this.inFlight.add(handle);
    const result = await handle.result;
    this.inFlight.delete(handle);
    if (this.closed) return;
    delivery.attempts.push({ attempt: delivery.attempts.length + 1, at, ...result, ms: Date.now() - at });
    delete delivery.nextAttemptAt;
    if (result.status !== undefined && result.status >= 200 && result.status < 300) {
      delivery.state = "delivered";
      return this.wake();
    }
    const wait = retryDelayMs(delivery.attempts.length);
    if (wait === undefined) {
      delivery.state = "failed"; // the first try and every retry failed
      return this.wake();
    }
    const scaled = wait * this.timeScale;
    delivery.nextAttemptAt = Date.now() + scaled;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run(delivery);
    }, scaled);
    timer.unref(); // a pending retry alone does not keep a process alive
    this.timers.add(timer);
  }

  private wake(): void {
    if (!this.closed && this.deliveries.some((d) => d.state === "pending")) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
