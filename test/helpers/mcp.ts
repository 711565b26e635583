import type { Sandbox } from "@invoicing-mcp/sandbox";
import { Client, type ElicitResult, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createMcpHandler, InMemoryTransport } from "@modelcontextprotocol/server";
import { afterAll, beforeAll } from "vitest";
import { type Config, loadConfig } from "../../src/config/load.js";
import type { ApiClientOptions } from "../../src/http/client.js";
import { createServer } from "../../src/mcp/server.js";
import { everyTool } from "../../src/mcp/tool-definitions.js";
import { clientFor, REFERENCE_DATE } from "./sandbox.js";

export interface Connected {
  client: Client;
  /** Calls a tool; returns the whole result (content, structuredContent, isError). */
  call(name: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
  logs: string[];
}

export interface ToolAnswer {
  isError: boolean;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read structuredContent field by field
  data: any;
  content: { type: string; text?: string; uri?: string }[];
}

/** A real MCP client talking to our server over the SDK's in-memory transport, and the server to the sandbox. */
export async function connect(
  sandbox: Sandbox | undefined,
  options: {
    env?: Record<string, string>;
    now?: number;
    apiKey?: string;
    /** Passed to the test client, e.g. a short `timeoutMs` for hang tests. */
    clientOptions?: Partial<ApiClientOptions>;
    /**
     * The test client declares form elicitation and answers each form with this (the person's
     * part). Without it, the client declares no elicitation at all.
     */
    elicit?: (request: { message: string; requestedSchema: unknown }) => ElicitResult | Promise<ElicitResult>;
    /**
     * "2025" (default): the initialize handshake over the in-memory pair. "2026": the 2026-07-28
     * revision, served per request by the SDK's HTTP handler in-process, as the hosted mode would.
     */
    era?: "2025" | "2026";
    /** More client capabilities to declare, e.g. the MCP Apps extension (`extensions`). */
    capabilities?: Record<string, unknown>;
  } = {},
): Promise<Connected & { close(): Promise<void> }> {
  const config: Config = loadConfig({
    ...(sandbox
      ? { INVOICING_BASE_URL: sandbox.url, INVOICING_API_KEY: options.apiKey ?? sandbox.keys.demo }
      : {}),
    ...options.env,
  });
  const logs: string[] = [];
  const now = options.now ?? REFERENCE_DATE;
  const makeServer = () =>
    createServer({
      config,
      ...(sandbox
        ? {
            client: clientFor(sandbox, {
              apiKey: config.apiKey ?? "",
              maxAttempts: 1,
              ...options.clientOptions,
            }),
          }
        : {}),
      now: () => new Date(now),
      log: (message) => logs.push(message),
    });
  const client = new Client(
    { name: "test", version: "0" },
    {
      capabilities: {
        ...(options.elicit ? { elicitation: { form: {} } } : {}),
        ...options.capabilities,
      },
      ...(options.era === "2026" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
    },
  );
  const elicit = options.elicit;
  if (elicit) {
    client.setRequestHandler("elicitation/create", async (request) => {
      const params = request.params as { message: string; requestedSchema?: unknown };
      return elicit({ message: params.message, requestedSchema: params.requestedSchema });
    });
  }
  let closeServer: () => Promise<void>;
  if (options.era === "2026") {
    const handler = createMcpHandler(() => makeServer());
    await client.connect(
      new StreamableHTTPClientTransport(new URL("http://in-process.test/mcp"), {
        fetch: (url, init) => handler.fetch(new Request(url, init)),
      }),
    );
    closeServer = () => handler.close();
  } else {
    const server = makeServer();
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    closeServer = () => server.close();
  }
  await client.listTools();
  return {
    client,
    logs,
    async call(name, args = {}) {
      const result = (await client.callTool({ name, arguments: args })) as {
        isError?: boolean;
        content: { type: string; text?: string; uri?: string }[];
        structuredContent?: unknown;
      };
      const text = result.content
        .filter((c) => c.type === "text")
        .map((c) => c.text)
        .join("\n");
      if (result.isError !== true) holdToOutputSchema(name, result.structuredContent);
      return {
        isError: result.isError === true,
        text,
        data: result.structuredContent,
        content: result.content,
      };
    },
    async close() {
      await client.close();
      await closeServer();
    },
  };
}

/** One connection for the enclosing describe block. */
export function useMcp(sandbox: () => Sandbox, options: Parameters<typeof connect>[1] = {}): () => Connected {
  let connected: (Connected & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    connected = await connect(sandbox(), options);
  });
  afterAll(async () => {
    await connected?.close();
  });
  return () => {
    if (!connected) throw new Error("not connected");
    return connected;
  };
}

/**
 * Every answer of every tool call a test makes is held to its tool's whole output schema (the
 * definition's, every field and its type): tools/list does not carry output schemas (the model never
 * reads them, src/mcp/server.ts), so no client would catch a tool that answers outside its contract.
 */
function holdToOutputSchema(name: string, structured: unknown): void {
  const tool = everyTool.find((t) => t.name === name);
  if (!tool) return;
  const checked = tool.output.safeParse(structured);
  if (!checked.success)
    throw new Error(
      `${name} answered outside its output schema: ${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
}
