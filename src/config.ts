/**
 * Configuration, read once at start from an env object and the command line (each variable has a
 * `--flag` twin, except the key: a key in argv would show in every process list). A bad value is an
 * error that names the variable and what it expects; a missing key or base URL is not an error
 * here: the server still starts, and every tool says how to set them.
 */
import { z } from "zod";
import { type OptionSpec, parseOptions, UsageError } from "./cli/options.js";
import type { VatBasis } from "./domain/vat.js";
import { BaseUrlError, displayUrl, parseBaseUrl } from "./http/base-url.js";

export interface Config {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  timeZone: string;
  defaultTaxRate: number;
  readOnly: boolean;
  timeoutMs: number;
  inbox: string | undefined;
  webhookSecret: string | undefined;
  /** How the person files VAT: "soll" (by invoice date) or "ist" (by payment); unset: vat_report says it assumes Soll. */
  vatBasis: VatBasis | undefined;
  /** A permanent extension (Dauerfristverlängerung, § 46 UStDV): each VAT return is due a month later. */
  vatPermanentExtension: boolean;
}

export type { VatBasis };

export class ConfigError extends Error {
  /**
   * @param exitCode the bin's exit code when it stops on this: 2 for a command line it cannot read
   *   (a usage error), 1 for a bad value.
   */
  constructor(
    readonly problems: string[],
    readonly exitCode = 1,
  ) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

interface Setting {
  env: string;
  flag: string | undefined;
  schema: z.ZodType;
  expected: string;
}

/**
 * A placeholder an MCP Bundle host left as it stands in manifest.json. The reference host
 * (@anthropic-ai/mcpb's getMcpConfigForManifest) substitutes `${user_config.NAME}` only when the
 * user gave a value or the manifest a default; for an optional field with neither, the text itself
 * arrives in the environment.
 */
const UNFILLED_PLACEHOLDER = /\$\{user_config\.[^}]*\}/;

/** Why a raw value counts as unset, or undefined when it is a value. */
function unsetReason(value: string): string | undefined {
  if (value.trim() === "") return "empty";
  if (UNFILLED_PLACEHOLDER.test(value)) return "a placeholder the MCP host did not fill in";
  return undefined;
}

/** A switch: off unless set to true, 1 or yes. */
const booleanSetting = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .default("false")
  .transform((v) => v === "true" || v === "1" || v === "yes");

const settings = {
  apiKey: {
    env: "INVOICING_API_KEY",
    flag: undefined,
    // The key goes into an HTTP header: a line break or a non-ASCII character (a typographic quote,
    // a non-breaking space from copy and paste) would make every request fail as if the network did.
    schema: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const problem = value === undefined ? undefined : keyProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    expected: "the API key, printable ASCII characters only",
  },
  baseUrl: {
    env: "INVOICING_BASE_URL",
    flag: "--base-url",
    schema: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        if (value === undefined) return;
        try {
          parseBaseUrl(value);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: error instanceof BaseUrlError ? error.message : String(error),
          });
        }
      }),
    expected: "the service's address, e.g. https://invoicing.example.com",
  },
  timeZone: {
    env: "INVOICING_TIMEZONE",
    flag: "--timezone",
    schema: z.string().default("Europe/Berlin").refine(isTimeZone),
    expected: 'an IANA time zone such as "Europe/Berlin"',
  },
  defaultTaxRate: {
    env: "INVOICING_DEFAULT_TAX_RATE",
    flag: "--default-tax-rate",
    schema: z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((rate) => Number.isInteger(Math.round(rate * 100 * 1e6) / 1e6), "at most two decimals")
      .default(19),
    expected:
      'a VAT percentage from 0 to 100 with at most two decimals, e.g. "19" (0 for the small-business rule)',
  },
  readOnly: {
    env: "INVOICING_READ_ONLY",
    flag: "--read-only",
    schema: booleanSetting,
    expected: '"true" or "false"',
  },
  timeoutMs: {
    env: "INVOICING_TIMEOUT_MS",
    flag: "--timeout-ms",
    schema: z.coerce.number().int().min(100).max(45_000).default(15_000),
    expected: "whole milliseconds from 100 to 45000",
  },
  inbox: { env: "INVOICING_INBOX", flag: "--inbox", schema: z.string().optional(), expected: "a file path" },
  webhookSecret: {
    env: "INVOICING_WEBHOOK_SECRET",
    flag: undefined,
    schema: z.string().optional(),
    expected: "the webhook endpoint's secret",
  },
  vatBasis: {
    env: "INVOICING_VAT_BASIS",
    flag: "--vat-basis",
    schema: z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.enum(["soll", "ist"]))
      .optional(),
    expected: '"soll" (VAT by invoice date) or "ist" (VAT by payment received, § 20 UStG)',
  },
  vatPermanentExtension: {
    env: "INVOICING_VAT_PERMANENT_EXTENSION",
    flag: "--vat-permanent-extension",
    schema: booleanSetting,
    expected: '"true" or "false"',
  },
} satisfies Record<keyof Config, Setting>;

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

const USAGE =
  "Usage: invoicing-mcp [--sandbox] [--base-url URL] [--timezone ZONE] [--default-tax-rate N] [--read-only | --no-read-only] [--timeout-ms N] [--inbox FILE] [--vat-basis soll|ist] [--vat-permanent-extension]\n(invoicing-mcp --help lists every mode)";

/**
 * @param notice where a variable read as unset is reported (one line each; stderr by default, never
 *   stdout, which belongs to JSON-RPC). An empty value or an unfilled `${user_config.NAME}` is unset:
 *   the default applies, and for the inbox no events tool or resource is offered.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  argv: readonly string[] = [],
  notice: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Config {
  const flags = parseFlags(argv);
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(settings) as [keyof Config, Setting][]) {
    const fromFlag = setting.flag === undefined ? undefined : flags.get(setting.flag);
    let raw = fromFlag ?? env[setting.env];
    const reason = raw === undefined ? undefined : unsetReason(raw);
    if (reason !== undefined) {
      const source = fromFlag === undefined ? setting.env : `${setting.flag} (${setting.env})`;
      notice(`invoicing-mcp: ${source} is ${reason}: treated as unset`);
      raw = undefined;
    }
    const parsed = setting.schema.safeParse(raw);
    if (parsed.success) {
      config[name] = parsed.data;
    } else {
      const source = fromFlag === undefined ? setting.env : `${setting.flag} (${setting.env})`;
      const detail = parsed.error.issues.find((issue) => issue.code === "custom")?.message;
      const shown = shownValue(name, raw);
      problems.push(
        `${source}${shown} is not valid: expected ${setting.expected}${detail ? ` (${detail})` : ""}`,
      );
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as unknown as Config;
}

/** The bad value as it may be printed: never a secret, never a URL's user-info. */
function shownValue(name: keyof Config, raw: unknown): string {
  if (name === "apiKey" || name === "webhookSecret") return "";
  if (name === "baseUrl") return ` "${displayUrl(String(raw))}"`;
  return ` "${String(raw)}"`;
}

/** What is wrong with a key, in words that do not repeat it; undefined when it can be sent. */
function keyProblem(key: string): string | undefined {
  if (/[\r\n]/.test(key)) return "it contains a line break; copy the key alone, on one line";
  if (/[\p{Cc}]/u.test(key)) return "it contains a control character (a tab or similar); copy the key alone";
  if (/[^\x20-\x7e]/.test(key)) {
    return "it contains a non-ASCII character (a typographic quote, a non-breaking space, an umlaut); copy the key again from the service's settings";
  }
  return undefined;
}

/** The command line's twins of the variables, as the strings the schemas read (a switch as "true"/"false"). */
function parseFlags(argv: readonly string[]): Map<string, string> {
  let values: ReturnType<typeof parseOptions<typeof CONFIG_OPTIONS>>;
  try {
    values = parseOptions(argv, CONFIG_OPTIONS, USAGE);
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

function isTimeZone(zone: string): boolean {
  // The canonical list answers the usual zones in ~2 ms; the first DateTimeFormat loads ICU's date
  // data (~15 ms), which a start that only answers initialize and tools/list does not need.
  // Aliases ("UTC", "US/Eastern") are not in that list and take the exact check.
  if (Intl.supportedValuesOf("timeZone").includes(zone)) return true;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
