/**
 * Tenants mode: tokens issued by `invoicing-mcp tokens create` map to a tenant of the tenants file.
 * Both files are re-read when they change, so a revoked token or a removed tenant is refused on
 * the next request. The invoicing API key is never accepted as the MCP credential here.
 */
import { type Authenticator, invalidToken } from "./auth.js";
import { parseTenants, type Tenant } from "./tenants.js";
import { hashToken, parseTokens, type StoredToken } from "./tokens.js";
import { WatchedFile } from "./watched-file.js";

export function tenantAuthenticator(
  tenantsPath: string,
  tokensPath: string,
  env: Record<string, string | undefined>,
): Authenticator & { tenants(): Map<string, Tenant> } {
  const tenants = new WatchedFile(tenantsPath, (text, path) => parseTenants(text, path, env));
  const tokens = new WatchedFile(tokensPath, parseTokens, () => new Map<string, StoredToken>());
  tenants.current(); // a broken tenants file stops the start, not the first request
  return {
    async authenticate(token) {
      const stored = tokens.current().get(hashToken(token));
      if (!stored) return invalidToken("unknown or revoked token");
      const tenant = tenants.current().get(stored.tenant);
      if (!tenant) return invalidToken("the token's tenant is no longer served");
      return { ok: true, tenant };
    },
    tenant: (id) => tenants.current().get(id),
    tenants: () => tenants.current(),
  };
}
