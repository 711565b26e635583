/**
 * What one tenant's requests run with: its configuration, its API client (with the governor of its
 * key), its tool context (the directory cache) and its own MCP handler. The handler has its own
 * event bus, so a resources/updated for one tenant reaches only that tenant's listen streams.
 * Every request gets a fresh McpServer (stateless HTTP) from the tenant's server blueprint, built
 * once with the runtime: tools, schemas, prompts and resources are not rebuilt per request.
 */

import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type NodeIncomingMessageLike,
  type NodeMcpRequestHandler,
  toNodeHandler,
} from "@modelcontextprotocol/node";
import { type AuthInfo, createMcpHandler, type McpHttpHandler } from "@modelcontextprotocol/server";
import type { Config } from "../config.js";
import { ApiClient } from "../http/client.js";
import type { Governor } from "../http/governor.js";
import { createToolContext } from "../mcp/context.js";
import { subscribableUris } from "../mcp/resources/events.js";
import { subscriptionRefusal } from "../mcp/resources/subscriptions.js";
import { serverBlueprint } from "../mcp/server.js";
import type { EventSource } from "../webhooks/event-source.js";
import { calledTool, listenedUris, MAX_MCP_BODY_BYTES } from "./mcp-body.js";
import { serveParsed } from "./parsed-exchange.js";
import type { Tenant } from "./tenants.js";

export interface RuntimeDeps {
  governor(tenant: Tenant): Governor;
  events(tenant: Tenant): EventSource | undefined;
  timeoutMs: number;
  rateWindowMs: number | undefined;
  log(message: string): void;
}

export class TenantRuntime {
  readonly client: ApiClient;
  readonly handler: McpHttpHandler;
  private readonly serveNode: NodeMcpRequestHandler;
  private readonly onerror: (error: Error) => void;
  /** The resources this tenant may watch: its own events, when it has them. */
  private readonly subscribable: readonly string[];
  /** When the tenant's entry changes (a new key, read-only switched on), a new runtime replaces this one. */
  readonly fingerprint: string;
  lastUsed = Date.now();

  constructor(
    readonly tenant: Tenant,
    deps: RuntimeDeps,
  ) {
    this.fingerprint = fingerprintOf(tenant);
    const config: Config = {
      apiKey: tenant.apiKey,
      baseUrl: tenant.baseUrl,
      timeZone: tenant.timeZone,
      defaultTaxRate: tenant.defaultTaxRate,
      readOnly: tenant.readOnly,
      timeoutMs: deps.timeoutMs,
      inbox: undefined,
      webhookSecret: undefined,
      vatBasis: tenant.vatBasis,
      vatPermanentExtension: tenant.vatPermanentExtension ?? false,
    };
    this.client = new ApiClient({
      baseUrl: tenant.baseUrl,
      apiKey: tenant.apiKey,
      timeoutMs: deps.timeoutMs,
      governor: deps.governor(tenant),
      ...(deps.rateWindowMs === undefined ? {} : { rateWindowMs: deps.rateWindowMs }),
    });
    const events = deps.events(tenant);
    this.subscribable = subscribableUris(events !== undefined);
    const context = createToolContext(config, { client: this.client, ...(events ? { events } : {}) });
    const log = (message: string) => deps.log(`[${tenant.id}] ${message}`);
    const blueprint = serverBlueprint({ config, context, log });
    this.handler = createMcpHandler((request) => blueprint.create(request.era, callOf(request.authInfo)), {
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
      onerror: (error) => log(`mcp: ${error.message}`),
    });
    this.onerror = (error) => log(`mcp adapter: ${error.message}`);
    this.serveNode = toNodeHandler(this.handler, {
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
      onerror: this.onerror,
    });
  }

  /**
   * One MCP request; `body` is its parsed JSON (src/hosted/mcp-body.ts), undefined when the SDK
   * is to read it. The tool a request calls reaches the server factory as the request's authInfo
   * (the SDK's one channel from the HTTP request to the factory), so a tools/call request gets a
   * server with only that tool registered instead of all of them.
   */
  serve(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    // Without a parsed body (a GET, another content type) the SDK's adapter reads what there is.
    if (body === undefined) return this.serveNode(req as unknown as NodeIncomingMessageLike, res);
    // A listen stream for a resource that is not this tenant's own is refused, never acknowledged.
    const listen = listenedUris(body);
    const refusal = listen && subscriptionRefusal(listen.uris, this.subscribable);
    if (refusal) return answerError(res, listen.id, refusal);
    const tool = calledTool(body);
    const auth = tool === undefined ? undefined : callAuthInfo(this.tenant.id, tool);
    return serveParsed(this.handler, req, res, body, auth, this.onerror);
  }

  async close(): Promise<void> {
    await this.handler.close().catch(() => undefined);
    await this.client.close().catch(() => undefined);
  }
}

/** A JSON-RPC invalid-params error as the whole answer to one request. */
async function answerError(res: ServerResponse, id: unknown, message: string): Promise<void> {
  res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error: { code: -32602, message } }));
}

/** The bearer token stays with the authenticator: the factory needs only whom it serves and what is called. */
function callAuthInfo(tenantId: string, tool: string): AuthInfo {
  return { token: "", clientId: tenantId, scopes: [], extra: { [CALLED_TOOL]: tool } };
}

const CALLED_TOOL = "invoicingCalledTool";

function callOf(authInfo: AuthInfo | undefined): string | undefined {
  const tool = authInfo?.extra?.[CALLED_TOOL];
  return typeof tool === "string" ? tool : undefined;
}

function fingerprintOf(tenant: Tenant): string {
  const { apiKey, baseUrl, timeZone, defaultTaxRate, readOnly, vatBasis, vatPermanentExtension } = tenant;
  return JSON.stringify([
    apiKey,
    baseUrl,
    timeZone,
    defaultTaxRate,
    readOnly,
    vatBasis,
    vatPermanentExtension,
  ]);
}

/** The runtimes of the tenants seen so far; idle ones (service mode: one per key) are let go. */
export class RuntimeRegistry {
  private readonly runtimes = new Map<string, TenantRuntime>();

  constructor(private readonly deps: RuntimeDeps) {}

  for(tenant: Tenant): TenantRuntime {
    let runtime = this.runtimes.get(tenant.id);
    // The same entry object until the tenants file is parsed again: only then can it differ.
    if (runtime && runtime.tenant !== tenant && runtime.fingerprint !== fingerprintOf(tenant)) {
      void runtime.close();
      runtime = undefined;
    }
    if (!runtime) {
      runtime = new TenantRuntime(tenant, this.deps);
      this.runtimes.set(tenant.id, runtime);
    }
    runtime.lastUsed = Date.now();
    return runtime;
  }

  /** The runtime of a tenant if one is running (to notify its listen streams). */
  existing(tenantId: string): TenantRuntime | undefined {
    return this.runtimes.get(tenantId);
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
