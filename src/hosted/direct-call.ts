/**
 * The narrowest and commonest hosted request, a 2025-era call of a read tool without a progress
 * token, answered without the web `Request` and `Response` the SDK's transport needs: the parsed
 * message goes to the server over a transport for one exchange, and the one message that comes
 * back is written as the JSON body. Web requests, responses and their streams were a fifth of such
 * a call's CPU (undici's classes, a signal made transferable, a URL parsed, a body streamed and
 * read back).
 *
 * It answers only where the SDK's transport would have handed the message on unchanged and
 * answered with exactly that message as JSON (json-answer-leg.ts): Accept names both JSON and
 * event streams, the protocol version header (if any) is one the server supports, the body is a
 * valid JSON-RPC request (the SDK's own parse, whose result is what goes on), and no scope
 * challenge applies. Anything else is `undefined`, before the message reaches the server, and the
 * SDK's transport answers it (with its own error where there is one).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type AuthInfo,
  type JSONRPCMessage,
  type McpServerFactory,
  type MessageExtraInfo,
  parseJSONRPCMessage,
  type Transport,
} from "@modelcontextprotocol/server";

type ScopeResolver = (context: { request: unknown; authInfo?: AuthInfo }) => unknown;

/** A transport for one request: its answer resolves `answered`; notifications have nowhere to go. */
class OneExchange implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void) | undefined;
  supportedVersions: readonly string[] = [];
  scopeResolver: ScopeResolver | undefined;
  private closed = false;

  constructor(
    private readonly id: unknown,
    private readonly answered: (message: JSONRPCMessage) => void,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (("result" in message || "error" in message) && "id" in message && message.id === this.id)
      this.answered(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  setSupportedProtocolVersions(versions: string[]): void {
    this.supportedVersions = versions;
  }

  setScopeChallengeResolver(resolver: ScopeResolver): void {
    this.scopeResolver = resolver;
  }
}

/** The SDK transport's Accept rule: a client must take both forms of answer. */
function acceptsBoth(accept: string | undefined): boolean {
  return accept?.includes("application/json") === true && accept.includes("text/event-stream");
}

/**
 * Answers `body` directly and returns true, or returns false (having sent nothing, and before the
 * message reached any server) for the SDK's transport to answer it.
 */
export async function directCall(
  factory: McpServerFactory,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  authInfo: AuthInfo | undefined,
): Promise<boolean> {
  if (!acceptsBoth(req.headers.accept)) return false;
  let message: JSONRPCMessage;
  try {
    message = parseJSONRPCMessage(body);
  } catch {
    return false;
  }
  if (!("method" in message) || !("id" in message)) return false;
  let answered: (message: JSONRPCMessage) => void = () => undefined;
  const answer = new Promise<JSONRPCMessage>((resolve) => {
    answered = resolve;
  });
  const transport = new OneExchange(message.id, answered);
  const product = await factory({ era: "legacy", ...(authInfo === undefined ? {} : { authInfo }) });
  await product.connect(transport);
  // The client leaving (the response closed before it ended) closes the exchange, which aborts the
  // call, as the SDK's transport does.
  let left: () => void = () => undefined;
  const leaving = new Promise<undefined>((resolve) => {
    left = () => resolve(undefined);
  });
  try {
    const version = req.headers["mcp-protocol-version"];
    if (version !== undefined && !transport.supportedVersions.includes(String(version))) return false;
    const request = { request: message, ...(authInfo === undefined ? {} : { authInfo }) };
    if ((await transport.scopeResolver?.(request)) !== undefined) return false;
    if (res.destroyed) return true;
    res.once("close", left);
    transport.onmessage?.(message, authInfo === undefined ? {} : { authInfo });
    const reply = await Promise.race([answer, leaving]);
    if (reply === undefined) return true;
    const json = Buffer.from(JSON.stringify(reply));
    res.writeHead(200, { "content-type": "application/json", "content-length": String(json.length) });
    res.end(json);
    return true;
  } finally {
    res.off("close", left);
    transport.close().catch(() => undefined);
    product.close().catch(() => undefined);
  }
}
