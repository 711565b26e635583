/**
 * Whether to serve the embedded sandbox (demo data, no account) instead of the configured service:
 * `--sandbox` (or `--sandbox=false`) on the command line, else INVOICING_SANDBOX in the environment,
 * which is how an MCP Bundle's "Try it on the built-in sandbox" setting arrives. Read by the stdio
 * server and by doctor, so doctor diagnoses what the server would serve. Not a person's setting
 * (settings.ts): a hosted tenant never runs on a sandbox of the server's.
 */
import { parseOptions } from "../cli/options.js";
import type { Env } from "./environment.js";
import { ConfigError } from "./errors.js";
import { CONFIG_OPTIONS, unsetReason } from "./load.js";

export const SANDBOX_VARIABLE = "INVOICING_SANDBOX";

const TRUE_WORDS = new Set(["true", "1", "yes"]);
const FALSE_WORDS = new Set(["false", "0", "no"]);

/**
 * @param notice where an empty or unfilled INVOICING_SANDBOX is reported (stderr by default: stdout
 *   belongs to JSON-RPC).
 */
export function sandboxRequested(
  env: Env,
  argv: readonly string[],
  notice: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): boolean {
  const flag = parseOptions(argv, CONFIG_OPTIONS, "").sandbox;
  if (flag !== undefined) return flag;
  const raw = env[SANDBOX_VARIABLE];
  if (raw === undefined) return false;
  const reason = unsetReason(raw);
  if (reason !== undefined) {
    notice(`invoicing-mcp: ${SANDBOX_VARIABLE} is ${reason}: treated as unset`);
    return false;
  }
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new ConfigError([
    `${SANDBOX_VARIABLE} ${JSON.stringify(raw)} is not valid: expected "true" or "false" (also 1/0, yes/no)`,
  ]);
}
