/**
 * Who is calling: one value, whatever the way of signing in (the local user of a stdio server, a
 * tenants-file token, an OAuth access token, an API key used as the token). Its settings come from
 * the one schema (settings.ts); its scopes say what it may do. Read-only is a missing write scope,
 * never a second identity: the same person's events, budget and caches, whatever their token allows.
 */
import type { Config } from "./settings.js";

export type Scope = "read" | "write";

export const ALL_SCOPES: readonly Scope[] = ["read", "write"];

/** Whose decision a missing write is, so the answer says who can change it. */
export type ReadOnlyBy =
  /** The local configuration (INVOICING_READ_ONLY, --read-only): the user changes it. */
  | "settings"
  /** The hosted server's operator (a tenants-file entry, the server's INVOICING_READ_ONLY). */
  | "operator"
  /** What the person granted this app at sign-in (OAuth): they connect again granting write. */
  | "grant";

/**
 * How the person signed in, as far as it changes what they are told to do: where their webhook
 * events come from, above all. A stdio user runs the receiver themselves; a tenants-file tenant's
 * address on the server is set up by its operator; an OAuth person was shown theirs on the consent
 * page; an API key used as the token has no webhook address at all.
 */
export type SignIn =
  | { kind: "local" }
  | { kind: "tenant" }
  | { kind: "oauth"; webhookUrl: string }
  | { kind: "key" };

export interface Principal {
  /** Stable: a tenant's id, an OAuth person's (oa-…), key-… for an API key, "local" on stdio. */
  id: string;
  settings: Config;
  scopes: readonly Scope[];
  /** Why write is missing from `scopes`, when it is. */
  readOnlyBy: ReadOnlyBy;
  signIn: SignIn;
}

/** The scopes a credential gives under settings that may make it read-only. */
export function scopesUnder(
  settings: Pick<Config, "readOnly">,
  granted: readonly Scope[] = ALL_SCOPES,
): Scope[] {
  return granted.filter((scope) => scope === "read" || !settings.readOnly);
}

export function canWrite(principal: Pick<Principal, "scopes">): boolean {
  return principal.scopes.includes("write");
}
