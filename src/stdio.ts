/**
 * The MCP server on stdio, as a client starts it. stdout carries JSON-RPC only; everything else
 * goes to stderr. The process ends when the client closes stdin or sends SIGTERM, and an error in
 * one request is logged, never fatal to the session.
 */
import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Config, SettingProblem } from "./config/load.js";
import type { ApiClient } from "./http/client.js";
import { InFlightCalls } from "./mcp/in-flight.js";
import { createServer } from "./mcp/server.js";

export interface StdioOptions {
  /** Serve against an in-process sandbox with demo data instead of the configured service. */
  sandbox?: boolean;
  /** Settings whose values are not valid (loadServerConfig): the server starts and names them. */
  problems?: readonly SettingProblem[];
}

const log = (message: string) => process.stderr.write(`${message}\n`);

/** How long a running call may go on after SIGTERM or the end of stdin, to finish and answer. */
const DRAIN_MS = 1_000;
/** After that its HTTP request is aborted; this long more for its error answer to go out. */
const ABORT_GRACE_MS = 250;
/** The last resort, under the 2 s a client usually waits before it kills a server. */
const FORCED_EXIT_MS = 1_800;

export async function runStdioServer(config: Config, options: StdioOptions = {}): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  const inFlight = new InFlightCalls();
  // A person who ran the bin in a terminal sees a silent process: say what it is and what to try.
  if (process.stdin.isTTY)
    log(
      "invoicing-mcp: this is an MCP server: it waits for an MCP client's JSON-RPC on stdin (Ctrl+C ends it). To try it, run `npm run demo` in a clone, or see `invoicing-mcp --help`; to use it, add it to your MCP client (README, Install).",
    );
  let effective = config;
  if (options.sandbox) {
    const { startSandbox } = await import("@invoicing-mcp/sandbox");
    const sandbox = await startSandbox({ quiet: true });
    cleanups.push(() => sandbox.close());
    effective = { ...config, baseUrl: sandbox.url, apiKey: sandbox.keys.demo };
    log(`invoicing-mcp: serving the sandbox at ${sandbox.url} with demo data (no account needed)`);
    // A person who entered their key and left the sandbox switched on sees demo data: say why.
    if (config.apiKey !== undefined || config.baseUrl !== undefined)
      log(
        "invoicing-mcp: the sandbox is switched on (--sandbox or INVOICING_SANDBOX), so the configured API key and base URL are not used; switch it off to work with your account",
      );
  }
  // The sandbox replaces the key and base URL, so what is wrong with them does not matter then.
  const replaced = new Set(options.sandbox ? ["apiKey", "baseUrl"] : []);
  const problems = (options.problems ?? []).filter((p) => !replaced.has(p.setting)).map((p) => p.text);
  if (problems.length > 0)
    log(
      `invoicing-mcp: started, but every tool call will fail until these settings are fixed: ${problems.join("; ")}`,
    );
  // The client is made on the first call that asks the service (with the code it needs), not at start.
  let client: ApiClient | undefined;

  process.on("unhandledRejection", (reason) =>
    log(`invoicing-mcp: unhandled rejection: ${describe(reason)}`),
  );
  process.on("uncaughtException", (error) => log(`invoicing-mcp: uncaught exception: ${describe(error)}`));

  const transport = new StdioServerTransport();
  const handle = serveStdio(
    () =>
      createServer({
        config: effective,
        clientMade: (made) => {
          client = made;
        },
        ...(problems.length > 0 ? { configProblems: problems } : {}),
        ...(options.sandbox ? { sandbox: { keySet: config.apiKey !== undefined } } : {}),
        log,
        inFlight,
      }),
    {
      transport,
      onerror: (error) => log(`invoicing-mcp: transport error: ${firstLine(error.message)}`),
    },
  );

  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`invoicing-mcp: stopping (${why})`);
    // A stuck socket must not keep a dismissed server alive.
    setTimeout(() => {
      log(`invoicing-mcp: forced exit: still not stopped ${FORCED_EXIT_MS} ms after ${why}`);
      process.exit(1);
    }, FORCED_EXIT_MS).unref();
    if (!(await inFlight.idle(DRAIN_MS))) {
      for (const call of inFlight.calls.filter((c) => c.kind === "write")) {
        log(
          `invoicing-mcp: stopped while ${call.tool} was running: its outcome is unknown; check with ${call.verifyWith ?? "the matching list tool"} before trying again`,
        );
      }
      // Abort what still waits on the service, so each call answers with an error while stdout is open.
      await client?.destroy();
      await inFlight.idle(ABORT_GRACE_MS);
    }
    // An answer finished a moment ago may still be on its way to stdout.
    await new Promise((resolve) => setImmediate(resolve));
    await handle.close().catch(() => undefined);
    await client?.close().catch(() => undefined);
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

/** A line of stdin that is not JSON-RPC gets one short line on stderr, not the validator's whole dump. */
function firstLine(message: string): string {
  const text = message.trimStart().startsWith("[")
    ? "a line on stdin that is not a JSON-RPC message"
    : message;
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function describe(reason: unknown): string {
  return reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
}
