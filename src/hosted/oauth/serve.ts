/**
 * `serve --oauth` beside a tenants file: operator tokens (imcp_…, from the tokens file) go to the
 * tenants file, every other bearer token to OAuth's token check.
 */
import type { Authenticator } from "../auth.js";
import { TOKEN_PREFIX } from "../tokens.js";
import type { OAuthMount } from "./mount.js";

export function withOAuth(files: Authenticator | undefined, oauth: OAuthMount): Authenticator {
  return {
    authenticate: (token) =>
      files && token.startsWith(TOKEN_PREFIX) ? files.authenticate(token) : oauth.authenticate(token),
    webhookSecrets: async (id) => (await files?.webhookSecrets(id)) ?? oauth.webhookSecrets(id),
  };
}
