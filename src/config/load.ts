/**
 * The settings of a process, read once at start from an env object and the command line (each
 * variable has a `--flag` twin, except the key: a key in argv would show in every process list),
 * through the one schema of settings.ts. A bad value is an error that names the variable and what it
 * expects; a missing key or base URL is not an error here: the server still starts, and every tool
 * says how to set them.
 */
import { type OptionSpec, parseOptions, UsageError } from "../cli/options.js";
import type { Env } from "./environment.js";
import { ConfigError } from "./errors.js";
import {
  type Config,
  FIELDS,
  parseSettings,
  parseSettingsLeniently,
  type RawSettings,
  type SettingName,
  type SettingProblem,
} from "./settings.js";

export type { Config, SettingProblem, VatBasis } from "./settings.js";
export { ConfigError };

/**
 * A placeholder an MCP Bundle host left as it stands in manifest.json. The reference host
 * (@anthropic-ai/mcpb's getMcpConfigForManifest) substitutes `${user_config.NAME}` only when the
 * user gave a value or the manifest a default; for an optional field with neither, the text itself
 * arrives in the environment.
 */
const UNFILLED_PLACEHOLDER = /\$\{user_config\.[^}]*\}/;

/** Why a raw value counts as unset, or undefined when it is a value. */
export function unsetReason(value: string): string | undefined {
  if (value.trim() === "") return "empty";
  if (UNFILLED_PLACEHOLDER.test(value)) return "a placeholder the MCP host did not fill in";
  return undefined;
}

/** The flags of the modes that read this configuration (the server, doctor); --sandbox is the server's. */
export const CONFIG_OPTIONS = {
  sandbox: { type: "boolean" },
  "base-url": { type: "string" },
  timezone: { type: "string" },
  "default-tax-rate": { type: "string" },
  "read-only": { type: "boolean" },
  "timeout-ms": { type: "string" },
  inbox: { type: "string" },
  "vat-basis": { type: "string" },
  "vat-permanent-extension": { type: "boolean" },
} satisfies OptionSpec;

export const SERVER_USAGE =
  "Usage: invoicing-mcp [--sandbox] [--base-url URL] [--timezone ZONE] [--default-tax-rate N] [--read-only | --no-read-only] [--timeout-ms N] [--inbox FILE] [--vat-basis soll|ist] [--vat-permanent-extension]\n(invoicing-mcp --help lists every mode)";

/**
 * @param notice where a variable read as unset is reported (one line each; stderr by default, never
 *   stdout, which belongs to JSON-RPC). An empty value or an unfilled `${user_config.NAME}` is unset:
 *   the default applies, and for the inbox no events tool or resource is offered.
 */
export function loadConfig(
  env: Env,
  argv: readonly string[] = [],
  notice: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Config {
  const { raw, origin } = readSettings(env, argv, notice);
  return parseSettings(raw, origin);
}

/**
 * The stdio server's settings: it starts whatever they hold, so a config pasted with a placeholder
 * left in, or a typo in a bundle's free-text field, reaches the person as words in their client
 * rather than as a dead server. A bad value is read as unset and named in `problems` (never a key's
 * value); the server then says so in its instructions and in every tool's answer.
 */
export function loadServerConfig(
  env: Env,
  argv: readonly string[] = [],
  notice: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): { config: Config; problems: SettingProblem[] } {
  const { raw, origin } = readSettings(env, argv, notice);
  return parseSettingsLeniently(raw, origin);
}

function readSettings(
  env: Env,
  argv: readonly string[],
  notice: (line: string) => void,
): { raw: RawSettings; origin: (name: SettingName) => string } {
  const flags = parseFlags(argv);
  const raw: RawSettings = {};
  const fromFlag = new Set<SettingName>();
  for (const [name, field] of Object.entries(FIELDS) as [SettingName, (typeof FIELDS)[SettingName]][]) {
    const flagged = field.flag === undefined ? undefined : flags.get(field.flag);
    if (flagged !== undefined) fromFlag.add(name);
    const value = flagged ?? env[field.env];
    const reason = value === undefined ? undefined : unsetReason(value);
    if (reason !== undefined)
      notice(`invoicing-mcp: ${sourceOf(name, fromFlag)} is ${reason}: treated as unset`);
    raw[name] = reason === undefined ? value : undefined;
  }
  return { raw, origin: (name) => sourceOf(name, fromFlag) };
}

/** Where a setting's value came from, as the messages name it. */
function sourceOf(name: SettingName, fromFlag: ReadonlySet<SettingName>): string {
  const field = FIELDS[name];
  return fromFlag.has(name) && field.flag ? `${field.flag} (${field.env})` : field.env;
}

/** The command line's twins of the variables, as the strings the schemas read (a switch as "true"/"false"). */
function parseFlags(argv: readonly string[]): Map<string, string> {
  let values: ReturnType<typeof parseOptions<typeof CONFIG_OPTIONS>>;
  try {
    values = parseOptions(argv, CONFIG_OPTIONS, SERVER_USAGE);
  } catch (error) {
    if (error instanceof UsageError) throw new ConfigError([error.message], error.exitCode);
    throw error;
  }
  const flags = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) {
    if (name !== "sandbox" && value !== undefined) flags.set(`--${name}`, String(value));
  }
  return flags;
}
