/**
 * createServer(deps): the MCP server with its tools registered. No I/O happens here, so tests can
 * connect it to an in-memory transport and the bin to stdio.
 */
import { McpServer } from "@modelcontextprotocol/server";
import type { Config } from "../config.js";
import { InputError } from "../domain/input-error.js";
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
import { allTools, listedTools } from "./tool-list.js";

export { instructionsFor, WEBHOOK_SETUP };

export interface ServerDeps extends ContextOptions {
  config: Config;
  /** A context kept across servers: the hosted mode builds one server per request, one context per tenant. */
  context?: ToolContext;
  /** Logs unexpected errors (stderr in the bin). */
  log?: (message: string) => void;
  /** Where running calls are counted, so a stopping process can drain them (the bin passes one). */
  inFlight?: InFlightCalls;
}

export function createServer(deps: ServerDeps): McpServer {
  const context = deps.context ?? createToolContext(deps.config, deps);
  const events = context.events !== undefined;
  const server = new McpServer(
    { name: "invoicing-mcp", title: "Invoicing Service", version: VERSION },
    {
      instructions: instructionsFor({ readOnly: deps.config.readOnly, events }),
      // Only events change by themselves, so subscriptions exist only with stored events.
      ...(events ? { capabilities: { resources: { subscribe: true, listChanged: true } } } : {}),
    },
  );
  const log = deps.log ?? ((message: string) => console.error(message));
  const inFlight = deps.inFlight ?? new InFlightCalls();
  const listed = listedTools({ readOnly: deps.config.readOnly, events });
  explainUnlisted(server, unlistedReasons(listed, deps.config.readOnly));
  for (const tool of listed) registerTool(server, tool, { context, log, inFlight });
  registerResources(server, context);
  registerPrompts(server, context, deps.config);
  return server;
}

/** Why each tool this configuration does not list is missing, and how to get it. */
function unlistedReasons(listed: readonly ToolDefinition[], readOnly: boolean): Map<string, string> {
  const reasons = new Map<string, string>();
  for (const tool of allTools) {
    if (listed.includes(tool)) continue;
    reasons.set(
      tool.name,
      readOnly && tool.kind === "write"
        ? `${tool.name} is not available: this server is read-only, so it cannot create anything. To allow writes, the user sets INVOICING_READ_ONLY to false (or removes --read-only) in this server's entry of the MCP client's configuration and restarts the client.`
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
