/**
 * Which tools a caller gets, decided in one place from facts each tool's definition carries: the
 * scope it needs (its kind), whether it reads stored webhook events, whether only a view may call it.
 * Stdio, the hosted server's per-request servers, read-only and the OAuth scope gate all ask here,
 * so a tool's availability is never a list of names kept somewhere else.
 */
import type { ReadOnlyBy, Scope, SignIn } from "../config/principal.js";
import { webhookSetup } from "./instructions.js";
import { catalog, type ToolEntry } from "./tool-catalog.js";

export { toolNamed } from "./tool-catalog.js";

export interface InventoryRequest {
  /** What the caller may do. */
  scopes: readonly Scope[];
  /** Whose decision a missing write scope is: it decides the words of the reason. */
  readOnlyBy: ReadOnlyBy;
  /** Stored webhook events are configured. */
  events: boolean;
  /** How the caller signed in: it decides how they would get webhook events. Stdio's by default. */
  signIn?: SignIn["kind"] | undefined;
}

export interface Inventory {
  /**
   * The tools to register, in the order clients list them. View-only tools are among them; they
   * stay hidden from clients that do not announce views (apps/ui.ts decides per request).
   */
  tools: readonly ToolEntry[];
  /** Why each other tool is missing, and how to get it: the answer to a call of it. */
  missing: ReadonlyMap<string, string>;
}

/** The scope a tool needs: a read needs read, anything else write. */
export function scopeOf(tool: Pick<ToolEntry, "kind">): Scope {
  return tool.kind === "read" ? "read" : "write";
}

export function inventory(request: InventoryRequest): Inventory {
  const tools: ToolEntry[] = [];
  const missing = new Map<string, string>();
  for (const tool of catalog) {
    const reason = !request.scopes.includes(scopeOf(tool))
      ? noWrite(tool.name, request.readOnlyBy)
      : tool.needsInbox && !request.events
        ? `${tool.name} is not available: it reads stored webhook events, and this server has none configured. To get them, ${webhookSetup(request.signIn ?? "local")}`
        : undefined;
    if (reason === undefined) tools.push(tool);
    else missing.set(tool.name, reason);
  }
  return { tools, missing };
}

/** The tools a configuration lists to the model (docs, the manifest, tests): no view-only tool. */
export function listedTools(config: { readOnly: boolean; events?: boolean }): ToolEntry[] {
  const { tools } = inventory({
    scopes: config.readOnly ? ["read"] : ["read", "write"],
    readOnlyBy: "settings",
    events: config.events === true,
  });
  return tools.filter((tool) => !tool.appOnly);
}

function noWrite(name: string, by: ReadOnlyBy): string {
  if (by === "grant")
    return `${name} is not available: this connection is read-only, so it cannot create anything. The person allowed this app to read only; to create, they connect the app to this server again and choose read and write access.`;
  const lead = `${name} is not available: this server is read-only, so it cannot create anything.`;
  if (by === "operator") return `${lead} Its operator made it so; the user asks them for write access.`;
  return `${lead} To allow writes, the user sets INVOICING_READ_ONLY to false (or removes --read-only) in this server's entry of the MCP client's configuration and restarts the client.`;
}
