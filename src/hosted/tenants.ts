/**
 * The tenants file: who this hosted server serves, each with its own invoicing API key (or the
 * environment variable holding it), base URL, time zone, read-only flag and webhook secret. JSON:
 *
 *   { "tenants": [ { "id": "acme", "apiKeyEnv": "ACME_INVOICING_KEY",
 *                    "baseUrl": "https://invoicing.example.com", "timeZone": "Europe/Berlin",
 *                    "readOnly": false, "webhookSecretEnv": "ACME_WEBHOOK_SECRET" } ] }
 *
 * Keys and secrets are resolved once per read of the file and never appear in an error message.
 */
import { z } from "zod";
import type { VatBasis } from "../config.js";
import { BaseUrlError, parseBaseUrl } from "../http/base-url.js";

export interface Tenant {
  id: string;
  apiKey: string;
  baseUrl: string;
  timeZone: string;
  defaultTaxRate: number;
  readOnly: boolean;
  /** How the tenant files VAT (vat_report); unset: Soll, said in the answer. */
  vatBasis?: VatBasis;
  /** The tenant's VAT returns are due a month later (Dauerfristverlängerung). */
  vatPermanentExtension?: boolean;
  /** The webhook signing secrets (a second one while rotating); empty: no webhook route. */
  webhookSecrets: string[];
}

export class TenantsFileError extends Error {}

const TENANT_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;

const entrySchema = z
  .object({
    id: z.string().regex(TENANT_ID, "lower-case letters, digits, '-' and '_', at most 63"),
    apiKey: z.string().min(1).optional(),
    apiKeyEnv: z.string().min(1).optional(),
    baseUrl: z.string().refine(isBaseUrl, "an https:// address (http:// only for localhost)"),
    timeZone: z
      .string()
      .refine(isTimeZone, "an IANA time zone such as Europe/Berlin")
      .default("Europe/Berlin"),
    defaultTaxRate: z.number().min(0).max(100).default(19),
    readOnly: z.boolean().default(false),
    vatBasis: z.enum(["soll", "ist"]).optional(),
    vatPermanentExtension: z.boolean().default(false),
    webhookSecret: z.string().min(1).optional(),
    webhookSecretEnv: z.string().min(1).optional(),
  })
  .strict();

const fileSchema = z.object({ tenants: z.array(entrySchema) }).strict();

export function parseTenants(
  text: string,
  path: string,
  env: Record<string, string | undefined>,
): Map<string, Tenant> {
  const tenants = new Map<string, Tenant>();
  for (const entry of parseEntries(text, path)) {
    if (tenants.has(entry.id)) throw new TenantsFileError(`${path}: tenant "${entry.id}" appears twice`);
    const apiKey = secret(entry.apiKey, entry.apiKeyEnv, env, `${path}: tenant "${entry.id}" API key`);
    if (!apiKey) throw new TenantsFileError(`${path}: tenant "${entry.id}" needs apiKey or apiKeyEnv`);
    const webhook = secret(
      entry.webhookSecret,
      entry.webhookSecretEnv,
      env,
      `tenant "${entry.id}" webhook secret`,
    );
    tenants.set(entry.id, {
      id: entry.id,
      apiKey,
      baseUrl: entry.baseUrl,
      timeZone: entry.timeZone,
      defaultTaxRate: entry.defaultTaxRate,
      readOnly: entry.readOnly,
      ...(entry.vatBasis === undefined ? {} : { vatBasis: entry.vatBasis }),
      vatPermanentExtension: entry.vatPermanentExtension,
      webhookSecrets: webhook
        ? webhook
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    });
  }
  return tenants;
}

/**
 * The tenants' ids alone, for `tokens create`: it needs to know the tenant exists, not any key, so
 * it works where only the file is at hand (no tenant's key variable needs to be set).
 */
export function tenantIds(text: string, path: string): Set<string> {
  return new Set(parseEntries(text, path).map((entry) => entry.id));
}

function parseEntries(text: string, path: string): z.infer<typeof entrySchema>[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TenantsFileError(`${path} is not valid JSON`);
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TenantsFileError(`${path}: ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data.tenants;
}

function secret(
  inline: string | undefined,
  envName: string | undefined,
  env: Record<string, string | undefined>,
  what: string,
): string | undefined {
  if (inline !== undefined && envName !== undefined)
    throw new TenantsFileError(`${what}: give the value or the variable, not both`);
  if (envName === undefined) return inline;
  const value = env[envName];
  if (!value) throw new TenantsFileError(`${what}: the variable ${envName} is not set`);
  return value;
}

function isBaseUrl(value: string): boolean {
  try {
    parseBaseUrl(value);
    return true;
  } catch (error) {
    if (error instanceof BaseUrlError) return false;
    throw error;
  }
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
