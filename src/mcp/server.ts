/**
 * createServer(deps): the MCP server with its tools registered. No I/O happens here, so tests can
 * connect it to an in-memory transport and the bin to stdio.
 */
import { McpServer } from "@modelcontextprotocol/server";
import type { Config } from "../config.js";
import { withCallBudget } from "../http/call-budget.js";
import { VERSION } from "../version.js";
import { askResult, confirmationOf } from "./confirmation.js";
import { type ContextOptions, createToolContext, type ToolContext } from "./context.js";
import { AskToConfirm, annotationsFor, type ToolDefinition } from "./define-tool.js";
import { isExpectedError } from "./error-text.js";
import { InFlightCalls } from "./in-flight.js";
import { instructionsFor, WEBHOOK_SETUP } from "./instructions.js";
import { leanSchema } from "./lean-schema.js";
import { waitingFor } from "./progress.js";
import { registerPrompts } from "./prompts/index.js";
import { registerResources } from "./resources/index.js";
import { errorResult, successResult } from "./result.js";
import { listedTools } from "./tool-list.js";

export { instructionsFor, WEBHOOK_SETUP };

export interface ServerDeps extends ContextOptions {
  config: Config;
  /** A context kept across servers: the hosted mode builds one server per request, one context per tenant. */
  context?: ToolContext;
  /** Logs unexpected errors (stderr in the bin). */
  log?: (message: string) => void;
  /** Where running calls are counted, so a stopping process can drain them (the bin passes one). */
  inFlight?: InFlightCalls;
  /**
   * Hosted over HTTP: the protocol era of the request this instance answers. A 2025-era ("legacy")
   * request is served statelessly, with no stream a resources/updated could travel on.
   */
  httpEra?: "legacy" | "modern";
}

export function createServer(deps: ServerDeps): McpServer {
  const context = deps.context ?? createToolContext(deps.config, deps);
  const events = context.events !== undefined;
  const server = new McpServer(
    { name: "invoicing-mcp", title: "Invoicing Service", version: VERSION },
    {
      instructions: instructionsFor({ readOnly: deps.config.readOnly, events }),
      // Only events change by themselves, so subscriptions exist only with stored events, and only
      // where they can be delivered: stdio, or a 2026-era listen stream (not a stateless 2025 POST).
      ...(events
        ? { capabilities: { resources: { subscribe: deps.httpEra !== "legacy", listChanged: true } } }
        : {}),
    },
  );
  const log = deps.log ?? ((message: string) => console.error(message));
  const inFlight = deps.inFlight ?? new InFlightCalls();
  for (const tool of listedTools({ readOnly: deps.config.readOnly, events }))
    registerTool(server, tool, { context, log, inFlight });
  registerResources(server, context);
  if (deps.httpEra === "legacy") acknowledgeLegacySubscriptions(server);
  registerPrompts(server, context, deps.config);
  return server;
}

/**
 * A 2025-era client over stateless HTTP is not offered subscriptions (there is no session to send
 * resources/updated on). One that subscribes anyway gets the protocol's plain acknowledgement,
 * never an error: nothing will be announced to it, and reading the resource again shows what changed.
 */
function acknowledgeLegacySubscriptions(server: McpServer): void {
  server.server.setRequestHandler("resources/subscribe", async () => ({}));
  server.server.setRequestHandler("resources/unsubscribe", async () => ({}));
}

interface Registration {
  context: ToolContext;
  log: (message: string) => void;
  inFlight: InFlightCalls;
}

function registerTool(
  server: McpServer,
  tool: ToolDefinition,
  { context, log, inFlight }: Registration,
): void {
  const running = { tool: tool.name, kind: tool.kind, verifyWith: tool.verifyWith };
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: leanSchema(tool.input, "input"),
      outputSchema: leanSchema(tool.output, "output"),
      annotations: annotationsFor(tool),
    },
    async (args: unknown, ctx) => {
      try {
        const waiting = waitingFor(ctx.mcpReq, context.timeZone);
        const call = { confirmation: confirmationOf(ctx, server) };
        const output = await inFlight.track({ ...running }, () =>
          withCallBudget(() => tool.handler(args as never, context, call), waiting),
        );
        return output instanceof AskToConfirm ? askResult(output) : successResult(output);
      } catch (error) {
        if (!isExpectedError(error))
          log(`invoicing-mcp: ${tool.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
        return errorResult(error, { verifyWith: tool.verifyWith, timeZone: context.timeZone });
      }
    },
  );
}
