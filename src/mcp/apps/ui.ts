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
import { dynamicEnabled, dynamicMeta } from "../sdk-patches.js";

/** One document serves every view (the ext-apps runtime is large); it picks the view by tool. */
export const VIEWS_URI = "ui://invoicing/views.html";

/** What the server declares under `capabilities.extensions`: it serves views. */
export const VIEWS_EXTENSION = { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } };

/**
 * Whether this request's client renders views: `known` when the request said so itself (the hosted
 * mode reads a 2025-era client's announcement back from its session id), else what the client
 * announced to this server.
 */
export function showsViews(server: McpServer, known: boolean | undefined): () => boolean {
  return () => known ?? announcesViews(server);
}

/** Whether this request's client announced MCP Apps with the HTML profile. */
export function announcesViews(server: McpServer): boolean {
  return capabilitiesTakeViews(server.server.getClientCapabilities());
}

/** Whether a client's capabilities (from its initialize, as sent) announce MCP Apps with the HTML profile. */
export function capabilitiesTakeViews(capabilities: unknown): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | null | undefined)
    ?.extensions;
  const ui = extensions?.[EXTENSION_ID] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(RESOURCE_MIME_TYPE);
}

/**
 * `_meta.ui` for a listed tool, present only while the client announces views. The SDK reads
 * `_meta` and `enabled` when it lists or calls, so they are getters over the request's client.
 */
export function linkView(tool: RegisteredTool, options: { appOnly: boolean; views: () => boolean }): void {
  const meta = {
    ui: { resourceUri: VIEWS_URI, ...(options.appOnly ? { visibility: ["app"] } : {}) },
    // The key older hosts read.
    [RESOURCE_URI_META_KEY]: VIEWS_URI,
  };
  dynamicMeta(tool, (own) => (options.views() ? { ...own, ...meta } : own));
  // A tool only a view may call is not there at all for other clients: not listed, not callable.
  if (options.appOnly) dynamicEnabled(tool, options.views);
}

export { RESOURCE_MIME_TYPE };
