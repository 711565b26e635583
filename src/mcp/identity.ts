/**
 * Who this server is, in one place: the serverInfo every MCP answer names, and the server card the
 * hosted mode publishes before anyone connects (hosted/server-card.ts) say the same. The icons are
 * data: URIs drawn by scripts/icon.mjs (icons.ts): a few hundred bytes each, made into objects once
 * here and shared by every server and every tools/list.
 */
import { type Icon, type Implementation, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { VERSION } from "../version.js";
import type { ToolFamily } from "./define-tool.js";
import { FAMILY_ICONS, SERVER_ICON } from "./icons.js";

/** The MCP Registry's name for this server (package.json's mcpName, server.json's name). */
export const REGISTRY_NAME = "io.github.invoicing-mcp/invoicing-mcp";

/** What the server card says the server does (the registry allows 100 characters). */
export const SUMMARY =
  "Invoices, customers, time tracking and EÜR reports of the Invoicing Service, for German freelancers.";

export const WEBSITE = "https://github.com/invoicing-mcp/invoicing-mcp#readme";
export const REPOSITORY = "https://github.com/invoicing-mcp/invoicing-mcp";

/**
 * The protocol versions this server speaks: the 2026-07-28 revision (server/discover, per request),
 * which the SDK serves but does not export, and the 2025-era ones it negotiates by initialize.
 * test/hosted/server-card.test.ts connects with each.
 */
export const PROTOCOL_VERSIONS: readonly string[] = ["2026-07-28", ...SUPPORTED_PROTOCOL_VERSIONS];

/** The product's icon, as the serverInfo and the server card carry it. */
export const SERVER_ICONS: readonly Icon[] = [{ src: SERVER_ICON, mimeType: "image/png", sizes: ["32x32"] }];

/** The serverInfo of every server this process makes. */
export const SERVER_INFO: Implementation = {
  name: "invoicing-mcp",
  title: "Invoicing Service",
  version: VERSION,
  icons: [...SERVER_ICONS],
};

// Without mimeType: a data: URI names its own, and every tool in tools/list carries one of these.
const FAMILIES = Object.fromEntries(
  Object.entries(FAMILY_ICONS).map(([family, src]) => [family, [{ src, sizes: ["16x16"] }]]),
) as Record<ToolFamily, Icon[]>;

/** The icons of a tool of this family, as tools/list shows them. */
export function familyIcons(family: ToolFamily): Icon[] {
  return FAMILIES[family];
}
