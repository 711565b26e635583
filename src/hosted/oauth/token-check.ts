/**
 * The resource side: an access token on /mcp, looked up (by its hash) in PostgreSQL through
 * oidc-provider's own model, so an expired, revoked or rotated-away token is refused at once on
 * every instance. It must have been issued for this server's /mcp (RFC 8707 audience); its person's
 * API key is what the tools use. Without the write scope the tenant is read-only, served by a
 * runtime of its own so the write tools are not even listed.
 */
import type Provider from "oidc-provider";
import { type AuthOutcome, invalidToken } from "../auth.js";
import type { Tenant } from "../tenants.js";
import type { People } from "./people.js";
import { sameResource } from "./provider.js";
import { OAUTH_TENANT } from "./tenant-id.js";

export interface TenantDefaults {
  timeZone: string;
  defaultTaxRate: number;
  readOnly: boolean;
}

/** A person as a tenant for the webhook route (which needs only the id and the secret). */
export async function webhookTenant(
  people: People,
  id: string,
  defaults: TenantDefaults,
): Promise<Tenant | undefined> {
  if (!OAUTH_TENANT.test(id)) return undefined;
  const person = await people.find(id);
  if (!person) return undefined;
  return {
    id,
    apiKey: person.apiKey,
    baseUrl: person.baseUrl,
    timeZone: defaults.timeZone,
    defaultTaxRate: defaults.defaultTaxRate,
    readOnly: true,
    webhookSecrets: person.webhookSecret ? [person.webhookSecret] : [],
  };
}

export function oauthTokenCheck(
  provider: Provider,
  people: People,
  resource: string,
  defaults: TenantDefaults,
): (token: string) => Promise<AuthOutcome> {
  return async (token) => {
    const found = await provider.AccessToken.find(token);
    if (!found || found.isExpired) return invalidToken("unknown, expired or revoked token");
    const audiences = Array.isArray(found.aud) ? found.aud : found.aud ? [found.aud] : [];
    if (!audiences.some((aud) => sameResource(String(aud), resource)))
      return invalidToken("the token was not issued for this server");
    const scopes = String(found.scope ?? "")
      .split(" ")
      .filter(Boolean);
    const person = found.accountId ? await people.find(found.accountId) : undefined;
    if (!person) return invalidToken("the token's person is no longer known");
    const write = scopes.includes("write") && !defaults.readOnly;
    const tenant: Tenant = {
      id: write ? person.id : `${person.id}-read`,
      apiKey: person.apiKey,
      baseUrl: person.baseUrl,
      timeZone: defaults.timeZone,
      defaultTaxRate: defaults.defaultTaxRate,
      readOnly: !write,
      webhookSecrets: person.webhookSecret ? [person.webhookSecret] : [],
    };
    return { ok: true, tenant, scopes };
  };
}
