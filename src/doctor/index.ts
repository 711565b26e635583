/**
 * `invoicing-mcp doctor`: checks the configuration, reaches the base URL, tries the key with one
 * cheap read, and says in plain words what is wrong and how to fix it. It prints as it goes (a
 * network check can take seconds) and returns the exit code: 0 only when every check is ok.
 * The key is never printed: only whether it is set, and its length.
 */
import { type Config, ConfigError, loadConfig } from "../config/load.js";
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
  env: Record<string, string | undefined>;
  /** Command-line twins of the settings, e.g. ["--base-url", "https://…"]. */
  argv?: readonly string[];
  /** Where the report goes (stdout in the bin). */
  write: (text: string) => void;
  /** This machine's clock, for the skew check. */
  now?: () => number;
}

export async function runDoctor(options: DoctorOptions): Promise<number> {
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
  const config = readConfig(options, record);
  if (!config) return;
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
