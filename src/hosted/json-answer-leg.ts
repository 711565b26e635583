/**
 * A 2025-era request that can only ever get one message back, answered as plain JSON instead of an
 * event stream. The SDK's stateless legacy serving always opens an SSE stream, wraps it in a second
 * stream and writes the one answer as an event; a client must accept both (the Accept header the
 * transport checks says so), and the transport's `enableJsonResponse` sends the answer as the body.
 * Nothing else changes: the same factory, the same transport and its checks (Accept, Content-Type,
 * the JSON-RPC message, the protocol version header), the same teardown.
 *
 * Only where no other message could travel before the answer: a single request (not a batch, not
 * a notification) of the 2025 era, without a progress token (the only notifications a call sends
 * are progress reports, src/mcp/progress.ts), that is not a call of a tool that writes (a write may
 * ask the person to confirm, which on this era is a request sent on the answer's stream). Any other
 * request is served by the SDK's handler as before.
 */
import type { IncomingMessage } from "node:http";
import {
  type AuthInfo,
  classifyInboundRequest,
  type McpHandlerRequestOptions,
  type McpServerFactory,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { toolNamed } from "../mcp/inventory.js";

/** The fetch face both this leg and the SDK's handler offer `serveParsed`. */
export interface FetchFace {
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
}

/** Whether `body` (one parsed POST to /mcp, with its request's headers) gets a plain JSON answer. */
export function answersInJson(body: unknown, headers: IncomingMessage["headers"]): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const message = body as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof message.method !== "string" || message.id === undefined) return false;
  const params = message.params as { name?: unknown; _meta?: { progressToken?: unknown } } | undefined;
  if (params?._meta?.progressToken !== undefined) return false;
  if (message.method === "tools/call") {
    const tool = typeof params?.name === "string" ? toolNamed(params.name) : undefined;
    if (tool?.kind !== "read") return false;
  }
  // The SDK's own classification: a 2026-era request (or a malformed claim) goes to its handler.
  return (
    classifyInboundRequest({
      httpMethod: "POST",
      body,
      ...optional("protocolVersionHeader", headers["mcp-protocol-version"]),
      ...optional("mcpMethodHeader", headers["mcp-method"]),
      ...optional("mcpNameHeader", headers["mcp-name"]),
    }).kind === "legacy"
  );
}

function optional<K extends string>(key: K, value: string | string[] | undefined) {
  return typeof value === "string" ? ({ [key]: value } as Record<K, string>) : {};
}

/** The legacy stateless serving of the SDK, with the transport answering in JSON. */
export function jsonAnswerLeg(factory: McpServerFactory): FetchFace {
  return {
    async fetch(request, options = {}) {
      const authInfo: AuthInfo | undefined = options.authInfo;
      const product = await factory({
        era: "legacy",
        ...(authInfo === undefined ? {} : { authInfo }),
        requestInfo: request,
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await product.connect(transport);
      // The client leaving closes the exchange, which aborts the call (as the SDK's legacy leg does);
      // the transport then never answers, so the wait for it ends here too.
      let left: () => void = () => undefined;
      const leaving = new Promise<Response>((resolve) => {
        left = () => resolve(new Response(null, { status: 499 }));
      });
      const teardown = () => {
        transport.close().catch(() => undefined);
        product.close().catch(() => undefined);
        left();
      };
      if (request.signal.aborted) teardown();
      else request.signal.addEventListener("abort", teardown, { once: true });
      try {
        return await Promise.race([
          transport.handleRequest(request, {
            ...(authInfo === undefined ? {} : { authInfo }),
            ...(options.parsedBody === undefined ? {} : { parsedBody: options.parsedBody }),
          }),
          leaving,
        ]);
      } finally {
        request.signal.removeEventListener("abort", teardown);
        teardown();
      }
    },
  };
}
