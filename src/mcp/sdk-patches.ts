/**
 * Where this server reaches past the SDK's public surface, all in one place, each written for
 * @modelcontextprotocol/server 2.4.0 (test/mcp/sdk-patches.test.ts checks the version and what each
 * patch does, so an upgrade that changes the internals fails there, by name, not somewhere else):
 *
 * - A registered tool's or resource's `_meta` and `enabled` are read by the SDK when it lists or
 *   calls; making them getters lets one registration answer per request (views shown only to
 *   clients that render them, on a stdio session whose client is known only after registration).
 * - The SDK installs its own tools/call handler on the first tool registration and answers an
 *   unknown name with a bare protocol error; wrapping the installation lets a call of a tool the
 *   caller does not get be answered with why, and how to get it.
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
 * Answers a tools/call of a name `answer` knows (returns a result for) before the SDK's handler
 * does; every other call reaches the SDK's handler unchanged. Call it before any tool is registered.
 */
export function interceptToolCalls(server: McpServer, answer: (name: string) => unknown | undefined): void {
  const low = server.server;
  type Handler = (request: { params: { name: string } }, ctx: unknown) => unknown;
  const install = low.setRequestHandler.bind(low) as (method: string, handler: Handler) => void;
  const wrapped = (method: string, handler: Handler) =>
    install(
      method,
      method !== "tools/call"
        ? handler
        : (request, ctx) => answer(request.params.name) ?? handler(request, ctx),
    );
  low.setRequestHandler = wrapped as unknown as typeof low.setRequestHandler;
}
