/**
 * The resource side: an access token on /mcp, looked up (by its hash) in PostgreSQL through
 * oidc-provider's own model, so an expired, revoked or rotated-away token is refused at once on
 * every instance. It must have been issued for this server's /mcp (RFC 8707 audience). It yields the
 * person as a principal: their key and base URL, the server's other settings, and the scopes the
 * token carries (without write, or on a read-only server, no write tool is listed or callable).
 */
import type Provider from "oidc-provider";
import { type Principal, type Scope, scopesUnder } from "../../config/principal.js";
import type { Config } from "../../config/settings.js";
import { type AuthOutcome, invalidToken } from "../auth.js";
import type { People, Person } from "./people.js";
import { sameResource } from "./provider.js";
import { OAUTH_TENANT } from "./tenant-id.js";

/** A person's webhook secret, for their /webhooks/oa-… route. */
export async function personWebhookSecrets(people: People, id: string): Promise<string[] | undefined> {
  if (!OAUTH_TENANT.test(id)) return undefined;
  const person = await people.find(id);
  if (!person) return undefined;
  return person.webhookSecret ? [person.webhookSecret] : [];
}

export function oauthTokenCheck(
  provider: Provider,
  people: People,
  resource: string,
  /** The server's settings (its environment): every person's but their key and base URL. */
  defaults: Config,
): (token: string) => Promise<AuthOutcome> {
  return async (token) => {
    const found = await provider.AccessToken.find(token);
    if (!found || found.isExpired) return invalidToken("unknown, expired or revoked token");
    const audiences = Array.isArray(found.aud) ? found.aud : found.aud ? [found.aud] : [];
    if (!audiences.some((aud) => sameResource(String(aud), resource)))
      return invalidToken("the token was not issued for this server");
    const granted = String(found.scope ?? "")
      .split(" ")
      .filter((scope): scope is Scope => scope === "read" || scope === "write");
    const person = found.accountId ? await people.find(found.accountId) : undefined;
    if (!person) return invalidToken("the token's person is no longer known");
    const settings = settingsOf(person, defaults);
    const principal: Principal = {
      id: person.id,
      settings,
      scopes: scopesUnder(settings, granted),
      readOnlyBy: settings.readOnly ? "operator" : "grant",
      // The address the consent page showed them: the server's, beside /mcp.
      signIn: {
        kind: "oauth",
        webhookUrl: new URL(`webhooks/${person.id}`, webhookBase(resource)).toString(),
      },
    };
    return { ok: true, principal };
  };
}

/** One settings object per person read (People caches the read for a minute), so the person's runtime is kept. */
const personSettings = new WeakMap<Person, Config>();
function settingsOf(person: Person, defaults: Config): Config {
  let settings = personSettings.get(person);
  if (!settings) {
    settings = { ...defaults, apiKey: person.apiKey, baseUrl: person.baseUrl };
    personSettings.set(person, settings);
  }
  return settings;
}

/** The resource's folder (its /mcp left off), where /webhooks/<id> lives too. */
function webhookBase(resource: string): string {
  const url = new URL(resource);
  url.pathname = url.pathname.replace(/[^/]*$/, "");
  url.search = "";
  return url.toString();
}
