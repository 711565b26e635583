/**
 * A person's settings, whatever their source: the environment and the command line (stdio, and the
 * hosted mode's defaults), a tenants-file entry, an OAuth person. One table of fields, one zod
 * schema per field, so a value means the same everywhere (INVOICING_READ_ONLY=1 in stdio and
 * `"readOnly": "1"` in a tenants file), and a bad one is refused the same way, naming where it came
 * from (the variable, or the tenant and its field) and what is expected. A new setting is one row.
 */
import { z } from "zod";
import { isTimeZone } from "../domain/dates/context.js";
import type { VatBasis } from "../domain/vat.js";
import { BaseUrlError, displayUrl, parseBaseUrl } from "../http/base-url.js";
import { ConfigError } from "./errors.js";

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
  /** The file of the person's business details (stdio; the bin fills in the platform's default). */
  detailsFile: string | undefined;
  /** Where the stdio server writes the documents it makes (the bin fills in ~/Documents/Invoicing). */
  documentsDir: string | undefined;
}

export type { VatBasis };

/** Settings with a key and the base URL it belongs to: what every hosted principal has. */
export type KeyedConfig = Config & { apiKey: string; baseUrl: string };

export interface Field {
  /** The environment variable. */
  env: string;
  /** The command-line twin; none for secrets (argv shows in every process list). */
  flag: string | undefined;
  /** Whether a tenants-file entry may set it (under the same name as the setting). */
  perTenant: boolean;
  /** Never echoed in an error. */
  secret?: boolean;
  /** The value when none is given (undefined: unset). */
  fallback?: unknown;
  /**
   * Checks and reads a given value. Made the first time a value is given: most settings are unset at
   * a start, and building zod schemas is a measurable part of a cold start (docs/benchmarks.md).
   */
  schema: () => z.ZodType;
  expected: string;
}

/** A schema built on first use, then kept. */
function once(build: () => z.ZodType): () => z.ZodType {
  let built: z.ZodType | undefined;
  return () => {
    built ??= build();
    return built;
  };
}

/** A file or folder path: any text. */
const aPath = once(() => z.string());

/** A switch, from the environment ("true", "1", "yes", …) or a JSON file (true/false). */
const switchSchema = once(() =>
  z.union([
    z.boolean(),
    z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.enum(["true", "false", "1", "0", "yes", "no"]))
      .transform((v) => v === "true" || v === "1" || v === "yes"),
  ]),
);

export const FIELDS = {
  apiKey: {
    env: "INVOICING_API_KEY",
    flag: undefined,
    perTenant: false, // a tenant names its key by apiKey or apiKeyEnv (tenants.ts)
    secret: true,
    // The key goes into an HTTP header: a line break or a non-ASCII character (a typographic quote,
    // a non-breaking space from copy and paste) would make every request fail as if the network did.
    schema: once(() =>
      z.string().superRefine((value, ctx) => {
        const problem = keyProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    ),
    expected: "the API key, printable ASCII characters only",
  },
  baseUrl: {
    env: "INVOICING_BASE_URL",
    flag: "--base-url",
    perTenant: true,
    schema: once(() =>
      z.string().superRefine((value, ctx) => {
        try {
          parseBaseUrl(value);
        } catch (error) {
          ctx.addIssue({
            code: "custom",
            message: error instanceof BaseUrlError ? error.message : String(error),
          });
        }
      }),
    ),
    expected: "the service's address, e.g. https://invoicing.example.com",
  },
  timeZone: {
    env: "INVOICING_TIMEZONE",
    flag: "--timezone",
    perTenant: true,
    fallback: "Europe/Berlin",
    schema: once(() => z.string().refine(isTimeZone)),
    expected: 'an IANA time zone such as "Europe/Berlin"',
  },
  defaultTaxRate: {
    env: "INVOICING_DEFAULT_TAX_RATE",
    flag: "--default-tax-rate",
    perTenant: true,
    fallback: 19,
    schema: once(() =>
      z.coerce
        .number()
        .min(0)
        .max(100)
        .refine((rate) => Number.isInteger(Math.round(rate * 100 * 1e6) / 1e6), "at most two decimals"),
    ),
    expected:
      'a VAT percentage from 0 to 100 with at most two decimals, e.g. "19" (0 for the small-business rule)',
  },
  readOnly: {
    env: "INVOICING_READ_ONLY",
    flag: "--read-only",
    perTenant: true,
    fallback: false,
    schema: switchSchema,
    expected: '"true" or "false" (also 1/0, yes/no)',
  },
  timeoutMs: {
    env: "INVOICING_TIMEOUT_MS",
    flag: "--timeout-ms",
    perTenant: false, // one per server: it bounds the server's own waiting
    fallback: 15_000,
    schema: once(() => z.coerce.number().int().min(100).max(45_000)),
    expected: "whole milliseconds from 100 to 45000",
  },
  inbox: {
    env: "INVOICING_INBOX",
    flag: "--inbox",
    perTenant: false, // hosted tenants' events live in PostgreSQL
    schema: aPath,
    expected: "a file path",
  },
  webhookSecret: {
    env: "INVOICING_WEBHOOK_SECRET",
    flag: undefined,
    perTenant: false, // a tenant names its own by webhookSecret or webhookSecretEnv (tenants.ts)
    secret: true,
    schema: aPath,
    expected: "the webhook endpoint's secret",
  },
  vatBasis: {
    env: "INVOICING_VAT_BASIS",
    flag: "--vat-basis",
    perTenant: true,
    schema: once(() =>
      z
        .string()
        .transform((v) => v.trim().toLowerCase())
        .pipe(z.enum(["soll", "ist"])),
    ),
    expected: '"soll" (VAT by invoice date) or "ist" (VAT by payment received, § 20 UStG)',
  },
  vatPermanentExtension: {
    env: "INVOICING_VAT_PERMANENT_EXTENSION",
    flag: "--vat-permanent-extension",
    perTenant: true,
    fallback: false,
    schema: switchSchema,
    expected: '"true" or "false" (also 1/0, yes/no)',
  },
  detailsFile: {
    env: "INVOICING_DETAILS_FILE",
    flag: undefined,
    perTenant: false, // hosted principals' details live in PostgreSQL
    schema: aPath,
    expected: "a file path",
  },
  documentsDir: {
    env: "INVOICING_DOCUMENTS_DIR",
    flag: undefined,
    perTenant: false, // the hosted mode writes no files: documents travel in the answer
    schema: aPath,
    expected: "a folder path",
  },
} satisfies Record<keyof Config, Field>;

export type SettingName = keyof Config;

/** Raw values by setting (strings from the environment, JSON values from a file); undefined: unset. */
export type RawSettings = Partial<Record<SettingName, unknown>>;

/**
 * Parses every setting; `origin(name)` says where a value came from, for the message ("INVOICING_TIMEZONE",
 * `--timezone (INVOICING_TIMEZONE)`, `tenants.json: tenant "acme": timeZone`). Throws one ConfigError
 * listing every bad value.
 */
export function parseSettings(raw: RawSettings, origin: (name: SettingName) => string): Config {
  const { config, problems } = parseSettingsLeniently(raw, origin);
  if (problems.length > 0) throw new ConfigError(problems.map((problem) => problem.text));
  return config;
}

/** A setting whose value cannot be used, and the sentence that says so (never a secret's value). */
export interface SettingProblem {
  setting: SettingName;
  text: string;
}

/**
 * The same, for a server that starts whatever its settings (stdio: a client shows a server that
 * exits as dead, with nothing said): a bad value is named in `problems` and read as unset, so its
 * default applies while the problem is reported.
 */
export function parseSettingsLeniently(
  raw: RawSettings,
  origin: (name: SettingName) => string,
): { config: Config; problems: SettingProblem[] } {
  const problems: SettingProblem[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(FIELDS) as [SettingName, Field][]) {
    const value = raw[name];
    if (value === undefined) {
      parsed[name] = field.fallback;
      continue;
    }
    const result = field.schema().safeParse(value);
    if (result.success) {
      parsed[name] = result.data;
      continue;
    }
    const detail = result.error.issues.find((issue) => issue.code === "custom")?.message;
    problems.push({
      setting: name,
      text: `${origin(name)}${shownValue(name, field, raw[name])} is not valid: expected ${field.expected}${detail ? ` (${detail})` : ""}`,
    });
    parsed[name] = field.fallback;
  }
  return { config: parsed as unknown as Config, problems };
}

/** The bad value as it may be printed: never a secret, never a URL's user-info. */
function shownValue(name: SettingName, field: Field, raw: unknown): string {
  if (field.secret) return "";
  if (name === "baseUrl") return ` "${displayUrl(String(raw))}"`;
  return ` ${JSON.stringify(raw)}`;
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
