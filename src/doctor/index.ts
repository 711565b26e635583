/**
 * `invoicing-mcp doctor`: checks the configuration, reaches the base URL, tries the key with one
 * cheap read, and says in plain words what is wrong and how to fix it. It prints as it goes (a
 * network check can take seconds) and returns the exit code: 0 only when every check is ok.
 * The key is never printed: only whether it is set, and its length.
 */
import { wantsHelp } from "../cli/help.js";
import { parseOptions } from "../cli/options.js";
import type { Env } from "../config/environment.js";
import { CONFIG_OPTIONS, type Config, ConfigError, loadConfig } from "../config/load.js";
import { sandboxRequested } from "../config/sandbox-mode.js";
import { baseUrlPrefix, parseBaseUrl } from "../http/base-url.js";
import { ApiClient } from "../http/client.js";
import { probe } from "../http/probe.js";
import { VERSION } from "../version.js";
import { accountCheck } from "./account.js";
import { judgeAnswer, PROBE_PATH } from "./answer.js";
import { clockCheck } from "./clock.js";
import { unreachable } from "./network.js";
import { type Check, exitCode, renderCheck, renderVerdict } from "./report.js";

export interface DoctorOptions {
  env: Env;
  /** Command-line twins of the settings, e.g. ["--base-url", "https://…"]. */
  argv?: readonly string[];
  /** Where the report goes (stdout in the bin). */
  write: (text: string) => void;
  /** This machine's clock, for the skew check. */
  now?: () => number;
}

const DOCTOR_USAGE =
  "Usage: invoicing-mcp doctor [--sandbox] [--base-url URL] [--timezone ZONE] [--read-only] [--timeout-ms N] … (the server's options)";

/** What `doctor --help` prints. */
const DOCTOR_HELP = `${DOCTOR_USAGE}

Checks what the MCP server would start with, in the order it matters: the configuration (the
environment and these flags, as the server reads them), the API key (never shown), the base URL,
whether the service answers there and is the Invoicing Service, this machine's clock, whether it
takes the key, and the account. Each finding says what to fix. Exit code 0 only when all are ok.
  --sandbox   check against the embedded sandbox with demo data, as \`invoicing-mcp --sandbox\`
              serves it (also INVOICING_SANDBOX=true); the key and base URL are then not used
Run it with the same environment the MCP client gives the server (its "env" block).
`;

export async function runDoctor(options: DoctorOptions): Promise<number> {
  const argv = options.argv ?? [];
  if (wantsHelp(argv)) {
    options.write(DOCTOR_HELP);
    return 0;
  }
  // A command line doctor cannot read is a usage error (exit 2), not a finding about the server.
  parseOptions(argv, CONFIG_OPTIONS, DOCTOR_USAGE);
  const checks: Check[] = [];
  const record = (check: Check) => {
    checks.push(check);
    options.write(renderCheck(check));
  };
  options.write(`invoicing-mcp doctor ${VERSION} (Node.js ${process.versions.node})\n\n`);
  await diagnose(options, record);
  options.write(renderVerdict(checks));
  return exitCode(checks);
}

async function diagnose(options: DoctorOptions, record: (check: Check) => void): Promise<void> {
  const configured = readConfig(options, record);
  if (!configured) return;
  const sandbox = await embeddedSandbox(options, record);
  if (sandbox === null) return;
  try {
    const config = sandbox ? { ...configured, baseUrl: sandbox.url, apiKey: sandbox.keys.demo } : configured;
    await diagnoseService(config, options, record);
  } finally {
    await sandbox?.close();
  }
}

type Sandbox = Awaited<ReturnType<typeof import("@invoicing-mcp/sandbox").startSandbox>>;

/**
 * With --sandbox (or INVOICING_SANDBOX), the sandbox the server would serve, started the same way,
 * so the rest of the checks run against it; undefined without; null when it could not start.
 */
async function embeddedSandbox(
  options: DoctorOptions,
  record: (check: Check) => void,
): Promise<Sandbox | undefined | null> {
  let wanted: boolean;
  try {
    wanted = sandboxRequested(options.env, options.argv ?? []);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    record({ name: "sandbox", status: "fail", finding: "invalid", fix: error.problems.join("\n") });
    return null;
  }
  if (!wanted) return undefined;
  try {
    const { startSandbox } = await import("@invoicing-mcp/sandbox");
    const sandbox = await startSandbox({ quiet: true });
    record({
      name: "sandbox",
      status: "ok",
      finding: `embedded, with demo data, at ${sandbox.url} (the API key and base URL settings are not used)`,
    });
    return sandbox;
  } catch (error) {
    record({
      name: "sandbox",
      status: "fail",
      finding: `could not start: ${error instanceof Error ? error.message : String(error)}`,
      fix: "The server could not start it either; report this with the output of invoicing-mcp --version.",
    });
    return null;
  }
}

async function diagnoseService(
  config: Config,
  options: DoctorOptions,
  record: (check: Check) => void,
): Promise<void> {
  record(keyCheck(config.apiKey));
  if (config.baseUrl === undefined) {
    record({
      name: "base URL",
      status: "fail",
      finding: "not set",
      fix: "Set INVOICING_BASE_URL to the service's address, e.g. https://invoicing.example.com\nTo try everything without an account: invoicing-mcp --sandbox",
    });
    return;
  }
  record({ name: "base URL", status: "ok", finding: config.baseUrl });

  const url = `${baseUrlPrefix(parseBaseUrl(config.baseUrl))}${PROBE_PATH}`;
  const answer = await probe({
    baseUrl: config.baseUrl,
    path: PROBE_PATH,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    ...(options.now ? { now: options.now } : {}),
  });
  if (!answer.reached) {
    record(unreachable(answer.code, config.baseUrl, config.timeoutMs));
    return;
  }
  record({
    name: "reachable",
    status: "ok",
    finding: `yes (answered in ${answer.receivedAt - answer.sentAt} ms)`,
  });
  const clock = clockCheck(answer);
  if (clock) record(clock);
  const judgement = judgeAnswer(answer, { url, apiKey: config.apiKey });
  for (const check of judgement.checks) record(check);
  if (!judgement.accepted || config.apiKey === undefined) return;

  const client = new ApiClient({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    maxAttempts: 1,
  });
  try {
    record(await accountCheck(client));
  } finally {
    await client.close();
  }
}

function readConfig(options: DoctorOptions, record: (check: Check) => void): Config | undefined {
  try {
    const config = loadConfig(options.env, options.argv ?? []);
    const readOnly = config.readOnly ? "read-only" : "read and write";
    record({
      name: "configuration",
      status: "ok",
      finding: `valid (time zone ${config.timeZone}, ${readOnly}, default VAT ${config.defaultTaxRate} %)`,
    });
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    record({
      name: "configuration",
      status: "fail",
      finding: "invalid: the server would not start",
      fix: error.problems.map((problem) => `- ${problem}`).join("\n"),
    });
    return undefined;
  }
}

function keyCheck(apiKey: string | undefined): Check {
  if (apiKey === undefined) {
    return {
      name: "API key",
      status: "fail",
      finding: "not set",
      fix: "Set INVOICING_API_KEY to your key from the service's Settings → API access (needs the Pro plan).\nIn Claude Desktop, enter it in the extension's settings; in a JSON config, in the server's \"env\" block.",
    };
  }
  return {
    name: "API key",
    status: "ok",
    finding: `set (${apiKey.length} character${apiKey.length === 1 ? "" : "s"}, not shown)`,
  };
}
