/**
 * The receiver's HTTP side on node:http: `POST <path>` takes deliveries, `GET /healthz` reports,
 * everything else is 404 or 405. Every answer is small JSON; no request, however malformed, can
 * produce a 500. One JSON log line per request (not for /healthz): never the secret, never the body.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerJson } from "../json-answer.js";
import { acceptDelivery } from "./delivery.js";
import type { InboxWriter } from "./inbox-writer.js";
import { MAX_BODY_BYTES, readBody } from "./request-body.js";

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 8787;
export const DEFAULT_PATH = "/webhooks/invoicing";

export interface ReceiverOptions {
  secrets: readonly string[];
  inbox: InboxWriter;
  host?: string;
  /** 0 = any free port. */
  port?: number;
  path?: string;
  /** One JSON object per call, without newline; default: a line on stderr. */
  log?: (line: string) => void;
  now?: () => number;
  maxBodyBytes?: number;
}

export interface ReceiverStats {
  startedAt: string;
  stored: number;
  duplicate: number;
  rejected: number;
}

export interface Receiver {
  /** The delivery address, e.g. http://127.0.0.1:8787/webhooks/invoicing. */
  url: string;
  port: number;
  stats: ReceiverStats;
  /** Stops accepting, lets requests in flight finish (at most 5 s), then closes. */
  close(): Promise<void>;
}

export interface LogEntry {
  event: string | null;
  outcome: "stored" | "duplicate" | "rejected";
  reason?: string;
  status: number;
  bytes: number;
  ms: number;
  id?: string;
}

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const now = options.now ?? Date.now;
  const path = options.path ?? DEFAULT_PATH;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const stats: ReceiverStats = {
    startedAt: new Date(now()).toISOString(),
    stored: 0,
    duplicate: 0,
    rejected: 0,
  };
  const record = (entry: LogEntry) => {
    stats[entry.outcome]++;
    log(JSON.stringify({ time: new Date(now()).toISOString(), ...entry }));
  };
  const ctx: Context = { ...options, now, path, record, stats };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    handle(ctx, req, res).catch(() => {
      // Nothing above throws by design; if something does, answer like a busy server.
      if (!res.headersSent) answerJson(res, 503, { ok: false, error: "temporarily unavailable" });
      else res.destroy();
    });
  };
  const server = createServer(
    // The service expects an answer within 5 s; a client that trickles its headers or body is cut
    // off long before it can tie up the process. Checked every second instead of every 30.
    { headersTimeout: 5_000, requestTimeout: 10_000, connectionsCheckingInterval: 1_000 },
    listener,
  );
  // "Expect: 100-continue": invite the body only when it will be read; else the answer comes first.
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const declared = Number(req.headers["content-length"]);
    const wanted = req.method === "POST" && pathOf(req) === path;
    if (wanted && !(declared > (options.maxBodyBytes ?? MAX_BODY_BYTES))) res.writeContinue();
    listener(req, res);
  });
  server.keepAliveTimeout = 5_000;
  server.timeout = 15_000;

  const host = options.host ?? DEFAULT_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}${path}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 5_000).unref();
    });
    return closing;
  };
  return { url, port, stats, close };
}

interface Context extends ReceiverOptions {
  now: () => number;
  path: string;
  stats: ReceiverStats;
  record(entry: LogEntry): void;
}

async function handle(ctx: Context, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const path = pathOf(req);
  const claimed = claimedEvent(req.headers["x-service-event"]);
  const rejected = (status: number, reason: string, bytes = 0, extra: Record<string, string> = {}) => {
    answerJson(res, status, { ok: false, error: reason }, extra);
    ctx.record({ event: claimed, outcome: "rejected", reason, status, bytes, ms: elapsed(started) });
  };

  if (path === "/healthz") {
    if (req.method !== "GET" && req.method !== "HEAD")
      return void answerJson(res, 405, { ok: false }, { Allow: "GET" });
    // Checks, and repairs, that the file being written is still the one at the inbox path.
    const { ok, ...inbox } = await ctx.inbox.health();
    return void answerJson(res, ok ? 200 : 503, { ok, inbox, ...ctx.stats });
  }
  if (path !== ctx.path) return rejected(404, "not found");
  if (req.method !== "POST") return rejected(405, `method ${req.method} not allowed`, 0, { Allow: "POST" });

  const body = await readBody(req, ctx.maxBodyBytes ?? MAX_BODY_BYTES).catch(() => undefined);
  if (body === undefined) {
    // The client went away mid-body: there is no one to answer.
    ctx.record({
      event: claimed,
      outcome: "rejected",
      reason: "aborted",
      status: 0,
      bytes: 0,
      ms: elapsed(started),
    });
    return;
  }
  if (body.kind === "too-large") {
    // Close after answering: the rest of the body is not read, so the connection cannot be reused.
    res.once("finish", () => req.socket.destroySoon());
    return rejected(413, `body larger than ${ctx.maxBodyBytes ?? MAX_BODY_BYTES} bytes`, 0, {
      Connection: "close",
    });
  }
  const result = await acceptDelivery(body.body, req.headers["x-service-signature"], ctx);
  const bytes = body.body.length;
  if (result.outcome === "rejected") {
    const event = result.event ?? claimed;
    answerJson(res, result.status, { ok: false, error: result.reason });
    const id = result.id === undefined ? {} : { id: result.id };
    ctx.record({
      event,
      outcome: "rejected",
      reason: result.reason,
      status: result.status,
      bytes,
      ms: elapsed(started),
      ...id,
    });
    return;
  }
  answerJson(res, 200, { ok: true });
  ctx.record({
    event: result.event,
    outcome: result.outcome,
    status: 200,
    bytes,
    ms: elapsed(started),
    id: result.id,
  });
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? "/").split("?", 1)[0] ?? "/";
}

/** The unverified X-Service-Event header, only if it looks like an event name (it ends up in logs). */
function claimedEvent(header: string | string[] | undefined): string | null {
  return typeof header === "string" && /^[\w.-]{1,64}$/.test(header) ? header : null;
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
