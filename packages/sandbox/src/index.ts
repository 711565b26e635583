/**
 * The sandbox: a complete local Invoicing Service REST API v1 on node:http, with demo data, key
 * checks, the rate limit, fault injection and the webhook sender. Each `startSandbox` call has its
 * own fresh data.
 */
import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { banner } from "./banner.js";
import { type FaultInjector, Faults } from "./faults.js";
import { createKeys, createMoreDemoKeys, type SandboxKeys } from "./keys.js";
import { RateLimiter } from "./rate-limit.js";
import type { SandboxData } from "./records.js";
import { type RecordedRequest, requestListener } from "./server.js";
import { createStore } from "./store.js";
import { WebhookSender, type WebhookSenderOptions } from "./webhooks/sender.js";

export type { Fault, FaultAction, FaultInjector } from "./faults.js";
/** The keys a given seed produces, known before a sandbox starts (e.g. to build a client first). */
export { createKeys, type SandboxKeys } from "./keys.js";
export type {
  AccountData,
  ActivityType,
  Customer,
  Expense,
  Invoice,
  InvoiceStatus,
  Project,
  SandboxData,
  TimeEntry,
} from "./records.js";
export type { RecordedRequest } from "./server.js";
export type { EventName } from "./webhooks/events.js";
export type {
  Delivery,
  DeliveryAttempt,
  WebhookEndpoint,
  WebhookSender,
  WebhookSenderOptions,
} from "./webhooks/sender.js";

export interface SandboxOptions {
  /** Default 0: any free port. */
  port?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** The "today" the demo data is generated around; default `now()`. */
  referenceDate?: Date | number;
  /** Default 1. Same seed and reference date give identical data and keys. */
  seed?: number;
  /** Default 0: how many more keys open the demo account (`moreDemoKeys`), for several tenants. */
  demoKeys?: number;
  /** Clock (Unix ms) for everything time-dependent; default Date.now. */
  now?: () => number;
  /** Default 100 requests per 60 000 ms per key. */
  rateLimit?: { limit: number; windowMs: number };
  /** No banner on stderr. */
  quiet?: boolean;
  /** Explicit data instead of the generated demo year (e.g. a tiny set for hand-computed tests). */
  data?: SandboxData;
  /** Webhook endpoints, and the sender's time scale and attempt timeout (see README). */
  webhooks?: WebhookSenderOptions;
}

export interface Sandbox {
  /** e.g. "http://127.0.0.1:43123", no trailing slash; API paths start with /api/v1. */
  url: string;
  port: number;
  keys: SandboxKeys;
  /** SandboxOptions.demoKeys more keys of the demo account (none by default). */
  moreDemoKeys: string[];
  /** Every request received, in order, faulted ones included. */
  requests: RecordedRequest[];
  faults: FaultInjector;
  /** The webhook sender: `deliveries` (every attempt), `addEndpoint`, `idle()`. */
  webhooks: WebhookSender;
  /** Closes the server and destroys open sockets (hung ones too); pending webhook retries stop. */
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const now = options.now ?? Date.now;
  const reference = Number(options.referenceDate ?? now());
  const seed = options.seed ?? 1;
  const keys = createKeys(seed);
  const moreDemoKeys = createMoreDemoKeys(seed, options.demoKeys ?? 0);
  const faults = new Faults();
  const requests: RecordedRequest[] = [];
  const log = options.quiet ? () => {} : (message: string) => console.error(message);
  const webhooks = new WebhookSender(now, options.webhooks);
  const server = createServer(
    requestListener({
      store: createStore(seed, reference, options.data),
      keys,
      moreDemoKeys,
      limiter: new RateLimiter(options.rateLimit ?? { limit: 100, windowMs: 60_000 }, now),
      faults,
      now,
      requests,
      log,
      webhooks,
    }),
  );
  // closeAllConnections() misses sockets whose request never finished parsing; track them all.
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  log(banner(url, keys));

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      webhooks.close();
      server.close(() => resolve());
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };
  return { url, port, keys, moreDemoKeys, requests, faults, webhooks, close };
}
