/**
 * Where this server reaches past the SDK's public surface, all in one place, each written for
 * @modelcontextprotocol/server 2.4.0 (test/mcp/sdk-patches.test.ts checks the version and what each
 * patch does, so an upgrade that changes the internals fails there, by name, not somewhere else):
 *
 * - A registered tool's or resource's `_meta` and `enabled` are read by the SDK when it lists or
 *   calls; making them getters lets one registration answer per request (views shown only to
 *   clients that render them, on a stdio session whose client is known only after registration).
 * - The SDK installs its own tools/call handler on the first tool registration, and checks a call's
 *   arguments before a tool's callback runs. Wrapping the installation lets the server see a call
 *   from its arrival to its answer: a call of a tool the caller does not get is answered with why
 *   and how to get it (instead of a bare protocol error), and a call counts as running while its
 *   arguments are checked, which from the bundle first reads the tool's code (tool-catalog.ts).
 */
import type { McpServer, RegisteredResource, RegisteredTool } from "@modelcontextprotocol/server";

/** The SDK version these patches were written for and checked against. */
export const PATCHED_SDK_VERSION = "2.4.0";

/** `_meta` computed at each read from the registration's own `_meta`. */
export function dynamicMeta(
  item: RegisteredTool,
  meta: (own: Record<string, unknown> | undefined) => Record<string, unknown> | undefined,
): void {
  const own = item._meta;
  Object.defineProperty(item, "_meta", { get: () => meta(own), configurable: true });
}

/** Listed and callable only while `enabled()` says so. */
export function dynamicEnabled(item: RegisteredTool | RegisteredResource, enabled: () => boolean): void {
  Object.defineProperty(item, "enabled", { get: enabled, configurable: true });
}

/**
 * Every tools/call goes through `around`, with the tool's name and the SDK's own handling of the
 * call (checking the arguments, the callback, checking the result): `around` may answer by itself
 * or run `handle` inside whatever it needs. Call it before any tool is registered.
 */
export function aroundToolCalls(
  server: McpServer,
  around: (name: string, handle: () => unknown) => unknown,
): void {
  const low = server.server;
  type Handler = (request: { params: { name: string } }, ctx: unknown) => unknown;
  // (method, handler), or (method, schemas, handler) as extensions register their own methods:
  // the handler comes last, and everything else passes through as given.
  const install = low.setRequestHandler.bind(low) as (method: string, ...rest: unknown[]) => void;
  const wrapped = (method: string, ...rest: unknown[]) => {
    if (method !== "tools/call") return install(method, ...rest);
    const handler = rest.at(-1) as Handler;
    return install(method, ...rest.slice(0, -1), (request: Parameters<Handler>[0], ctx: unknown) =>
      around(request.params.name, () => handler(request, ctx)),
    );
  };
  low.setRequestHandler = wrapped as unknown as typeof low.setRequestHandler;
}
