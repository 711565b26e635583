/**
 * createServer(deps): the MCP server with its tools registered. No I/O happens here, so tests can
 * connect it to an in-memory transport and the bin to stdio.
 *
 * The hosted mode serves stateless HTTP, where the SDK wants a fresh McpServer per request. So the
 * work splits in two: serverBlueprint(deps) does, once per configuration and tool context, all that
 * never changes between requests (which tools, prompts and resources; their schemas, in zod and as
 * JSON Schema; the instructions), and its create() makes the cheap per-request server from it. The
 * context (the tenant's client, governor and directory) is the blueprint's own; nothing of one
 * request's is kept in it.
 */
import { McpServer } from "@modelcontextprotocol/server";
import type { Config } from "../config.js";
import { InputError } from "../domain/input-error.js";
import { CallScope } from "../http/call-budget.js";
import { VERSION } from "../version.js";
import { linkView, TOOLS_WITH_VIEWS, VIEWS_EXTENSION } from "./apps/ui.js";
import { registerViewsResource } from "./apps/views-resource.js";
import { askResult, confirmationOf } from "./confirmation.js";
import { type ContextOptions, contextForCall, createToolContext, type ToolContext } from "./context.js";
import { AskToConfirm, annotationsFor, type ToolDefinition } from "./define-tool.js";
import { isExpectedError } from "./error-text.js";
import { InFlightCalls } from "./in-flight.js";
import { instructionsFor, WEBHOOK_SETUP } from "./instructions.js";
import { leanSchema } from "./lean-schema.js";
import { waitingFor } from "./progress.js";
import { promptRegistrations } from "./prompts/index.js";
import { subscribableUris } from "./resources/events.js";
import { resourceRegistrations } from "./resources/index.js";
import { assertSubscribable } from "./resources/subscriptions.js";
import { errorResult, successResult } from "./result.js";
import { allTools, listedTools } from "./tool-list.js";

export { instructionsFor, WEBHOOK_SETUP };

export interface ServerDeps extends ContextOptions {
  config: Config;
  /** A context kept across servers: the hosted mode builds one blueprint (and context) per tenant. */
  context?: ToolContext;
  /** Logs unexpected errors (stderr in the bin). */
  log?: (message: string) => void;
  /** Where running calls are counted, so a stopping process can drain them (the bin passes one). */
  inFlight?: InFlightCalls;
  /**
   * Hosted over HTTP: the protocol era of the request this instance answers. A 2025-era ("legacy")
   * request is served statelessly, with no stream a resources/updated could travel on.
   */
  httpEra?: HttpEra;
}

type HttpEra = "legacy" | "modern";

export function createServer(deps: ServerDeps): McpServer {
  return serverBlueprint(deps).create(deps.httpEra);
}

export interface ServerBlueprint {
  /**
   * A new server for one request or connection, sharing the blueprint's registrations; `httpEra`
   * for a request of the hosted mode (it decides what a stateless 2025 request is offered).
   * `calledTool`: the request is a tools/call of this tool and nothing else will reach this server
   * (one stateless HTTP request), so only that tool is registered: a call is answered exactly as
   * by the full server, for a fraction of the work. A name that is not listed gets the full server
   * (which explains why the tool is missing).
   */
  create(httpEra?: HttpEra, calledTool?: string): McpServer;
}

export function serverBlueprint(deps: ServerDeps): ServerBlueprint {
  const context = deps.context ?? createToolContext(deps.config, deps);
  const events = context.events !== undefined;
  const info = { name: "invoicing-mcp", title: "Invoicing Service", version: VERSION };
  const instructions = instructionsFor({ readOnly: deps.config.readOnly, events });
  const optionsFor = (httpEra: HttpEra | undefined) => ({
    instructions,
    capabilities: {
      // Only events change by themselves, so subscriptions exist only with stored events, and only
      // where they can be delivered: stdio, or a 2026-era listen stream (not a stateless 2025 POST).
      ...(events ? { resources: { subscribe: httpEra !== "legacy", listChanged: true } } : {}),
      // MCP Apps is negotiated: both sides declare it, and views are offered only when both did.
      extensions: VIEWS_EXTENSION,
    },
  });
  const options = {
    stdio: optionsFor(undefined),
    legacy: optionsFor("legacy"),
    modern: optionsFor("modern"),
  };
  const registration: Registration = {
    context,
    log: deps.log ?? ((message: string) => console.error(message)),
    inFlight: deps.inFlight ?? new InFlightCalls(),
  };
  const listed = listedTools({ readOnly: deps.config.readOnly, events, apps: true });
  const unlisted = unlistedReasons(listed, deps.config.readOnly);
  const tools = listed.map((tool) => ({
    tool,
    config: {
      title: tool.title,
      description: tool.description,
      inputSchema: leanSchema(tool.input, "input"),
      outputSchema: leanSchema(tool.output, "output"),
      annotations: annotationsFor(tool),
    },
  }));
  const byName = new Map(tools.map((entry) => [entry.tool.name, entry]));
  const resources = resourceRegistrations(context);
  const prompts = promptRegistrations(context, deps.config);
  return {
    create(httpEra, calledTool) {
      const server = new McpServer(info, options[httpEra ?? "stdio"]);
      const called = calledTool === undefined ? undefined : byName.get(calledTool);
      if (called) {
        registerTool(server, called.tool, called.config, registration);
        return server;
      }
      explainUnlisted(server, unlisted);
      for (const { tool, config } of tools) registerTool(server, tool, config, registration);
      resources(server);
      registerViewsResource(server);
      if (httpEra === "legacy") acknowledgeLegacySubscriptions(server, subscribableUris(events));
      prompts(server);
      return server;
    },
  };
}

/** What registerTool passes the SDK for a tool: built once, shared by every server of a blueprint. */
interface ToolConfig {
  title: string;
  description: string;
  inputSchema: ReturnType<typeof leanSchema>;
  outputSchema: ReturnType<typeof leanSchema>;
  annotations: ReturnType<typeof annotationsFor>;
}

/**
 * A 2025-era client over stateless HTTP is not offered subscriptions (there is no session to send
 * resources/updated on). One that subscribes anyway gets the protocol's plain acknowledgement,
 * never an error: nothing will be announced to it, and reading the resource again shows what changed.
 */
function acknowledgeLegacySubscriptions(server: McpServer, own: readonly string[]): void {
  server.server.setRequestHandler("resources/subscribe", async (request) => {
    assertSubscribable(request.params.uri, own); // a URI that is not the caller's own is refused
    return {};
  });
  server.server.setRequestHandler("resources/unsubscribe", async () => ({}));
}

/** Why each tool this configuration does not list is missing, and how to get it. */
function unlistedReasons(listed: readonly ToolDefinition[], readOnly: boolean): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const tool of allTools) {
    if (listed.includes(tool)) continue;
    reasons.set(
      tool.name,
      readOnly && tool.kind === "write"
        ? `${tool.name} is not available: this server is read-only, so it cannot create anything. To allow writes, the user sets INVOICING_READ_ONLY to false (or removes --read-only) in this server's entry of the MCP client's configuration and restarts the client; on a hosted server, the user connects again granting write access, or asks its operator.`
        : `${tool.name} is not available: it reads stored webhook events, and this server has none configured. To get them, ${WEBHOOK_SETUP}`,
    );
  }
  return reasons;
}

/**
 * A client may call a tool this configuration does not list (from an older list, or a model that
 * knows the name): instead of the bare "Tool not found" protocol error, it gets an error result
 * saying why the tool is missing and how to get it. The SDK installs its tools/call handler on the
 * first registration, so this wraps that handler as it is installed: call it before any tool.
 */
function explainUnlisted(server: McpServer, reasons: ReadonlyMap<string, string>): void {
  if (reasons.size === 0) return;
  const low = server.server;
  const install = low.setRequestHandler.bind(low) as (method: string, handler: Handler) => void;
  type Handler = (request: { params: { name: string } }, ctx: unknown) => unknown;
  const wrapped = (method: string, handler: Handler) =>
    install(
      method,
      method !== "tools/call"
        ? handler
        : (request, ctx) => {
            const reason = reasons.get(request.params.name);
            return reason === undefined ? handler(request, ctx) : errorResult(new InputError(reason));
          },
    );
  low.setRequestHandler = wrapped as unknown as typeof low.setRequestHandler;
}

interface Registration {
  context: ToolContext;
  log: (message: string) => void;
  inFlight: InFlightCalls;
}

function registerTool(
  server: McpServer,
  tool: ToolDefinition,
  config: ToolConfig,
  { context, log, inFlight }: Registration,
): void {
  const registered = server.registerTool(tool.name, config, async (args: unknown, ctx) => {
    try {
      // Every request of this call shares one budget, and waits as this request allows.
      const scope = new CallScope(waitingFor(ctx.mcpReq, context.timeZone));
      const call = { confirmation: confirmationOf(ctx, server) };
      const running = { tool: tool.name, kind: tool.kind, verifyWith: tool.verifyWith };
      const output = await inFlight.track(running, () =>
        tool.handler(args as never, contextForCall(context, scope), call),
      );
      return output instanceof AskToConfirm ? askResult(output) : successResult(output);
    } catch (error) {
      if (!isExpectedError(error))
        log(`invoicing-mcp: ${tool.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
      return errorResult(error, { verifyWith: tool.verifyWith, timeZone: context.timeZone });
    }
  });
  if (TOOLS_WITH_VIEWS.has(tool.name)) linkView(server, registered, { appOnly: tool.appOnly === true });
}
