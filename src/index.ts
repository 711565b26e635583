#!/usr/bin/env node
/**
 * The bin: reads the command line, picks the mode and starts it. Nothing else happens here; each
 * mode's module is imported only when that mode runs, so start-up loads only what it needs.
 */
import module from "node:module";
import { processEnvironment } from "./config/environment.js";
import { VERSION } from "./version.js";

enableCompileCache();

const HELP = `invoicing-mcp ${VERSION}: an MCP server for the Invoicing Service

Usage:
  invoicing-mcp                                 the MCP server on stdio (what an MCP client starts)
  invoicing-mcp --sandbox                       the same, against an embedded sandbox with demo data
  invoicing-mcp sandbox [--port N] [--host H]   the sandbox API alone, for building agents and tests
  invoicing-mcp doctor                          checks configuration, reachability and the key; says what to fix
  invoicing-mcp webhooks serve [--port N]       the webhook receiver: verifies, stores in the inbox, acknowledges
  invoicing-mcp serve --tenants FILE [--host H] [--port N]
                                                hosted: MCP over Streamable HTTP at /mcp for many tenants (docs/deploy.md)
  invoicing-mcp tokens create --tenant ID       issues a bearer token for a tenant (printed once); also: list, revoke ID
  invoicing-mcp db migrate                      creates or updates the hosted mode's PostgreSQL schema
  invoicing-mcp --help | --version

Configuration (environment; command-line twins in brackets):
  INVOICING_API_KEY            API key (environment only, never a flag)
  INVOICING_BASE_URL           the service's address, https:// [--base-url]
  INVOICING_TIMEZONE           IANA zone, default Europe/Berlin [--timezone]
  INVOICING_DEFAULT_TAX_RATE   VAT percent for new invoices, default 19 [--default-tax-rate]
  INVOICING_READ_ONLY          true hides every write tool [--read-only]
  INVOICING_TIMEOUT_MS         per-attempt HTTP timeout, default 15000 [--timeout-ms]
  INVOICING_VAT_BASIS          how you file VAT: soll (invoice dates) or ist (payments) [--vat-basis]
  INVOICING_VAT_PERMANENT_EXTENSION
                               true: returns due a month later (Dauerfristverlängerung) [--vat-permanent-extension]
`;

async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  const env = processEnvironment();
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP); // --allow-stdout: help is not the MCP mode
    return 0;
  }
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${VERSION}\n`); // --allow-stdout: --version is not the MCP mode
    return 0;
  }
  if (command === "sandbox") {
    const { runSandbox } = await import("@invoicing-mcp/sandbox/cli");
    await runSandbox(argv.slice(1), env);
    return 0;
  }
  if (command === "doctor") {
    const { runDoctor } = await import("./doctor/index.js");
    const write = (text: string) => process.stdout.write(text); // --allow-stdout: doctor is not the MCP mode
    return runDoctor({ env, argv: argv.slice(1), write });
  }
  if (command === "webhooks") {
    const { runWebhooks } = await import("./webhooks/main.js");
    await runWebhooks(argv.slice(1), env);
    return 0;
  }
  if (command === "serve") {
    const { runServe } = await loadHosted();
    const write = (text: string) => process.stdout.write(text); // --allow-stdout: serve's help is not the MCP mode
    await runServe(argv.slice(1), env, write);
    return 0;
  }
  if (command === "tokens") {
    const { runTokens } = await loadHosted();
    const write = (text: string) => process.stdout.write(text); // --allow-stdout: tokens is not the MCP mode
    return runTokens(argv.slice(1), env, write);
  }
  if (command === "db") {
    const { runDb } = await loadHosted();
    const write = (text: string) => process.stdout.write(text); // --allow-stdout: db is not the MCP mode
    return runDb(argv.slice(1), env, write);
  }
  if (command === undefined || command.startsWith("--")) {
    const { loadConfig } = await import("./config/load.js");
    const config = loadConfig(env, argv);
    const { runStdioServer } = await import("./stdio.js");
    await runStdioServer(config, { sandbox: argv.includes("--sandbox") });
    return 0;
  }
  process.stderr.write(`invoicing-mcp: unknown command "${command}"\n\n${HELP}`);
  return 2;
}

/** The hosted mode's module: its own chunk, loaded only by `serve`, `tokens` and `db`. */
function loadHosted(): Promise<typeof import("./hosted/main.js")> {
  return import("./hosted/main.js");
}

/**
 * Node 22.8+ (`module.enableCompileCache`) can keep the compiled code of every module loaded from
 * here on in a cache on disk, so every start after the first skips compiling the chunks it imports.
 * The cache lives where Node puts it by default: NODE_COMPILE_CACHE when set, else node-compile-cache
 * in the temp directory. A cache that cannot be made or written (a read-only or missing directory, a
 * file in its place) only means no cache: Node reports it in the return value, which is ignored,
 * and nothing goes to stdout. Node 20 has no such function and starts as before.
 */
function enableCompileCache(): void {
  const { enableCompileCache: enable } = module as { enableCompileCache?: () => unknown };
  try {
    enable?.();
  } catch {
    // No cache, same start.
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`invoicing-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    const code = (error as { exitCode?: unknown }).exitCode;
    process.exitCode = typeof code === "number" ? code : 1;
  },
);
