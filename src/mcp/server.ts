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
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/server/validators/cf-worker";
import type { Config } from "../config/load.js";
import { canWrite, type Principal, type SignIn, scopesUnder } from "../config/principal.js";
import { linkView, showsViews, VIEWS_EXTENSION } from "./apps/ui.js";
import { registerViewsResource } from "./apps/views-resource.js";
import { CACHE_HINTS } from "./cache-hints.js";
import type { ContextOptions, ToolContext } from "./context.js";
import { type ContextHandle, lazyContext, madeContext } from "./context-handle.js";
import { annotationsFor, type Offer, type ToolCall } from "./define-tool.js";
import { familyIcons, SERVER_INFO } from "./identity.js";
import { InFlightCalls } from "./in-flight.js";
import { instructionsFor } from "./instructions.js";
import { type Inventory, inventory, toolNamed } from "./inventory.js";
import { missingSettings } from "./missing-settings.js";
import { promptRegistrations } from "./prompts/index.js";
import { subscribableUris } from "./resources/events.js";
import { resourceRegistrations } from "./resources/index.js";
import { assertSubscribable } from "./resources/subscriptions.js";
import { aroundToolCalls } from "./sdk-patches.js";
import { skills } from "./skills/index.js";
import { catalog, type ToolEntry } from "./tool-catalog.js";

export interface ServerDeps extends ContextOptions {
  config: Config;
  /** A context kept across servers: the hosted mode builds one blueprint (and context) per tenant. */
  context?: ToolContext;
  /** Logs unexpected errors (stderr in the bin). */
  log?: (message: string) => void;
  /** Where running calls are counted, so a stopping process can drain them (the bin passes one). */
  inFlight?: InFlightCalls;
  /** Served on the embedded sandbox (the bin's --sandbox): said in the instructions. */
  sandbox?: { keySet: boolean };
  /**
   * Hosted over HTTP: the protocol era of the request this instance answers. A 2025-era ("legacy")
   * request is served statelessly, with no stream a resources/updated could travel on.
   */
  httpEra?: HttpEra;
}

export type HttpEra = "legacy" | "modern";

const LOCAL: SignIn = { kind: "local" };

/** What a caller may do, for the inventory: its scopes, and whose decision a missing write is. */
export type Caller = Pick<Principal, "scopes" | "readOnlyBy"> & Partial<Pick<Principal, "signIn">>;

/** The local user of a stdio server: read-only exactly when the configuration says so. */
export function localCaller(config: Pick<Config, "readOnly">): Caller {
  return { scopes: scopesUnder(config), readOnlyBy: "settings", signIn: { kind: "local" } };
}

export function createServer(deps: ServerDeps): McpServer {
  return serverBlueprint(deps).create({
    caller: localCaller(deps.config),
    ...(deps.httpEra ? { era: deps.httpEra } : {}),
  });
}

export interface ServerRequest {
  /** Who calls: the inventory gives them the tools their scopes allow. */
  caller: Caller;
  /** A request of the hosted mode: its era decides what a stateless 2025 request is offered. */
  era?: HttpEra;
  /**
   * The request is a tools/call of this tool and nothing else will reach this server (one stateless
   * HTTP request), so only that tool is registered: a call is answered exactly as by the full
   * server, for a fraction of the work. A tool the caller does not get gets the full server (which
   * explains why the tool is missing).
   */
  tool?: string;
  /** Whether the client renders views, when the request says so itself (see apps/ui.ts). */
  views?: boolean | undefined;
}

export interface ServerBlueprint {
  /** A new server for one request or connection, sharing the blueprint's registrations. */
  create(request: ServerRequest): McpServer;
}

export function serverBlueprint(deps: ServerDeps): ServerBlueprint {
  const context = deps.context ? madeContext(deps.context) : lazyContext(deps.config, deps);
  const events = context.hasEvents;
  // A server given its own client or context (tests, the hosted tenants) is configured by them.
  const missing = deps.context || deps.client ? [] : missingSettings(deps.config);
  const registration: Registration = {
    context,
    log: deps.log ?? ((message: string) => console.error(message)),
    inFlight: deps.inFlight ?? new InFlightCalls(),
  };
  // Every tool's configuration, built once per kind of caller (a description may depend on what the
  // caller may do): which of them a request gets is the inventory's answer.
  const resources = resourceRegistrations(context, registration.log);
  // What differs by what the caller may do, built the first time a caller of that kind comes.
  const byAccess = new Map<string, Access>();
  const accessFor = (caller: Caller): Access => {
    const signIn = (caller.signIn ?? LOCAL).kind;
    const key = `${canWrite(caller) ? "write" : `read:${caller.readOnlyBy}`}:${signIn}`;
    let access = byAccess.get(key);
    if (!access) {
      const offered = inventory({ ...caller, events, signIn });
      const instructions = instructionsFor({
        readOnlyBy: canWrite(caller) ? undefined : caller.readOnlyBy,
        events,
        signIn,
        missing,
        problems: deps.configProblems ?? [],
        sandbox: deps.sandbox,
      });
      const offer = { canWrite: canWrite(caller), events };
      access = {
        canWrite: offer.canWrite,
        configs: new Map(catalog.map((tool) => [tool.name, toolConfig(tool, offer)])),
        inventory: offered,
        offered: new Set(offered.tools.map((tool) => tool.name)),
        prompts: promptRegistrations(context, { canWrite: canWrite(caller) }),
        options: {
          stdio: serverOptions(instructions, events, undefined),
          legacy: serverOptions(instructions, events, "legacy"),
          modern: serverOptions(instructions, events, "modern"),
        },
      };
      byAccess.set(key, access);
    }
    return access;
  };
  return {
    create({ caller, era, tool, views: known }) {
      const access = accessFor(caller);
      const server = new McpServer(SERVER_INFO, access.options[era ?? "stdio"]);
      const views = showsViews(server, known);
      const signIn = caller.signIn ?? LOCAL;
      const called = tool === undefined || !access.offered.has(tool) ? undefined : toolNamed(tool);
      watchToolCalls(server, access.inventory.missing, registration);
      if (called) {
        registerTool(server, called, access.configs.get(called.name)!, registration, views, {
          canWrite: access.canWrite,
          signIn,
        });
        return server;
      }
      for (const offered of access.inventory.tools)
        registerTool(server, offered, access.configs.get(offered.name)!, registration, views, {
          canWrite: access.canWrite,
          signIn,
        });
      resources(server, signIn);
      registerViewsResource(server, views);
      if (era === "legacy") acknowledgeLegacySubscriptions(server, subscribableUris(events));
      access.prompts(server);
      skills.attach(server);
      return server;
    },
  };
}

/** What a server offers a caller of one kind: its tools, prompts and instructions, per era. */
interface Access {
  canWrite: boolean;
  configs: ReadonlyMap<string, ToolConfig>;
  inventory: Inventory;
  offered: ReadonlySet<string>;
  prompts: (server: McpServer) => void;
  options: Record<"stdio" | HttpEra, ReturnType<typeof serverOptions>>;
}

/**
 * The one JSON Schema this server checks is a confirmation form's answer (confirmation.ts), on
 * connections where the SDK sends the form itself. Its Node default, Ajv, is some 290 kB of CommonJS
 * that runs when the SDK is imported, about a sixth of a cold start; the SDK's other validator
 * (@cfworker/json-schema, plain ESM, made for edge runtimes) checks the same drafts. The bundle
 * leaves Ajv out altogether (scripts/bundle-stand-ins/sdk-shims.mjs); naming the validator here
 * makes the sources, dist/ and the bundle check forms alike.
 */
const FORM_ANSWERS = new CfWorkerJsonSchemaValidator();

function serverOptions(instructions: string, events: boolean, httpEra: HttpEra | undefined) {
  return {
    instructions,
    jsonSchemaValidator: FORM_ANSWERS,
    cacheHints: CACHE_HINTS,
    capabilities: {
      // Only events change by themselves, so subscriptions exist only with stored events, and only
      // where they can be delivered: stdio, or a 2026-era listen stream (not a stateless 2025 POST).
      ...(events ? { resources: { subscribe: httpEra !== "legacy", listChanged: true } } : {}),
      // MCP Apps is negotiated: both sides declare it, and views are offered only when both did.
      extensions: VIEWS_EXTENSION,
    },
  };
}

/**
 * No output schema goes out: tools/list is read in every conversation, a model is never given an
 * output schema (it reads the text answer), and seventeen of them were a quarter of the list. The
 * structured content still follows each definition's `output`, which docs/tools.md shows and the
 * tests hold every answer to (test/helpers/mcp.ts); dropping it from the wire also spares the
 * SDK a check of every answer.
 */
function toolConfig(tool: ToolEntry, offer: Offer): ToolConfig {
  return {
    title: tool.title,
    description: tool.description(offer),
    inputSchema: tool.input,
    annotations: annotationsFor(tool),
    icons: familyIcons(tool.family),
  };
}

/** What registerTool passes the SDK for a tool: built once, shared by every server of a blueprint. */
interface ToolConfig {
  title: string;
  description: string;
  inputSchema: ToolEntry["input"];
  annotations: ReturnType<typeof annotationsFor>;
  icons: ReturnType<typeof familyIcons>;
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

/**
 * Every tool call, from its arrival to its answer. A client may call a tool this caller does not
 * get (from an older list, or a model that knows the name): instead of the bare "Tool not found"
 * protocol error, it gets an error result saying why the tool is missing and how to get it. Any
 * other call counts as running from the start, its arguments' check included (from the bundle, that
 * first reads the tool's code), so a server stopping meanwhile lets it finish and answer. Call it
 * before any tool is registered.
 */
function watchToolCalls(
  server: McpServer,
  reasons: ReadonlyMap<string, string>,
  { inFlight, context }: Registration,
): void {
  aroundToolCalls(server, (name, handle) => {
    // The first call reads the call's code and makes the context while its tool's code is read.
    void toolCalls();
    void context.full();
    const reason = reasons.get(name);
    if (reason !== undefined) return toolCalls().then(({ refusedCall }) => refusedCall(reason));
    const tool = toolNamed(name);
    if (!tool) return handle();
    return inFlight.track({ tool: tool.name, kind: tool.kind, verifyWith: tool.verifyWith }, async () =>
      handle(),
    );
  });
}

/** The code of a call (tool-call.ts), read on the first call, not at start. */
let loadingToolCalls: Promise<typeof import("./tool-call.js")> | undefined;
function toolCalls() {
  loadingToolCalls ??= import("./tool-call.js");
  return loadingToolCalls;
}

interface Registration {
  context: ContextHandle;
  log: (message: string) => void;
  inFlight: InFlightCalls;
}

function registerTool(
  server: McpServer,
  tool: ToolEntry,
  config: ToolConfig,
  { context, log }: Registration,
  views: () => boolean,
  caller: Omit<ToolCall, "confirmation">,
): void {
  const registered = server.registerTool(tool.name, config, async (args: unknown, ctx) => {
    const [{ runToolCall }, full] = await Promise.all([toolCalls(), context.full()]);
    return runToolCall(tool, args, { ctx, server, context: full }, caller, log);
  });
  if (tool.view) linkView(registered, { appOnly: tool.appOnly === true, views });
}
