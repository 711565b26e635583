/**
 * Property tests over every tool's arguments, generated from the JSON Schema the client lists
 * (see arbitraries.ts). Whatever arrives: no crash (the server still answers ping and tools/list),
 * no protocol error (bad arguments are an isError result, as the SDK answers them), nothing
 * unexpected logged, no request outside the API's own routes, and arguments the schema refuses
 * never reach the API at all.
 */
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RecordedRequest } from "@invoicing-mcp/sandbox";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allTools } from "../../src/mcp/tool-definitions.js";
import { type Connected, connect } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { argsFor, type JsonSchema } from "./arbitraries.js";

/** Fixed, so a failure replays; fast-check prints the counterexample and its path. */
const SEED = 20261122;
const RUNS_PER_TOOL = 50;

/** Every path the tools may ask for; `([^/]+)` is an id. */
const API_ROUTES = [
  /^\/api\/v1\/(?:customers|invoices|projects|time-entries)$/,
  /^\/api\/v1\/reports\/(?:eur|outstanding-payments-by-customer)$/,
  /^\/api\/v1\/customers\/([^/]+)\/summary$/,
  /^\/api\/v1\/time-entries\/by-customer\/([^/]+)\/summary$/,
];
const QUERY_KEYS = new Set(["status", "from", "to", "year", "customerId", "offset", "limit", "page"]);

function expectInsideApi(request: RecordedRequest): void {
  const match = API_ROUTES.map((route) => route.exec(request.path)).find((m) => m !== null);
  expect(match, `${request.method} ${request.path} is not an API route`).not.toBeUndefined();
  const id = match?.[1];
  if (id !== undefined) {
    const decoded = decodeURIComponent(id);
    expect(decoded, request.path).not.toMatch(/^\.{1,2}$|[/\\?#]|[\p{Cc}\p{Cf}\s]/u);
  }
  for (const key of new URLSearchParams(request.query).keys()) expect(QUERY_KEYS).toContain(key);
}

function textOf(result: { content?: unknown }): string {
  return ((result.content ?? []) as { type: string; text?: string }[])
    .map((c) => (c.type === "text" ? (c.text ?? "") : ""))
    .join("\n");
}

describe("fuzzed tool arguments", () => {
  const sandbox = useSandbox();
  let mcp: Connected & { close(): Promise<void> };
  const schemas = new Map<string, JsonSchema>();

  beforeAll(async () => {
    const inbox = join(await mkdtemp(join(tmpdir(), "reliability-fuzz-")), "inbox.jsonl");
    mcp = await connect(sandbox(), { env: { INVOICING_INBOX: inbox } });
    for (const tool of (await mcp.client.listTools()).tools)
      schemas.set(tool.name, tool.inputSchema as JsonSchema);
  });
  afterAll(async () => {
    await mcp.close();
  });

  it("covers every tool", () => {
    expect([...schemas.keys()].sort()).toEqual(allTools.map((t) => t.name).sort());
  });

  it.each(allTools.map((t) => [t.name, t] as const))("%s", async (name, tool) => {
    const counts = { valid: 0, invalid: 0 };
    await fc.assert(
      fc.asyncProperty(argsFor(schemas.get(name)!), async (generated) => {
        // What a client can send: JSON (so -0 arrives as 0, and NaN or Infinity never arrive).
        const args = JSON.parse(JSON.stringify(generated)) as Record<string, unknown>;
        const valid = tool.input.safeParse(args).success;
        counts[valid ? "valid" : "invalid"]++;
        const requestsBefore = sandbox().requests.length;
        const logsBefore = mcp.logs.length;

        // A protocol error would reject here and fail the property.
        const result = await mcp.client.callTool({ name, arguments: args });
        const text = textOf(result);
        const requests = sandbox().requests.slice(requestsBefore);

        for (const request of requests) expectInsideApi(request);
        if (valid) {
          expect(text).not.toMatch(/Unexpected internal error/);
          expect(mcp.logs.slice(logsBefore)).toEqual([]);
        } else {
          expect(result.isError).toBe(true);
          expect(text).toMatch(/^Input validation error: Invalid arguments for tool /);
          expect(requests).toEqual([]);
        }
        await mcp.client.ping();
      }),
      { seed: SEED, numRuns: RUNS_PER_TOOL, endOnFailure: true },
    );
    // Both sides of the schema were exercised.
    expect(counts.invalid).toBeGreaterThan(0);
    expect(counts.valid).toBeGreaterThan(0);
    expect((await mcp.client.listTools()).tools).toHaveLength(allTools.length);
  });
});
