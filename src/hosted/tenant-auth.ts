/**
 * Tenants mode: tokens issued by `invoicing-mcp tokens create` map to a tenant of the tenants file.
 * Both files are re-read when they change, so a revoked token or a removed tenant is refused on
 * the next request. The invoicing API key is never accepted as the MCP credential here.
 */
import type { Env } from "../config/environment.js";
import type { Principal } from "../config/principal.js";
import { scopesUnder } from "../config/principal.js";
import type { Config } from "../config/settings.js";
import { type Authenticator, invalidToken } from "./auth.js";
import { parseTenants, type TenantEntry, TenantsFileError } from "./tenants.js";
import { hashToken, parseTokens, type StoredToken } from "./tokens.js";
import { WatchedFile } from "./watched-file.js";

export function tenantAuthenticator(
  tenantsPath: string,
  tokensPath: string,
  env: Env,
  defaults: Config,
): Authenticator & { tenants(): Map<string, TenantEntry> } {
  const tenants = new WatchedFile(tenantsPath, (text, path) => parseTenants(text, path, env, defaults));
  const tokens = new WatchedFile(tokensPath, parseTokens, () => new Map<string, StoredToken>());
  // A broken tenants file stops the start, not the first request, in one line an operator can act on.
  try {
    tenants.current();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === undefined) throw error;
    throw new TenantsFileError(
      `the tenants file ${tenantsPath} cannot be read (${code}${code === "ENOENT" ? ": there is no such file; write one as README.md shows under 'Any client over HTTP'" : ""})`,
    );
  }
  const hashes = new TokenHashes();
  return {
    async authenticate(token) {
      const stored = tokens.current().get(hashes.of(token));
      if (!stored) return invalidToken("unknown or revoked token");
      const tenant = tenants.current().get(stored.tenant);
      if (!tenant) return invalidToken("the token's tenant is no longer served");
      return { ok: true, principal: tenantPrincipal(tenant) };
    },
    webhookSecrets: async (id) => tenants.current().get(id)?.webhookSecrets,
    tenants: () => tenants.current(),
  };
}

/** A tenant as a principal: the same object while the file is unchanged, so its runtime is kept. */
const principals = new WeakMap<TenantEntry, Principal>();
function tenantPrincipal(tenant: TenantEntry): Principal {
  let principal = principals.get(tenant);
  if (!principal) {
    principal = {
      id: tenant.id,
      settings: tenant.settings,
      scopes: scopesUnder(tenant.settings),
      readOnlyBy: "operator",
      signIn: { kind: "tenant" },
    };
    principals.set(tenant, principal);
  }
  return principal;
}

/**
 * The SHA-256 of the tokens seen lately: a client sends the same token with every request. Only the
 * hash is looked up in the tokens file each time, so a revoked token is refused as before. Bounded:
 * emptied when full, so a flood of made-up tokens costs a hash each, as without it.
 */
class TokenHashes {
  private readonly known = new Map<string, string>();

  of(token: string): string {
    let hash = this.known.get(token);
    if (hash === undefined) {
      hash = hashToken(token);
      if (this.known.size >= MAX_KNOWN_TOKENS) this.known.clear();
      this.known.set(token, hash);
    }
    return hash;
  }
}

const MAX_KNOWN_TOKENS = 1_000;
