/**
 * The MCP server on stdio, as a client starts it. stdout carries JSON-RPC only; everything else
 * goes to stderr. The process ends when the client closes stdin or sends SIGTERM, and an error in
 * one request is logged, never fatal to the session.
 */
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Config } from "./config.js";
import { ApiClient } from "./http/client.js";
import { createServer } from "./server.js";

export interface StdioOptions {
  /** Serve against an in-process sandbox with demo data instead of the configured service. */
  sandbox?: boolean;
}

const log = (message: string) => process.stderr.write(`${message}\n`);

export async function runStdioServer(config: Config, options: StdioOptions = {}): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  let effective = config;
  if (options.sandbox) {
    const { startSandbox } = await import("@invoicing-mcp/sandbox");
    const sandbox = await startSandbox({ quiet: true });
    cleanups.push(() => sandbox.close());
    effective = { ...config, baseUrl: sandbox.url, apiKey: sandbox.keys.demo };
    log(`invoicing-mcp: serving the sandbox at ${sandbox.url} with demo data (no account needed)`);
  }
  const client =
    effective.apiKey && effective.baseUrl
      ? new ApiClient({
          baseUrl: effective.baseUrl,
          apiKey: effective.apiKey,
          timeoutMs: effective.timeoutMs,
        })
      : undefined;
  if (client) cleanups.push(() => client.close());

  process.on("unhandledRejection", (reason) =>
    log(`invoicing-mcp: unhandled rejection: ${describe(reason)}`),
  );
  process.on("uncaughtException", (error) => log(`invoicing-mcp: uncaught exception: ${describe(error)}`));

  const transport = new StdioServerTransport();
  const handle = serveStdio(() => createServer({ config: effective, ...(client ? { client } : {}), log }), {
    transport,
    onerror: (error) => log(`invoicing-mcp: transport error: ${error.message}`),
  });

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`invoicing-mcp: stopping (${why})`);
    // A stuck socket must not keep a dismissed server alive.
    setTimeout(() => process.exit(0), 1500).unref();
    await handle.close().catch(() => undefined);
    await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
  };
  // The transport also closes by itself, e.g. on a line past the SDK's 10 MB read buffer; a server
  // that can no longer read must end, not linger deaf while the sandbox keeps the process alive.
  const closeConnection = transport.onclose;
  transport.onclose = () => {
    closeConnection?.();
    void stop("stdio closed");
  };
  process.stdin.on("end", () => void stop("stdin closed"));
  process.stdin.on("close", () => void stop("stdin closed"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

function describe(reason: unknown): string {
  return reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
}
