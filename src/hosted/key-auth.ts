/**
 * The service's own endpoint: the bearer token is the user's invoicing API key. It is checked
 * against the API on first sight (one small read), and the verdict is cached by the key's identity (src/http/key-identity.ts):
 * an accepted key for 5 minutes, a refused one for 1, so a revoked key stops working within 5
 * minutes and a wrong one cannot make us hammer the API. The key is never logged.
 */
import { z } from "zod";
import { type Principal, scopesUnder } from "../config/principal.js";
import type { Config } from "../config/settings.js";
import type { ApiClient } from "../http/client.js";
import { AuthenticationError, PermissionError } from "../http/errors.js";
import { keyIdentity } from "../http/key-identity.js";
import { apiPath } from "../http/path.js";
import { type Authenticator, invalidToken } from "./auth.js";

export const ACCEPTED_TTL_MS = 5 * 60_000;
export const REFUSED_TTL_MS = 60_000;
/** Past this many cached verdicts, expired ones are dropped, so a flood of wrong keys cannot grow memory without end. */
const MAX_VERDICTS = 10_000;

export interface KeyAuthOptions {
  /** The server's settings (its environment), with the service's base URL set: every key's but the key. */
  defaults: Config & { baseUrl: string };
  /** An API client for a key (the hosted mode's, with the shared governor). */
  clientFor(principal: Principal): ApiClient;
  now?: () => number;
}

interface Verdict {
  accepted: boolean;
  until: number;
}

export function keyAuthenticator(options: KeyAuthOptions): Authenticator {
  const now = options.now ?? Date.now;
  const verdicts = new Map<string, Verdict>();
  const pending = new Map<string, Promise<boolean>>();

  const check = async (principal: Principal): Promise<boolean> => {
    try {
      await options.clientFor(principal).get(apiPath`/customers`, z.unknown(), { limit: 1 });
      return true;
    } catch (error) {
      if (error instanceof AuthenticationError || error instanceof PermissionError) return false;
      throw error; // the service is unreachable: no verdict, nothing cached
    }
  };

  return {
    async authenticate(token) {
      const hash = keyIdentity(options.defaults.baseUrl, token);
      const settings = { ...options.defaults, apiKey: token };
      const principal: Principal = {
        id: `key-${hash.slice(0, 16)}`,
        settings,
        scopes: scopesUnder(settings),
        readOnlyBy: "operator",
        signIn: { kind: "key" },
      };
      const cached = verdicts.get(hash);
      if (cached && cached.until > now()) {
        return cached.accepted ? { ok: true, principal } : invalidToken("the invoicing API refused this key");
      }
      let running = pending.get(hash);
      if (!running) {
        running = check(principal).finally(() => pending.delete(hash));
        pending.set(hash, running);
      }
      let accepted: boolean;
      try {
        accepted = await running;
      } catch {
        return {
          ok: false,
          status: 503,
          error: "temporarily_unavailable",
          description: "the invoicing API could not be reached to check the key",
        };
      }
      if (verdicts.size >= MAX_VERDICTS) forgetExpired(verdicts, now());
      verdicts.set(hash, { accepted, until: now() + (accepted ? ACCEPTED_TTL_MS : REFUSED_TTL_MS) });
      return accepted ? { ok: true, principal } : invalidToken("the invoicing API refused this key");
    },
    webhookSecrets: async () => undefined,
  };
}

function forgetExpired(verdicts: Map<string, Verdict>, now: number): void {
  for (const [hash, verdict] of verdicts) if (verdict.until <= now) verdicts.delete(hash);
}
