/**
 * OAuth for the hosted mode, as one mount for the HTTP server: the discovery documents (RFC 9728
 * protected resource metadata, in root and /mcp path form; RFC 8414 authorization server
 * metadata), the authorization server under /oauth/, the pages, the token check for /mcp and the
 * scope gate. Built from the environment in `startOAuth`; state in PostgreSQL.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
} from "@modelcontextprotocol/server";
import type Provider from "oidc-provider";
import type { Pool } from "pg";
import type { Principal } from "../../config/principal.js";
import { answerJson } from "../../json-answer.js";
import type { AuthOutcome } from "../auth.js";
import type { McpCall } from "../mcp-body.js";
import { addressKey } from "./address-key.js";
import { cimdFetch } from "./cimd-fetch.js";
import { handleInteraction } from "./interactions.js";
import { People } from "./people.js";
import { createProvider, INTERACTION_PREFIX, OAUTH_ROUTES, SCOPES } from "./provider.js";
import { asPublicRequest } from "./public-request.js";
import type { AddressLimits } from "./rate-limit.js";
import { sweepExpiredRecords } from "./records.js";
import { registrationRefusal } from "./registration-limits.js";
import { type GateVerdict, scopeGate } from "./scope-gate.js";
import type { OAuthSettings } from "./settings.js";
import { sharedSigningKey } from "./signing-key.js";
import { oauthTokenCheck, personWebhookSecrets } from "./token-check.js";

export interface OAuthMount {
  /** Answers the request when it is one of OAuth's routes; false otherwise. */
  route(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  authenticate(token: string): Promise<AuthOutcome>;
  /** A person's webhook secrets by their id, for the webhook route. */
  webhookSecrets(id: string): Promise<string[] | undefined>;
  /** Parameters appended to a bare 401 challenge on /mcp (no token sent). */
  challengeParams(): string;
  /** Where clients find the protected resource metadata (RFC 9728), for every challenge. */
  resourceMetadataUrl: string;
  /** The scopes a challenge tells the client to ask for. */
  scopes: readonly string[];
  /** Whether a request is within what its principal's token allows. */
  gate(call: McpCall, principal: Principal): GateVerdict;
  close(): void;
}

export interface MountSettings extends OAuthSettings {
  pool: Pool;
  /** Per-address counts: in Redis when configured (one limit for every instance), else in memory. */
  limits: AddressLimits;
  log(message: string): void;
}

export async function startOAuth(settings: MountSettings): Promise<OAuthMount> {
  const { keys, pool } = settings;
  const issuer = settings.publicUrl;
  const resource = `${issuer}/mcp`;
  const people = new People(pool, keys);
  const provider: Provider = createProvider({
    issuer,
    resource,
    pool,
    keys,
    signingKey: await sharedSigningKey(pool, keys),
    fetch: cimdFetch(settings.allowLoopbackClientIds),
  });
  // What went wrong, for the operator: the error and its detail, never a token or a key.
  for (const event of [
    "server_error",
    "grant.error",
    "authorization.error",
    "registration_create.error",
  ] as const) {
    (provider as unknown as NodeJS.EventEmitter).on(
      event,
      (_ctx: unknown, error: { message?: string; error_detail?: string }) =>
        settings.log(
          `invoicing-mcp oauth: ${event}: ${error.message ?? "error"}${error.error_detail ? ` (${error.error_detail})` : ""}`,
        ),
    );
  }
  const providerCallback = provider.callback();
  const { trustProxy } = settings;
  const publicUrl = new URL(issuer);
  const limiter = settings.limits("sign-in", settings.attempts, 10 * 60_000);
  const registrations = settings.limits("registration", settings.registrations, 60 * 60_000);
  const address = (req: IncomingMessage) => clientAddress(req, trustProxy);
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(new URL(resource));
  const resourceMetadata = buildOAuthProtectedResourceMetadata({
    oauthMetadata: {
      issuer,
      authorization_endpoint: `${issuer}${OAUTH_ROUTES.authorization}`,
      token_endpoint: `${issuer}${OAUTH_ROUTES.token}`,
      response_types_supported: ["code"],
    },
    resourceServerUrl: new URL(resource),
    scopesSupported: [...SCOPES],
    resourceName: "Invoicing Service",
    dangerouslyAllowInsecureIssuerUrl: new URL(issuer).protocol === "http:",
  });
  const sweeper = setInterval(() => void sweepExpiredRecords(pool).catch(() => undefined), 10 * 60_000);
  sweeper.unref();
  const interactionDeps = {
    provider,
    people,
    limiter,
    csrfKey: keys.cookieKeys()[0]!,
    baseUrl: settings.baseUrl,
    resource,
    publicUrl: issuer,
    operator: settings.operator,
    keyCheckTimeoutMs: settings.keyCheckTimeoutMs,
    address,
    log: settings.log,
  };

  const toProvider = (req: IncomingMessage, res: ServerResponse, url?: string) => {
    if (url !== undefined) req.url = url;
    providerCallback(req, res);
    return new Promise<boolean>((resolve) => res.once("close", () => resolve(true)));
  };

  return {
    async route(req, res) {
      const [path = "/", query] = (req.url ?? "/").split("?");
      if (!path.startsWith("/oauth/") && !path.startsWith("/.well-known/")) return false;
      asPublicRequest(req, publicUrl, trustProxy);
      if (
        path === "/.well-known/oauth-protected-resource" ||
        path === "/.well-known/oauth-protected-resource/mcp"
      ) {
        answerJson(res, 200, resourceMetadata, {
          "Access-Control-Allow-Origin": "*",
          "Cache-Control": "max-age=300",
        });
        return true;
      }
      if (path === "/.well-known/oauth-authorization-server")
        return toProvider(req, res, `/.well-known/openid-configuration${query ? `?${query}` : ""}`);
      if (path === "/.well-known/openid-configuration") return toProvider(req, res);
      if (path.startsWith(INTERACTION_PREFIX)) {
        await handleInteraction(
          interactionDeps,
          decodeURIComponent(path.slice(INTERACTION_PREFIX.length)),
          req,
          res,
        );
        return true;
      }
      if (path === OAUTH_ROUTES.registration && req.method === "POST") {
        const refusal = await registrationRefusal(req, registrations, address(req));
        if (refusal) {
          answerJson(res, refusal.status, refusal.body, refusal.headers);
          return true;
        }
      }
      if (path.startsWith("/oauth/")) return toProvider(req, res);
      return false;
    },
    authenticate: oauthTokenCheck(provider, people, resource, settings.defaults),
    webhookSecrets: (id) => personWebhookSecrets(people, id),
    challengeParams: () => `, resource_metadata="${metadataUrl}", scope="${SCOPES.join(" ")}"`,
    resourceMetadataUrl: metadataUrl.toString(),
    scopes: SCOPES,
    gate: scopeGate,
    close: () => clearInterval(sweeper),
  };
}

/**
 * What the caller's address counts as in a per-address limit (an IPv6 /64, an IPv4 address);
 * behind a trusted balancer, of the last hop it added to X-Forwarded-For.
 */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy && typeof forwarded === "string") {
    const hops = forwarded
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    if (hops.length > 0) return addressKey(hops.at(-1)!);
  }
  return addressKey(req.socket.remoteAddress ?? "unknown");
}
