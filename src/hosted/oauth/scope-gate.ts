/**
 * A token without the write scope lists no write tool; calling one anyway gets the spec's answer,
 * 403 with an `insufficient_scope` challenge naming the scopes to ask for, instead of "unknown
 * tool". Which scope a tool needs is the inventory's answer, from the tool's own definition. Only a
 * scope the person could grant is asked for: on a read-only server, writes are explained instead.
 */
import type { Principal } from "../../config/principal.js";
import { scopeOf, toolNamed } from "../../mcp/inventory.js";
import type { McpCall } from "../mcp-body.js";

export type GateVerdict = { pass: true } | { pass: false; tool: string };

export function scopeGate(call: McpCall, principal: Principal): GateVerdict {
  if (principal.readOnlyBy !== "grant") return { pass: true };
  for (const name of call.calledTools) {
    const tool = toolNamed(name);
    if (tool && !principal.scopes.includes(scopeOf(tool))) return { pass: false, tool: name };
  }
  return { pass: true };
}
