/**
 * A token without the write scope lists no write tool; calling one anyway gets the spec's answer,
 * 403 with an `insufficient_scope` challenge naming the scopes to ask for, instead of "unknown
 * tool". Only such tokens have their request body read here (it is then handed on, parsed).
 */
import type { IncomingMessage } from "node:http";
import { listedTools } from "../../mcp/tool-list.js";
import { MAX_MCP_BODY_BYTES } from "../tenant-runtime.js";

const WRITE_TOOLS = new Set(
  listedTools({ readOnly: false, events: true })
    .filter((tool) => tool.kind !== "read")
    .map((tool) => tool.name),
);

export type GateVerdict =
  | { pass: true; body?: unknown }
  | { pass: false; tool: string }
  | { pass: false; status: 400 | 413; message: string };

export async function scopeGate(req: IncomingMessage, scopes: string[]): Promise<GateVerdict> {
  if (scopes.includes("write") || req.method !== "POST") return { pass: true };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_MCP_BODY_BYTES)
      return { pass: false, status: 413, message: `body larger than ${MAX_MCP_BODY_BYTES} bytes` };
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return { pass: false, status: 400, message: "the body is not JSON" };
  }
  for (const message of Array.isArray(body) ? body : [body]) {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    if (
      call?.method === "tools/call" &&
      typeof call.params?.name === "string" &&
      WRITE_TOOLS.has(call.params.name)
    )
      return { pass: false, tool: call.params.name };
  }
  return { pass: true, body };
}
