/**
 * The body of a POST to /mcp, read once here: the OAuth scope gate looks at it, the tenant's
 * runtime learns which tool a request calls (so its per-request server registers only that tool),
 * and the SDK is handed it parsed, so it neither reads nor clones the stream again.
 */
import type { IncomingMessage } from "node:http";

/** MCP requests are small; a tool call's arguments stay far below this. */
export const MAX_MCP_BODY_BYTES = 1024 * 1024;

export type McpBody =
  /** `body`: the parsed JSON, or undefined when there is none to hand on (not a JSON POST). */
  { ok: true; body: unknown } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads a JSON POST's body, at most MAX_MCP_BODY_BYTES. Anything else (a GET, another content
 * type) is left unread for the SDK, which answers it as the protocol says.
 */
export async function readMcpBody(req: IncomingMessage): Promise<McpBody> {
  if (req.method !== "POST" || !isJson(req.headers["content-type"])) return { ok: true, body: undefined };
  const declared = Number(req.headers["content-length"]);
  if (declared > MAX_MCP_BODY_BYTES) return tooLarge();
  const chunks = await readCapped(req);
  if (chunks === undefined) return tooLarge();
  const text = Buffer.concat(chunks).toString("utf8");
  // An empty body is the SDK's to answer; with nothing read there is nothing to hand on.
  if (text.trim() === "") return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, message: "Parse error: the request body is not valid JSON" };
  }
}

/** The tool a single JSON-RPC `tools/call` request names; undefined for anything else. */
export function calledTool(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const message = body as { method?: unknown; params?: { name?: unknown } | null };
  if (message.method !== "tools/call") return undefined;
  const name = message.params?.name;
  return typeof name === "string" ? name : undefined;
}

/** The resource URIs a single 2026-era subscriptions/listen asks to watch; undefined for anything else. */
export function listenedUris(body: unknown): { id: unknown; uris: string[] } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const message = body as { id?: unknown; method?: unknown; params?: { notifications?: unknown } | null };
  if (message.method !== "subscriptions/listen") return undefined;
  const filter = message.params?.notifications as { resourceSubscriptions?: unknown } | undefined;
  const uris = Array.isArray(filter?.resourceSubscriptions) ? filter.resourceSubscriptions : [];
  return { id: message.id, uris: uris.map(String) };
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
