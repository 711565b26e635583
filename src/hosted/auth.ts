/**
 * Who is calling: the bearer token of a request, resolved to the principal it acts for (its id,
 * settings and scopes; src/config/principal.ts), the same value whichever way it signed in. A
 * missing or unknown token is a 401 with a `WWW-Authenticate` challenge (RFC 6750); the token itself
 * is never logged or echoed.
 */
import type { Principal } from "../config/principal.js";

export type AuthOutcome =
  | { ok: true; principal: Principal }
  | { ok: false; status: 401 | 503; error: string; description: string };

export interface Authenticator {
  authenticate(token: string): Promise<AuthOutcome>;
  /**
   * The webhook signing secrets of the principal with this id, for its `/webhooks/{id}` route;
   * undefined when no such principal receives webhooks here.
   */
  webhookSecrets(id: string): Promise<string[] | undefined>;
}

export const REALM = "invoicing-mcp";

/** The token in `Authorization: Bearer …`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([\x21-\x7e]+)\s*$/i.exec(header ?? "");
  return match?.[1];
}

export function missingToken(): AuthOutcome {
  return { ok: false, status: 401, error: "", description: "" };
}

export function invalidToken(description: string): AuthOutcome {
  return { ok: false, status: 401, error: "invalid_token", description };
}

/**
 * The challenge header: bare when no token came, with the error when one was refused; `extra`
 * adds parameters (OAuth: resource_metadata and scope, RFC 9728 §5.1).
 */
export function challenge(outcome: Extract<AuthOutcome, { ok: false }>, extra = ""): string {
  if (!outcome.error) return `Bearer realm="${REALM}"${extra}`;
  return `Bearer realm="${REALM}", error="${outcome.error}", error_description="${outcome.description.replace(/"/g, "'")}"${extra}`;
}
