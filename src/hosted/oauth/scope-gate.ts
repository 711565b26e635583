/**
 * A token without the write scope lists no write tool; calling one anyway gets the spec's answer,
 * 403 with an `insufficient_scope` challenge naming the scopes to ask for, instead of "unknown
 * tool". The body was read and parsed before (src/hosted/mcp-body.ts).
 */
import { allTools, appTools } from "../../mcp/tool-list.js";

/** Every tool whose own definition says it writes, whoever may see it (the model, or only a view). */
const WRITE_TOOLS = new Set(
  [...allTools, ...appTools].filter((tool) => tool.kind !== "read").map((tool) => tool.name),
);

export type GateVerdict = { pass: true } | { pass: false; tool: string };

/** `body`: the request's parsed JSON (src/hosted/mcp-body.ts), undefined when it had none. */
export function scopeGate(body: unknown, scopes: string[]): GateVerdict {
  if (scopes.includes("write")) return { pass: true };
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (
      call?.method === "tools/call" &&
      typeof call.params?.name === "string" &&
      WRITE_TOOLS.has(call.params.name)
    )
      return { pass: false, tool: call.params.name };
  }
  return { pass: true };
}
