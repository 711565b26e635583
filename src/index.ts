#!/usr/bin/env node
/**
 * The bin: reads the command line, picks the mode and starts it. Nothing else happens here; each
 * mode's module is imported only when that mode runs, so start-up loads only what it needs.
 */
import module from "node:module";
import { endQuietlyOnClosedStdout } from "./cli/closed-pipe.js";
import { wantsHelp } from "./cli/help.js";
import { docUrl, PROJECT_URL } from "./cli/links.js";
import { explainListenError } from "./cli/listen-error.js";
import { processEnvironment } from "./config/environment.js";
import { VERSION } from "./version.js";

enableCompileCache();

const HELP = `invoicing-mcp ${VERSION}: an MCP server for the Invoicing Service

Usage:
  invoicing-mcp [options]                       the MCP server on stdio (what an MCP client starts)
  invoicing-mcp --sandbox [options]             the same, against an embedded sandbox with demo data (no account)
  invoicing-mcp sandbox [--port N] [--host H] [--seed N]
                                                the sandbox API alone, for building agents and tests
  invoicing-mcp doctor [--sandbox] [options]    checks configuration, reachability and the key; says what to fix
  invoicing-mcp webhooks serve [--port N] [--inbox FILE] …
                                                the webhook receiver: verifies, stores in the inbox, acknowledges
  invoicing-mcp serve --tenants FILE | --api-key-auth | --oauth [--host H] [--port N]
                                                hosted: MCP over Streamable HTTP at /mcp for many people
  invoicing-mcp tokens create --tenant ID | tokens list | tokens revoke ID
                                                the hosted mode's bearer tokens (a new one is printed once)
  invoicing-mcp db migrate | db rekey           the hosted mode's PostgreSQL schema and sealed secrets
  invoicing-mcp COMMAND --help | help COMMAND   one command's usage
  invoicing-mcp --help | --version

Options of the server and doctor (environment; command-line twins in brackets):
  INVOICING_API_KEY            API key (environment only, never a flag)
  INVOICING_BASE_URL           the service's address, https:// [--base-url]
  INVOICING_SANDBOX            true: the embedded sandbox instead of the service [--sandbox]
  INVOICING_TIMEZONE           IANA zone, default Europe/Berlin [--timezone]
  INVOICING_DEFAULT_TAX_RATE   VAT percent for new invoices, default 19 [--default-tax-rate]
  INVOICING_READ_ONLY          true hides every write tool [--read-only]
  INVOICING_TIMEOUT_MS         per-attempt HTTP timeout, default 15000 [--timeout-ms]
  INVOICING_INBOX              the webhook receiver's inbox file, for payments and events [--inbox]
  INVOICING_VAT_BASIS          how you file VAT: soll (invoice dates) or ist (payments) [--vat-basis]
  INVOICING_VAT_PERMANENT_EXTENSION
                               true: returns due a month later (Dauerfristverlängerung) [--vat-permanent-extension]
  INVOICING_DETAILS_FILE       your business details for e-invoices, default in the config folder
  INVOICING_DOCUMENTS_DIR      where documents are written, default ~/Documents/Invoicing

Documentation: ${PROJECT_URL} (hosting: ${docUrl("docs/deploy.md")})
`;

/** `print` writes a command's output: stdout, which is not the MCP mode's in any of these. */
const print = (text: string) => {
  process.stdout.write(text); // --allow-stdout: only the commands that are not the MCP mode print
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const env = processEnvironment();
  const isFlag = command === undefined || command.startsWith("-");
  if (isFlag && !wantsHelp(argv) && command !== "--version" && command !== "-v") {
    const [{ CONFIG_OPTIONS, loadServerConfig, SERVER_USAGE }, { parseOptions }] = await Promise.all([
      import("./config/load.js"),
      import("./cli/options.js"),
    ]);
    parseOptions(argv, CONFIG_OPTIONS, SERVER_USAGE); // a command line it cannot read: exit 2 and the usage
    // A bad value does not stop the server: a client would show it as dead and say nothing more.
    const { config, problems } = loadServerConfig(env, argv);
    const [{ sandboxRequested }, { runStdioServer }, { localPlaces }, { homedir }] = await Promise.all([
      import("./config/sandbox-mode.js"),
      import("./stdio.js"),
      import("./profiles/place.js"),
      import("node:os"),
    ]);
    // The person's own files, where their platform keeps such files unless a setting says otherwise.
    const places = localPlaces(env, process.platform, homedir());
    const local = {
      ...config,
      detailsFile: config.detailsFile ?? places.detailsFile,
      documentsDir: config.documentsDir ?? places.documentsFolder,
    };
    await runStdioServer(local, { sandbox: sandboxRequested(env, argv), problems });
    return 0;
  }
  // Everything else prints for a person, who may pipe it into `head`.
  endQuietlyOnClosedStdout();
  if (command === "--version" || command === "-v") {
    print(`${VERSION}\n`);
    return 0;
  }
  if (isFlag) {
    print(HELP);
    return 0;
  }
  if (command === "help") return main(rest[0] === undefined ? ["--help"] : [rest[0], "--help"]);
  if (command === "sandbox") {
    const { runSandbox } = await import("@invoicing-mcp/sandbox/cli");
    await runSandbox(rest, env);
    return 0;
  }
  if (command === "doctor") {
    const { runDoctor } = await import("./doctor/index.js");
    return runDoctor({ env, argv: rest, write: print });
  }
  if (command === "webhooks") {
    const { runWebhooks } = await import("./webhooks/main.js");
    await runWebhooks(rest, env, print);
    return 0;
  }
  if (command === "serve") {
    const { runServe } = await loadHosted();
    await runServe(rest, env, print);
    return 0;
  }
  if (command === "tokens") {
    const { runTokens } = await loadHosted();
    return runTokens(rest, env, print);
  }
  if (command === "db") {
    const { runDb } = await loadHosted();
    return runDb(rest, env, print);
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
  (thrown: unknown) => {
    const error = explainListenError(thrown);
    process.stderr.write(`invoicing-mcp: ${error instanceof Error ? error.message : String(error)}\n`);
    const code = (error as { exitCode?: unknown }).exitCode;
    process.exitCode = typeof code === "number" ? code : 1;
  },
);
