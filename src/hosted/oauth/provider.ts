/**
 * The authorization server: oidc-provider, configured for the MCP authorization flow and nothing
 * else. Authorization code with PKCE (S256 only, always), clients by Dynamic Client Registration
 * or by Client ID Metadata Document, resource indicators with this server's /mcp as the one
 * resource, opaque access tokens for 15 minutes, refresh tokens that rotate (a reused one revokes
 * its grant), revocation. The pages are ours (interactions.ts); the records live in PostgreSQL.
 */
import "./runtime-check.js"; // first: oidc-provider warns as it loads
import type { JsonWebKey } from "node:crypto";
import Provider, { type Configuration, errors } from "oidc-provider";
import type { Pool } from "pg";
import type { DataKeys } from "./keys.js";
import { recordsAdapter } from "./records.js";

export const SCOPES = ["read", "write"] as const;
export const ACCESS_TOKEN_TTL_S = 15 * 60;

export const OAUTH_ROUTES = {
  authorization: "/oauth/authorize",
  token: "/oauth/token",
  registration: "/oauth/register",
  revocation: "/oauth/revoke",
  jwks: "/oauth/jwks",
  introspection: "/oauth/introspect",
  end_session: "/oauth/logout",
  userinfo: "/oauth/userinfo",
  pushed_authorization_request: "/oauth/par",
} as const;
export const INTERACTION_PREFIX = "/oauth/interaction/";

export interface ProviderOptions {
  /** The public origin, e.g. https://mcp.example.com: the issuer. */
  issuer: string;
  /** The protected resource, `${issuer}/mcp`. */
  resource: string;
  pool: Pool;
  keys: DataKeys;
  signingKey: JsonWebKey;
  /** Fetches client metadata documents (bounded by oidc-provider: 5 KiB, 2.5 s). */
  fetch?: Configuration["fetch"];
}

export function createProvider(options: ProviderOptions): Provider {
  const configuration: Configuration = {
    adapter: recordsAdapter(options.pool),
    clients: [],
    jwks: { keys: [options.signingKey as never] },
    cookies: {
      keys: options.keys.cookieKeys(),
      long: { signed: true, httpOnly: true, sameSite: "lax" },
      short: { signed: true, httpOnly: true, sameSite: "lax" },
    },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    // read and write: the resource's scopes, listed here too so clients may register with them
    scopes: [...SCOPES],
    claims: { openid: ["sub"] },
    responseTypes: ["code"],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      id_token_signed_response_alg: "ES256",
    },
    features: {
      devInteractions: { enabled: false },
      // No registration access token: registrations cannot be read or changed later (RFC 7592 is
      // not offered), so the token would only be one more stored record per registration.
      registration: { enabled: true, issueRegistrationAccessToken: false },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      clientIdMetadataDocument: { enabled: true, ack: "draft-02" },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (!sameResource(indicator, options.resource)) throw new errors.InvalidTarget();
          return {
            scope: SCOPES.join(" "),
            audience: options.resource,
            accessTokenTTL: ACCESS_TOKEN_TTL_S,
            accessTokenFormat: "opaque",
          };
        },
      },
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    // The browser session exists only for the sign-in pages; a grant outlives it.
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 120,
      Interaction: 15 * 60,
      Session: 15 * 60,
      Grant: 90 * 24 * 3600,
      RefreshToken: 30 * 24 * 3600,
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}${interaction.uid}` },
    routes: OAUTH_ROUTES,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    renderError: async (ctx, out) => {
      ctx.type = "text/html; charset=utf-8";
      ctx.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
      const text = `${out.error}${out.error_description ? `: ${out.error_description}` : ""}`;
      ctx.body = `<!doctype html><meta charset="utf-8"><title>Error</title><p>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`;
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // Proxy mode reads X-Forwarded-Host and -Proto, which are always ours: set from the public URL
  // before the provider sees a request (public-request.ts), never taken from the client.
  provider.proxy = true;
  return provider;
}

/** Resource indicators compare as URLs without a trailing slash. */
export function sameResource(a: string, b: string): boolean {
  const strip = (value: string) => value.replace(/\/$/, "");
  return strip(a) === strip(b);
}
