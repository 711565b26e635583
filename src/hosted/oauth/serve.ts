/**
 * `serve --oauth`: the settings OAuth needs from the environment, and the authenticator that
 * sends operator tokens (imcp_…, from the tokens file) to the tenants file and every other
 * bearer token to OAuth's token check.
 */
import type { Pool } from "pg";
import { ConfigError } from "../../config.js";
import { parseBaseUrl } from "../../http/base-url.js";
import type { Authenticator } from "../auth.js";
import { TOKEN_PREFIX } from "../tokens.js";
import { type OAuthMount, startOAuth } from "./mount.js";

type Env = Record<string, string | undefined>;

export async function startOAuthFromEnv(
  env: Env,
  pool: Pool | undefined,
  log: (message: string) => void,
): Promise<OAuthMount> {
  const problems: string[] = [];
  if (!pool)
    problems.push(
      "--oauth keeps its state in PostgreSQL: set INVOICING_DATABASE_URL (and run invoicing-mcp db migrate)",
    );
  const publicUrl = env.INVOICING_PUBLIC_URL;
  if (!publicUrl)
    problems.push(
      "--oauth needs INVOICING_PUBLIC_URL, the address clients use, e.g. https://mcp.example.com",
    );
  else if (!/^https:\/\/|^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(publicUrl.replace(/\/$/, "")))
    problems.push(
      "INVOICING_PUBLIC_URL must be an https:// origin (http:// only for 127.0.0.1 or localhost)",
    );
  const baseUrl = env.INVOICING_BASE_URL;
  if (!baseUrl)
    problems.push(
      "--oauth needs INVOICING_BASE_URL, the Invoicing Service's address people's keys belong to",
    );
  if (problems.length > 0) throw new ConfigError(problems);
  parseBaseUrl(baseUrl!);
  return startOAuth({
    publicUrl: publicUrl!,
    baseUrl: baseUrl!,
    pool: pool!,
    env,
    defaults: {
      timeZone: env.INVOICING_TIMEZONE ?? "Europe/Berlin",
      defaultTaxRate: Number(env.INVOICING_DEFAULT_TAX_RATE ?? 19),
      readOnly: env.INVOICING_READ_ONLY === "true",
    },
    log,
  });
}

export function withOAuth(files: Authenticator | undefined, oauth: OAuthMount): Authenticator {
  return {
    authenticate: (token) =>
      files && token.startsWith(TOKEN_PREFIX) ? files.authenticate(token) : oauth.authenticate(token),
    tenant: (id) => files?.tenant(id),
    findTenant: (id) => oauth.findTenant(id),
  };
}
