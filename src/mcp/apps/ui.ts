/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension): some tools' results open a view in hosts
 * that announce the extension. Everything here is offered only to such clients, decided per request
 * (a 2025 connection's initialize, or a 2026 request's envelope): for every other client the tool
 * list, its `_meta`, the resource list and the answers stay exactly what they were without views.
 */
import {
  EXTENSION_ID,
  RESOURCE_MIME_TYPE,
  RESOURCE_URI_META_KEY,
} from "@modelcontextprotocol/ext-apps/server";
import type { McpServer, RegisteredTool } from "@modelcontextprotocol/server";

/** One document serves every view (the ext-apps runtime is large); it picks the view by tool. */
export const VIEWS_URI = "ui://invoicing/views.html";

/** What the server declares under `capabilities.extensions`: it serves views. */
export const VIEWS_EXTENSION = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } };

/** The tools whose results a view shows. */
export const TOOLS_WITH_VIEWS = new Set([
  "outstanding_by_customer",
  "revenue_report",
  "create_invoice",
  "list_time_entries",
  "create_previewed_invoice",
]);

/** Whether this request's client announced MCP Apps with the HTML profile. */
export function announcesViews(server: McpServer): boolean {
  const capabilities = server.server.getClientCapabilities() as
    | { extensions?: Record<string, { mimeTypes?: unknown } | undefined> }
    | undefined;
  const ui = capabilities?.extensions?.[EXTENSION_ID];
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(RESOURCE_MIME_TYPE);
}

/**
 * `_meta.ui` for a listed tool, present only while the client announces views. The SDK reads
 * `_meta` and `enabled` when it lists or calls, so they are getters over the request's client.
 */
export function linkView(server: McpServer, tool: RegisteredTool, options: { appOnly: boolean }): void {
  const meta = {
    ui: { resourceUri: VIEWS_URI, ...(options.appOnly ? { visibility: ["app"] } : {}) },
    // The key older hosts read.
    [RESOURCE_URI_META_KEY]: VIEWS_URI,
  };
  const plain = tool._meta;
  Object.defineProperty(tool, "_meta", {
    get: () => (announcesViews(server) ? { ...plain, ...meta } : plain),
    configurable: true,
  });
  // A tool only a view may call is not there at all for other clients: not listed, not callable.
  if (options.appOnly)
    Object.defineProperty(tool, "enabled", { get: () => announcesViews(server), configurable: true });
}

export { RESOURCE_MIME_TYPE };
