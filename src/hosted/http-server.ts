/**
 * The hosted server's HTTP face: `/mcp` (bearer token, then the tenant's MCP handler), its public
 * server card at `/mcp/server-card` (server-card.ts), `/healthz`
 * (the process answers), `/readyz` (its engines answer), and `/webhooks/{tenant}` when a shared
 * inbox is configured. Slow clients are cut off, bodies are capped (by the MCP handler and the
 * webhook reader). On close it drains: /healthz and /readyz answer 503 and a new MCP request 503
 * with Retry-After (the load balancer sends it elsewhere), running calls finish, then the listen
 * streams end (their clients re-listen on another instance), and only then does it stop listening.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { bearerAuthChallengeResponse, OAuthError, OAuthErrorCode } from "@modelcontextprotocol/server";
import { answerJson } from "../json-answer.js";
import { type Authenticator, type AuthOutcome, bearerToken, challenge, missingToken } from "./auth.js";
import { readMcpBody } from "./mcp-body.js";
import type { OAuthMount } from "./oauth/mount.js";
import { answerCard, SERVER_CARD_PATH } from "./server-card.js";
import type { RuntimeRegistry } from "./tenant-runtime.js";

export type WebhookRoute = (tenantId: string, req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface HostedServerOptions {
  host: string;
  port: number;
  auth: Authenticator;
  runtimes: RuntimeRegistry;
  /** Each throws when its engine cannot be reached. */
  readiness: Record<string, () => Promise<void>>;
  webhooks?: WebhookRoute;
  /** Browser origins allowed to call /mcp (hostnames); requests without Origin always pass. */
  allowedOrigins: string[];
  /** How long close() waits for running calls; default 25 s (below a typical 30 s SIGTERM grace). */
  drainMs?: number;
  log(message: string): void;
  /** OAuth (src/hosted/oauth): its routes, and the challenge and scope gate on /mcp. */
  oauth?: OAuthMount | undefined;
}

export interface HostedServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const LISTEN_METHOD = "subscriptions/listen";
const WEBHOOK_PATH = /^\/webhooks\/([a-z0-9][a-z0-9_-]{0,62})$/;

export async function startHostedServer(options: HostedServerOptions): Promise<HostedServer> {
  /**
   * Requests in progress; `listen` marks a subscriptions/listen stream, which lives until its client
   * leaves (a tool call may answer as an event stream too, but it ends with its result).
   */
  const inFlight = new Map<ServerResponse, { listen: boolean }>();
  let draining = false;
  let drained: (() => void) | undefined;

  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // A 2026-era request names its method in the Mcp-Method header (the handler checks it
    // against the body); 2025-era requests over this stateless endpoint never open a stream.
    const entry = { listen: req.headers["mcp-method"] === LISTEN_METHOD };
    inFlight.set(res, entry);
    res.on("close", () => {
      inFlight.delete(res);
      if (draining && onlyStreamsLeft()) drained?.();
    });
    route(req, res).catch((error: unknown) => {
      options.log(
        `invoicing-mcp serve: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) answerJson(res, 500, { error: "internal error" });
      else res.destroy();
    });
  };

  const onlyStreamsLeft = () => [...inFlight.values()].every((entry) => entry.listen);

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A malformed percent-encoding is the client's mistake on any route, not ours to log.
    if (!wellFormed(req.url ?? "/"))
      return answerJson(res, 400, {
        error: "invalid_request",
        error_description: "the request's address has a malformed percent-encoding",
      });
    const path = (req.url ?? "/").split("?")[0]!;
    if (path === "/healthz")
      return answerJson(res, draining ? 503 : 200, { status: draining ? "draining" : "ok" });
    if (path === "/readyz") return ready(res);
    if (path === SERVER_CARD_PATH) return card(req, res);
    if (path === "/mcp") {
      // Draining: calls already running finish here; a new one is sent on to another instance.
      if (draining) {
        res.shouldKeepAlive = false;
        return answerJson(
          res,
          503,
          { error: "draining", error_description: "this instance is stopping; send the request again" },
          { "Retry-After": "1" },
        );
      }
      return mcp(req, res);
    }
    if (options.oauth && (await options.oauth.route(req, res))) return;
    const webhook = WEBHOOK_PATH.exec(path);
    if (webhook && options.webhooks) return options.webhooks(webhook[1]!, req, res);
    answerJson(res, 404, { error: "not found" });
  };

  const ready = async (res: ServerResponse) => {
    const checks: Record<string, string> = {};
    let ok = !draining;
    await Promise.all(
      Object.entries(options.readiness).map(async ([name, check]) => {
        try {
          await withTimeout(check(), 2_000);
          checks[name] = "ok";
        } catch (error) {
          ok = false;
          checks[name] = error instanceof Error ? error.message : String(error);
        }
      }),
    );
    answerJson(res, ok ? 200 : 503, { status: ok ? "ready" : draining ? "draining" : "not ready", checks });
  };

  // Where clients reach this server, when configured: the OAuth issuer's origin. Otherwise the card
  // names the host a request was sent to, or where the server listens (known once it does).
  const publicOrigin = options.oauth ? new URL(options.oauth.resourceMetadataUrl).origin : undefined;
  let listeningOrigin = "http://localhost";
  const card = (req: IncomingMessage, res: ServerResponse) => {
    const answer = answerCard(req, { public: publicOrigin, listening: listeningOrigin });
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };

  // What a challenge names under OAuth: where the resource metadata is, and the scopes to ask for.
  const challengeOptions = options.oauth
    ? { resourceMetadataUrl: options.oauth.resourceMetadataUrl, requiredScopes: [...options.oauth.scopes] }
    : {};

  const mcp = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin, options.allowedOrigins)) {
      return answerJson(res, 403, { error: "origin not allowed" });
    }
    const token = bearerToken(req.headers.authorization);
    const outcome: AuthOutcome =
      token === undefined ? missingToken() : await options.auth.authenticate(token);
    if (!outcome.ok) {
      // A refused token: the SDK's challenge (RFC 6750, with the resource metadata under OAuth).
      if (outcome.status === 401 && outcome.error)
        return send(
          res,
          bearerAuthChallengeResponse(
            new OAuthError(OAuthErrorCode.InvalidToken, outcome.description),
            challengeOptions,
          ),
        );
      // No token at all: a bare challenge, without an error code (RFC 6750 §3.1).
      const headers: Record<string, string> =
        outcome.status === 401
          ? { "WWW-Authenticate": challenge(outcome, options.oauth?.challengeParams()) }
          : { "Retry-After": "5" };
      return answerJson(
        res,
        outcome.status,
        {
          error: outcome.error || "unauthorized",
          error_description: outcome.description || "send Authorization: Bearer <token>",
        },
        headers,
      );
    }
    // A client that leaves while sending its body has nobody to answer, and nothing to log.
    const read = await readMcpBody(req).catch(() => undefined);
    if (read === undefined) return void res.destroy();
    if (!read.ok) {
      const code = read.status === 400 ? -32700 : -32000;
      // A body cut off unread cannot leave the connection reusable.
      if (read.status === 413) res.shouldKeepAlive = false;
      return answerJson(res, read.status, {
        jsonrpc: "2.0",
        error: { code, message: read.message },
        id: null,
      });
    }
    const { principal } = outcome;
    if (options.oauth) {
      // --- OAuth scope gate (src/hosted/oauth/scope-gate.ts) ---
      const verdict = options.oauth.gate(read.call, principal);
      if (!verdict.pass)
        return send(
          res,
          bearerAuthChallengeResponse(
            new OAuthError(OAuthErrorCode.InsufficientScope, `${verdict.tool} needs the write scope`),
            challengeOptions,
          ),
        );
    }
    await options.runtimes.for(principal).serve(req, res, read.call, principal, token!);
  };

  const server = createServer(
    // Headers within 10 s and the whole request body within 30 s; answers (a tool call may take its
    // 45 s budget, a listen stream lives long) are not limited here.
    { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 },
    listener,
  );
  server.keepAliveTimeout = 5_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  listeningOrigin = `http://${host}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      // Still listening while the calls run, so /healthz can say 503 (draining) to whoever asks.
      draining = true;
      if (!onlyStreamsLeft()) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, options.drainMs ?? 25_000).unref();
        });
      }
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await options.runtimes.close(); // ends listen streams and per-tenant clients
      server.closeAllConnections();
      await stopped;
    })();
    return closing;
  };
  return { url: `http://${host}:${port}`, port, close };
}

/** A web Response (the SDK's challenge) as the node answer. */
async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  for (const [name, value] of response.headers) headers[name] = value;
  res.writeHead(response.status, headers);
  res.end(await response.text());
}

function wellFormed(url: string): boolean {
  try {
    decodeURI(url);
    return true;
  } catch {
    return false;
  }
}

function originAllowed(origin: string, allowed: string[]): boolean {
  try {
    const { hostname } = new URL(origin);
    return ["localhost", "127.0.0.1", "[::1]", ...allowed].includes(hostname);
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]);
}
