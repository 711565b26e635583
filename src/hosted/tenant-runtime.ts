/**
 * What one principal's requests run with: their settings, their API client (with the governor of
 * their key), their tool context (the directory cache) and their own MCP handler. The handler has
 * its own event bus, so a resources/updated for one principal reaches only their listen streams.
 * Every request gets a fresh McpServer (stateless HTTP) from the principal's server blueprint, built
 * once with the runtime: tools, schemas, prompts and resources are not rebuilt per request; which
 * tools a request gets is the inventory's answer for the scopes of the token it came with.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type NodeIncomingMessageLike,
  type NodeMcpRequestHandler,
  toNodeHandler,
} from "@modelcontextprotocol/node";
import {
  type AuthInfo,
  createMcpHandler,
  type McpHttpHandler,
  type McpServerFactory,
} from "@modelcontextprotocol/server";
import type { Principal } from "../config/principal.js";
import type { Config, KeyedConfig } from "../config/settings.js";
import { ApiClient } from "../http/client.js";
import type { Governor } from "../http/governor.js";
import { answerJson } from "../json-answer.js";
import { createToolContext } from "../mcp/context.js";
import { subscribableUris } from "../mcp/resources/events.js";
import { subscriptionRefusal } from "../mcp/resources/subscriptions.js";
import { serverBlueprint } from "../mcp/server.js";
import type { DetailsStore } from "../profiles/details.js";
import type { EventSource } from "../webhooks/event-source.js";
import type { PaymentNoteStore } from "../webhooks/payment-notes.js";
import { directCall } from "./direct-call.js";
import { answersInJson, type FetchFace, jsonAnswerLeg } from "./json-answer-leg.js";
import { MAX_MCP_BODY_BYTES, type McpCall } from "./mcp-body.js";
import { serveParsed } from "./parsed-exchange.js";
import { sessionIdFor } from "./session-id.js";

export interface RuntimeDeps {
  /** The governor of a key: shared by every runtime (and, with Redis, every instance) using it. */
  governor(settings: KeyedConfig): Governor;
  /** A principal's stored webhook events, when the server keeps them. */
  events(principalId: string): EventSource | undefined;
  /** What a principal told the server about payments, kept beside their events. */
  paymentNotes?(principalId: string): PaymentNoteStore | undefined;
  /** A principal's business details for e-invoices (PostgreSQL). */
  details?(principalId: string): DetailsStore | undefined;
  rateWindowMs: number | undefined;
  log(message: string): void;
}

/** What the SDK's request context carries to the server factory: who calls, and what the call is. */
interface CallContext {
  principal: Principal;
  call: McpCall;
}

const CONTEXT = "invoicingCall";

export class TenantRuntime {
  readonly client: ApiClient;
  readonly handler: McpHttpHandler;
  /** 2025-era requests that get one message back: the same servers, answering in plain JSON. */
  private readonly jsonLeg: FetchFace;
  private readonly factory: McpServerFactory;
  private readonly serveNode: NodeMcpRequestHandler;
  private readonly onerror: (error: Error) => void;
  /** The resources this principal may watch: their own events, when they have them. */
  private readonly subscribable: readonly string[];
  lastUsed = Date.now();

  constructor(
    readonly id: string,
    /** The settings this runtime was built with; a principal with other settings gets a new one. */
    readonly settings: KeyedConfig,
    deps: RuntimeDeps,
  ) {
    this.client = new ApiClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      timeoutMs: settings.timeoutMs,
      governor: deps.governor(settings),
      ...(deps.rateWindowMs === undefined ? {} : { rateWindowMs: deps.rateWindowMs }),
    });
    const events = deps.events(id);
    this.subscribable = subscribableUris(events !== undefined);
    // A hosted server writes no files: documents travel in the answer, details live in PostgreSQL.
    const config = {
      ...settings,
      inbox: undefined,
      webhookSecret: undefined,
      detailsFile: undefined,
      documentsDir: undefined,
    };
    const paymentNotes = events ? deps.paymentNotes?.(id) : undefined;
    const details = deps.details?.(id);
    const context = createToolContext(config, {
      client: this.client,
      ...(events ? { events } : {}),
      ...(paymentNotes ? { paymentNotes } : {}),
      ...(details ? { details } : {}),
    });
    const log = (message: string) => deps.log(`[${id}] ${message}`);
    const blueprint = serverBlueprint({ config, context, log });
    const factory: McpServerFactory = (request) => {
      const { principal, call } = contextOf(request.authInfo);
      return blueprint.create({
        caller: principal,
        era: request.era,
        views: call.views,
        ...(call.tool === undefined ? {} : { tool: call.tool }),
      });
    };
    this.handler = createMcpHandler(factory, {
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
      onerror: (error) => log(`mcp: ${error.message}`),
    });
    this.jsonLeg = jsonAnswerLeg(factory);
    this.factory = factory;
    this.onerror = (error) => log(`mcp adapter: ${error.message}`);
    this.serveNode = toNodeHandler(this.handler, {
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
      onerror: this.onerror,
    });
  }

  /**
   * One MCP request of `principal`, read once into `call` (src/hosted/mcp-body.ts). Who calls and
   * what reach the server factory as the request's AuthInfo, the SDK's channel from the HTTP request
   * to the factory: its client id and scopes are the principal's, the rest rides in `extra`.
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    call: McpCall,
    principal: Principal,
    token: string,
  ): Promise<void> {
    const authInfo: AuthInfo = {
      token,
      clientId: principal.id,
      scopes: [...principal.scopes],
      extra: { [CONTEXT]: { principal, call } satisfies CallContext },
    };
    // Without a parsed body (a GET, another content type) the SDK's adapter reads what there is.
    if (call.body === undefined) {
      (req as IncomingMessage & { auth?: AuthInfo }).auth = authInfo;
      return this.serveNode(req as unknown as NodeIncomingMessageLike, res);
    }
    // A listen stream for a resource that is not this principal's own is refused, never acknowledged.
    const refusal = call.listens && subscriptionRefusal(call.listens, this.subscribable);
    if (refusal) return answerError(res, call.id, refusal);
    // A 2025-era initialize: what the client announced comes back with every later request.
    const headers =
      call.method === "initialize" ? { "mcp-session-id": sessionIdFor({ views: call.views === true }) } : {};
    if (!answersInJson(call.body, req.headers))
      return serveParsed(this.handler, req, res, call.body, authInfo, this.onerror, headers);
    return this.serveJson(req, res, call, authInfo, headers);
  }

  /** A tool's call without web requests (direct-call.ts) where it can be, else the SDK's JSON leg. */
  private async serveJson(
    req: IncomingMessage,
    res: ServerResponse,
    call: McpCall,
    authInfo: AuthInfo,
    headers: Record<string, string>,
  ): Promise<void> {
    if (call.method === "tools/call") {
      try {
        if (await directCall(this.factory, req, res, call.body, authInfo)) return;
      } catch (error) {
        this.onerror(error instanceof Error ? error : new Error(String(error)));
        if (!res.headersSent) answerJson(res, 500, internalError(call.id));
        return;
      }
    }
    return serveParsed(this.jsonLeg, req, res, call.body, authInfo, this.onerror, headers);
  }

  async close(): Promise<void> {
    await this.handler.close().catch(() => undefined);
    await this.client.close().catch(() => undefined);
  }
}

function contextOf(authInfo: AuthInfo | undefined): CallContext {
  const context = authInfo?.extra?.[CONTEXT] as CallContext | undefined;
  if (!context) throw new Error("a hosted request reached the server factory without its caller");
  return context;
}

/** What the SDK answers when serving a request throws: a JSON-RPC internal error, the id echoed. */
function internalError(id: unknown) {
  return {
    jsonrpc: "2.0",
    error: { code: -32603, message: "Internal server error" },
    id: typeof id === "string" || typeof id === "number" ? id : null,
  };
}

/** A JSON-RPC invalid-params error as the whole answer to one request. */
async function answerError(res: ServerResponse, id: unknown, message: string): Promise<void> {
  answerJson(res, 200, { jsonrpc: "2.0", id: id ?? null, error: { code: -32602, message } });
}

/** The runtimes of the principals seen so far; idle ones (service mode: one per key) are let go. */
export class RuntimeRegistry {
  private readonly runtimes = new Map<string, TenantRuntime>();

  constructor(private readonly deps: RuntimeDeps) {}

  for(principal: Principal): TenantRuntime {
    let runtime = this.runtimes.get(principal.id);
    // The same settings object until its source is read again (the tenants file, a person's row):
    // only then can they differ, and only a difference makes a new runtime.
    if (
      runtime &&
      runtime.settings !== principal.settings &&
      !sameSettings(runtime.settings, principal.settings)
    ) {
      void runtime.close();
      runtime = undefined;
    }
    if (!runtime) {
      runtime = new TenantRuntime(principal.id, complete(principal.settings), this.deps);
      this.runtimes.set(principal.id, runtime);
    }
    runtime.lastUsed = Date.now();
    return runtime;
  }

  /** The runtime of a principal if one is running (to notify its listen streams). */
  existing(id: string): TenantRuntime | undefined {
    return this.runtimes.get(id);
  }

  /** Closes runtimes unused for `idleMs`. */
  sweep(idleMs: number): void {
    const cutoff = Date.now() - idleMs;
    for (const [id, runtime] of this.runtimes) {
      if (runtime.lastUsed < cutoff) {
        this.runtimes.delete(id);
        void runtime.close();
      }
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.runtimes.values()].map((runtime) => runtime.close()));
    this.runtimes.clear();
  }
}

/** A hosted principal always has a key and a base URL: each way of signing in sets them. */
function complete(settings: Config): KeyedConfig {
  if (!settings.apiKey || !settings.baseUrl) throw new Error("a hosted principal without a key or base URL");
  return settings as KeyedConfig;
}

/** Settings that make the same runtime: all but read-only, which is a scope of each request. */
function sameSettings(a: Config, b: Config): boolean {
  return (Object.keys(a) as (keyof Config)[]).every((name) => name === "readOnly" || a[name] === b[name]);
}
