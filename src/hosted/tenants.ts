/**
 * The tenants file: who this hosted server serves, each with its own invoicing API key (or the
 * environment variable holding it), its webhook secret, and any of a person's settings
 * (src/config/settings.ts: baseUrl, timeZone, defaultTaxRate, readOnly, vatBasis, …) under their
 * own names. What an entry leaves out comes from the server's environment (INVOICING_TIMEZONE, …),
 * and INVOICING_READ_ONLY there makes every tenant read-only. JSON:
 *
 *   { "tenants": [ { "id": "acme", "apiKeyEnv": "ACME_INVOICING_KEY",
 *                    "baseUrl": "https://invoicing.example.com", "timeZone": "Europe/Berlin",
 *                    "readOnly": false, "webhookSecretEnv": "ACME_WEBHOOK_SECRET" } ] }
 *
 * Every value is checked by the same schema as the environment's, and a bad one is named by the
 * file, the tenant and the field. Keys and secrets never appear in an error message.
 */
import { z } from "zod";
import type { Env } from "../config/environment.js";
import { ConfigError } from "../config/errors.js";
import {
  type Config,
  FIELDS,
  type KeyedConfig,
  parseSettings,
  type RawSettings,
  type SettingName,
} from "../config/settings.js";

export interface TenantEntry {
  id: string;
  /** Complete: the tenant's key and base URL are set. */
  settings: KeyedConfig;
  /** The webhook signing secrets (a second one while rotating); empty: no webhook route. */
  webhookSecrets: string[];
}

export class TenantsFileError extends Error {}

const TENANT_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;

const PER_TENANT = (Object.keys(FIELDS) as SettingName[]).filter((name) => FIELDS[name].perTenant);

const entrySchema = z
  .object({
    id: z.string().regex(TENANT_ID, "lower-case letters, digits, '-' and '_', at most 63"),
    apiKey: z.string().min(1).optional(),
    apiKeyEnv: z.string().min(1).optional(),
    webhookSecret: z.string().min(1).optional(),
    webhookSecretEnv: z.string().min(1).optional(),
    // A person's settings: checked below by their one schema, which names the tenant and field.
    ...Object.fromEntries(PER_TENANT.map((name) => [name, z.unknown().optional()])),
  })
  .strict();

const fileSchema = z.object({ tenants: z.array(entrySchema) }).strict();

type Entry = z.infer<typeof entrySchema> & Partial<Record<SettingName, unknown>>;

/**
 * @param defaults the server's own settings (its environment), for what an entry leaves out.
 */
export function parseTenants(
  text: string,
  path: string,
  env: Env,
  defaults: Config,
): Map<string, TenantEntry> {
  const tenants = new Map<string, TenantEntry>();
  for (const entry of parseEntries(text, path) as Entry[]) {
    if (tenants.has(entry.id)) throw new TenantsFileError(`${path}: tenant "${entry.id}" appears twice`);
    const where = `${path}: tenant "${entry.id}"`;
    const apiKey = secret(entry.apiKey, entry.apiKeyEnv, env, `${where} API key`);
    if (!apiKey) throw new TenantsFileError(`${where} needs apiKey or apiKeyEnv`);
    const raw: RawSettings = { ...defaults, apiKey, inbox: undefined, webhookSecret: undefined };
    for (const name of PER_TENANT) if (entry[name] !== undefined) raw[name] = entry[name];
    let settings: Config;
    try {
      settings = parseSettings(raw, (name) =>
        entry[name] !== undefined
          ? `${where}: ${name}`
          : name === "apiKey"
            ? `${where} API key`
            : FIELDS[name].env,
      );
    } catch (error) {
      if (error instanceof ConfigError) throw new TenantsFileError(error.problems.join("; "));
      throw error;
    }
    if (!settings.baseUrl)
      throw new TenantsFileError(`${where} needs baseUrl (or set INVOICING_BASE_URL for every tenant)`);
    // The server's INVOICING_READ_ONLY is a ceiling: no tenant of a read-only server can write.
    settings.readOnly ||= defaults.readOnly;
    const webhook = secret(entry.webhookSecret, entry.webhookSecretEnv, env, `${where} webhook secret`);
    tenants.set(entry.id, {
      id: entry.id,
      settings: settings as TenantEntry["settings"],
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
  env: Env,
  what: string,
): string | undefined {
  if (inline !== undefined && envName !== undefined)
    throw new TenantsFileError(`${what}: give the value or the variable, not both`);
  if (envName === undefined) return inline;
  const value = env[envName];
  if (!value) throw new TenantsFileError(`${what}: the variable ${envName} is not set`);
  return value;
}
