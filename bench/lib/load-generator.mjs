/**
 * A load generator in its own process (so its JavaScript does not share a thread with what it
 * measures): N keep-alive connections (an undici Pool), each sending one MCP `tools/call` after the
 * other for a fixed time, raw JSON-RPC over Streamable HTTP (no client library's cost on this side).
 * Every answer is checked: HTTP 200, a JSON-RPC result, not `isError`, and containing `expect`.
 *
 * Connection i sends `tokens[i % tokens.length]`: one token is one tenant's load, several spread it.
 *
 * The spec comes in the environment (it carries bearer tokens, which never go in argv):
 *   LOAD_SPEC='{"url","tokens","tool","arguments","era","seconds","connections","expect"}'
 * It prints one JSON line: { calls, errors, firstError, seconds, p50, p99 }.
 */
import { Pool } from "undici";

const spec = JSON.parse(process.env.LOAD_SPEC ?? "{}");
const url = new URL(spec.url);
const modern = spec.era === "modern";
const params = { name: spec.tool, arguments: spec.arguments ?? {} };
if (modern) {
  params._meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "bench-load", version: "0" },
  };
}
const commonHeaders = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": modern ? "2026-07-28" : "2025-11-25",
  ...(modern ? { "mcp-method": "tools/call", "mcp-name": spec.tool } : {}),
};
const pool = new Pool(url.origin, { connections: spec.connections, pipelining: 1, keepAliveTimeout: 30_000 });

/** The JSON-RPC message of an answer: a plain JSON body, or the `data:` line of an SSE stream. */
function messageOf(contentType, text) {
  if (contentType?.startsWith("text/event-stream")) {
    const data = text
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trim())
      .find((line) => line.includes('"result"') || line.includes('"error"'));
    return data === undefined ? undefined : JSON.parse(data);
  }
  return JSON.parse(text);
}

const latencies = [];
let errors = 0;
let firstError;
let id = 0;
const fail = (message) => {
  errors++;
  firstError ??= message;
};
const deadline = performance.now() + spec.seconds * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: spec.connections }, async (_, connection) => {
    const token = spec.tokens[connection % spec.tokens.length];
    const headers = { ...commonHeaders, authorization: `Bearer ${token}` };
    while (performance.now() < deadline) {
      const body = JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params });
      const t0 = performance.now();
      try {
        const response = await pool.request({ method: "POST", path: url.pathname, headers, body });
        const text = await response.body.text();
        const elapsed = performance.now() - t0;
        if (response.statusCode !== 200) {
          fail(`HTTP ${response.statusCode}: ${text.slice(0, 200)}`);
          continue;
        }
        const message = messageOf(response.headers["content-type"], text);
        const result = message?.result;
        const first = result?.content?.[0]?.text ?? "";
        if (!result || result.isError || (spec.expect && !first.includes(spec.expect))) {
          fail(`bad answer: ${text.slice(0, 300)}`);
          continue;
        }
        latencies.push(elapsed);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
await pool.close();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
process.stdout.write(
  `${JSON.stringify({ calls: latencies.length, errors, firstError, seconds, p50: at(0.5), p99: at(0.99) })}\n`,
);
