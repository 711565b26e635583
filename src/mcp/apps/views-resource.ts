/**
 * The views document as a `ui://` resource, listed and readable only for clients that announce
 * MCP Apps. Its HTML is built by the bundle step (scripts/views.mjs) and loaded on first read.
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { SHIPPED_DOCUMENT } from "../cache-hints.js";
import { dynamicEnabled } from "../sdk-patches.js";
import { RESOURCE_MIME_TYPE, VIEWS_URI } from "./ui.js";

/** `views`: whether this request's client renders views (ui.ts's showsViews). */
export function registerViewsResource(server: McpServer, views: () => boolean): void {
  const resource = server.registerResource(
    "views",
    VIEWS_URI,
    {
      title: "Invoicing views",
      description: "Receivables, revenue, invoice preview and a week of time, as interactive views.",
      mimeType: RESOURCE_MIME_TYPE,
      cacheHint: SHIPPED_DOCUMENT,
    },
    async (uri) => {
      const { viewsHtml } = await import("./views-html.js");
      return {
        contents: [
          {
            uri: uri.href,
            mimeType: RESOURCE_MIME_TYPE,
            text: await viewsHtml(),
            // No network at all: the document carries everything inline.
            _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
          },
        ],
      };
    },
  );
  dynamicEnabled(resource, views);
}
