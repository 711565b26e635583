/**
 * One request through the sandbox: record it, admin routes, faults, then the API itself
 * (authentication → rate limit → route → body → handler). Faults come first and skip
 * authentication and rate limiting, so a test can fault any request, even one without a key.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ADMIN_PREFIX, adminReply } from "./admin.js";
import { AUTH_MESSAGE, failure, HttpError, type Reply } from "./envelope.js";
import { answerFault } from "./fault-answer.js";
import type { Faults } from "./faults.js";
import { readJsonBody, writeReply } from "./http-io.js";
import { bearerToken, type SandboxKeys, verifyKey } from "./keys.js";
import type { RateLimiter } from "./rate-limit.js";
import { routeContext } from "./routes/context.js";
import { matchRoute } from "./routes/table.js";
import type { Store } from "./store.js";
import type { WebhookSender } from "./webhooks/sender.js";

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Query string without the leading "?" ("" when none). */
  query: string;
  /** Status sent; 0 when no status line went out (hang, reset). */
  status: number;
  /** The Bearer token sent, if any. */
  key: string | undefined;
  faulted: boolean;
}

export interface ServerDeps {
  store: Store;
  keys: SandboxKeys;
  moreDemoKeys: readonly string[];
  limiter: RateLimiter;
  faults: Faults;
  now: () => number;
  requests: RecordedRequest[];
  log: (message: string) => void;
  webhooks: WebhookSender;
}

export function requestListener(deps: ServerDeps) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(deps, req, res).catch((error: unknown) => {
      deps.log(
        `sandbox: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) writeReply(res, failure(500, "Internal server error"));
      else res.destroy();
    });
  };
}

async function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = req.url ?? "/";
  const cut = target.indexOf("?");
  const path = cut === -1 ? target : target.slice(0, cut);
  const query = cut === -1 ? "" : target.slice(cut + 1);
  const method = req.method ?? "GET";
  const key = bearerToken(req.headers.authorization);
  const record: RecordedRequest = { method, path, query, status: 0, key, faulted: false };
  deps.requests.push(record);

  if (path.startsWith(ADMIN_PREFIX)) return send(res, record, await adminReply(req, method, path, key, deps));

  const fault = deps.faults.take(method, path);
  if (fault && fault.when !== "after") {
    record.faulted = true;
    record.status = answerFault(res, fault.action);
    return;
  }
  const reply = await apiReply(deps, req, method, path, query, key);
  if (fault) {
    record.faulted = true;
    record.status = answerFault(res, fault.action, JSON.stringify(reply.body));
    return;
  }
  send(res, record, reply);
}

async function apiReply(
  deps: ServerDeps,
  req: IncomingMessage,
  method: string,
  path: string,
  query: string,
  key: string | undefined,
): Promise<Reply> {
  const verdict = verifyKey(deps.keys, key, deps.moreDemoKeys);
  if (verdict.kind === "unauthenticated") return failure(401, AUTH_MESSAGE);
  if (verdict.kind === "forbidden") return failure(403, AUTH_MESSAGE);
  const rate = deps.limiter.take(key ?? "");
  const rateHeaders = {
    "X-RateLimit-Limit": String(rate.limit),
    "X-RateLimit-Remaining": String(rate.remaining),
  };
  if (!rate.allowed) {
    const seconds = rate.retryAfterSeconds;
    return failure(429, `Rate limit exceeded. Retry after ${seconds} seconds.`, {
      ...rateHeaders,
      "Retry-After": String(seconds),
    });
  }
  try {
    const { route, params } = matchRoute(method, path);
    const body = route.method === "POST" ? await readJsonBody(req) : undefined;
    const reply = route.handler(
      routeContext(deps, verdict.account, { params, query: new URLSearchParams(query), body }),
    );
    return { ...reply, headers: { ...reply.headers, ...rateHeaders } };
  } catch (error) {
    if (error instanceof HttpError)
      return failure(error.status, error.message, { ...error.headers, ...rateHeaders });
    throw error;
  }
}

function send(res: ServerResponse, record: RecordedRequest, reply: Reply): void {
  record.status = reply.status;
  writeReply(res, reply);
}
