/**
 * The body of a POST to /mcp, read and parsed once here, and what it asks read from it once: its
 * method, the tool it calls, the resources it would watch. The OAuth scope gate, the subscription
 * check and the server factory (which registers only the called tool) all read this `McpCall`; the
 * SDK is handed the parsed body, so nothing reads or clones the stream again.
 */
import type { IncomingMessage } from "node:http";
import { capabilitiesTakeViews } from "../mcp/apps/ui.js";
import { announcedIn } from "./session-id.js";

/** MCP requests are small; a tool call's arguments stay far below this. */
export const MAX_MCP_BODY_BYTES = 1024 * 1024;

export interface McpCall {
  /** The parsed JSON, or undefined when there is none to hand on (not a JSON POST). */
  body: unknown;
  /** A single message's method and id; undefined for a batch. */
  method: string | undefined;
  id: unknown;
  /** The tool a single tools/call names. */
  tool: string | undefined;
  /** Every tool the body calls, a batch's included (for the scope gate). */
  calledTools: string[];
  /** The resource URIs a single subscriptions/listen asks to watch. */
  listens: string[] | undefined;
  /**
   * Whether the client renders MCP Apps views, when the request itself says: an initialize's
   * capabilities, or (a 2025-era client's later requests) the session id that initialize was given.
   * Undefined: the server's own reading of the client decides (a 2026-era request's envelope).
   */
  views: boolean | undefined;
}

export type McpBody = { ok: true; call: McpCall } | { ok: false; status: 400 | 413; message: string };

/** What a parsed body asks, read once; `sessionId` is the request's Mcp-Session-Id header. */
export function describeCall(body: unknown, sessionId?: string | string[]): McpCall {
  const messages = (Array.isArray(body) ? body : [body]) as (Message | null)[];
  const single = Array.isArray(body) ? undefined : (body as Message | null);
  const calledTools = messages.flatMap((message) => {
    const name = message?.method === "tools/call" ? message.params?.name : undefined;
    return typeof name === "string" ? [name] : [];
  });
  const method = typeof single?.method === "string" ? single.method : undefined;
  const filter = single?.params?.notifications as { resourceSubscriptions?: unknown } | undefined;
  return {
    body,
    method,
    id: single?.id,
    tool: method === "tools/call" ? calledTools[0] : undefined,
    calledTools,
    listens:
      method !== "subscriptions/listen"
        ? undefined
        : Array.isArray(filter?.resourceSubscriptions)
          ? filter.resourceSubscriptions.map(String)
          : [],
    views:
      method === "initialize"
        ? capabilitiesTakeViews(
            (single?.params as { capabilities?: unknown } | null | undefined)?.capabilities,
          )
        : announcedIn(sessionId)?.views,
  };
}

interface Message {
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown; notifications?: unknown } | null;
}

/**
 * Reads a JSON POST's body, at most MAX_MCP_BODY_BYTES. Anything else (a GET, another content
 * type) is left unread for the SDK, which answers it as the protocol says.
 */
export async function readMcpBody(req: IncomingMessage): Promise<McpBody> {
  if (req.method !== "POST" || !isJson(req.headers["content-type"]))
    return { ok: true, call: describeCall(undefined, req.headers["mcp-session-id"]) };
  const declared = Number(req.headers["content-length"]);
  if (declared > MAX_MCP_BODY_BYTES) return tooLarge();
  const chunks = await readCapped(req);
  if (chunks === undefined) return tooLarge();
  const text = Buffer.concat(chunks).toString("utf8");
  // An empty body is the SDK's to answer; with nothing read there is nothing to hand on.
  if (text.trim() === "") return { ok: true, call: describeCall(undefined, req.headers["mcp-session-id"]) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, message: "Parse error: the request body is not valid JSON" };
  }
  return { ok: true, call: describeCall(body, req.headers["mcp-session-id"]) };
}

/**
 * The body's chunks, or undefined past the cap (the rest is left unread: the answer closes the
 * connection). Events, not `for await`: this runs for every request, and the async iterator costs
 * a promise per chunk.
 */
function readCapped(req: IncomingMessage): Promise<Buffer[] | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_MCP_BODY_BYTES) return void chunks.push(chunk);
      done();
      req.pause();
      resolve(undefined);
    };
    const onEnd = () => {
      done();
      resolve(chunks);
    };
    const onError = (error?: Error) => {
      done();
      reject(error ?? new Error("the client went away before its request was read"));
    };
    // A client that leaves mid-body ends the stream with "close" and no "end".
    const onClose = () => onError();
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

function tooLarge(): McpBody {
  return {
    ok: false,
    status: 413,
    message: `Payload Too Large: the body must not exceed ${MAX_MCP_BODY_BYTES} bytes`,
  };
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}
