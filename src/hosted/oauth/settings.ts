/**
 * What `serve --oauth` needs from the environment, checked before anything is opened: a wrong value
 * stops the start at once with every problem named, whatever the engines.
 */
import type { Env } from "../../config/environment.js";
import { ConfigError } from "../../config/load.js";
import type { Config } from "../../config/settings.js";
import { cleanText } from "../../domain/text.js";
import { BaseUrlError, parseBaseUrl } from "../../http/base-url.js";
import { type DataKeys, parseDataKeys } from "./keys.js";

export interface OAuthSettings {
  /** The public origin, without a trailing slash: the issuer. */
  publicUrl: string;
  /** Who runs this server, as the sign-in pages name it: INVOICING_OPERATOR_NAME, else the public host. */
  operator: string;
  baseUrl: string;
  keys: DataKeys;
  /** The server's own settings (its environment): every person's but their key and base URL. */
  defaults: Config;
  trustProxy: boolean;
  /** Sign-in form posts an address may make in 10 minutes. */
  attempts: number;
  /** Client registrations an address may make in an hour. */
  registrations: number;
  keyCheckTimeoutMs: number;
  allowLoopbackClientIds: boolean;
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])$/;

/** Every OAuth setting, validated; throws a ConfigError naming each wrong variable. */
export function oauthSettingsFromEnv(env: Env, hasDatabase: boolean, defaults: Config): OAuthSettings {
  const problems: string[] = [];
  if (!hasDatabase)
    problems.push(
      "--oauth keeps its state in PostgreSQL: set INVOICING_DATABASE_URL (and run invoicing-mcp db migrate)",
    );
  const publicUrl = publicOrigin(env.INVOICING_PUBLIC_URL, problems);
  const baseUrl = env.INVOICING_BASE_URL;
  if (!baseUrl)
    problems.push(
      "--oauth needs INVOICING_BASE_URL, the Invoicing Service's address people's keys belong to",
    );
  else
    try {
      parseBaseUrl(baseUrl);
    } catch (error) {
      if (!(error instanceof BaseUrlError)) throw error;
      problems.push(`INVOICING_BASE_URL: ${error.message}`);
    }
  let keys: DataKeys | undefined;
  try {
    keys = parseDataKeys(env.INVOICING_OAUTH_KEYS);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  const allowLoopbackClientIds = env.INVOICING_OAUTH_TEST_LOOPBACK_CIMD === "1";
  if (allowLoopbackClientIds && publicUrl && !LOOPBACK_HOST.test(new URL(publicUrl).hostname))
    problems.push(
      "INVOICING_OAUTH_TEST_LOOPBACK_CIMD is for the tests only: it is refused unless INVOICING_PUBLIC_URL is itself on loopback",
    );
  const attempts = positiveInteger(env.INVOICING_OAUTH_ATTEMPTS, 10, "INVOICING_OAUTH_ATTEMPTS", problems);
  const registrations = positiveInteger(
    env.INVOICING_OAUTH_REGISTRATIONS,
    20,
    "INVOICING_OAUTH_REGISTRATIONS",
    problems,
  );
  const keyCheckTimeoutMs = positiveInteger(
    env.INVOICING_TIMEOUT_MS,
    15_000,
    "INVOICING_TIMEOUT_MS",
    problems,
  );
  const operator = operatorName(env.INVOICING_OPERATOR_NAME, problems);
  if (problems.length > 0 || !publicUrl || !baseUrl || !keys) throw new ConfigError(problems);
  return {
    publicUrl,
    operator: operator ?? new URL(publicUrl).host,
    baseUrl,
    keys,
    defaults,
    trustProxy: env.INVOICING_TRUST_PROXY === "true",
    attempts,
    registrations,
    keyCheckTimeoutMs,
    allowLoopbackClientIds,
  };
}

/** INVOICING_PUBLIC_URL as an origin: https, or http on loopback; no path, query or credentials. */
function publicOrigin(value: string | undefined, problems: string[]): string | undefined {
  const expected = "the address clients use, an https:// origin such as https://mcp.example.com";
  if (!value) {
    problems.push(`--oauth needs INVOICING_PUBLIC_URL, ${expected}`);
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`INVOICING_PUBLIC_URL is not a URL; expected ${expected}`);
    return undefined;
  }
  const secure = url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOST.test(url.hostname));
  if (!secure || url.pathname.replace(/\/$/, "") !== "" || url.search || url.hash || url.username) {
    problems.push(
      `INVOICING_PUBLIC_URL must be ${expected} (http:// only for 127.0.0.1 or localhost), with no path: the server answers at /mcp, /oauth/ and /.well-known/ of it`,
    );
    return undefined;
  }
  return url.origin;
}

/** A name a person reads on the sign-in page: plain text of at most 80 characters. */
function operatorName(value: string | undefined, problems: string[]): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const cleaned = cleanText(value, 200);
  if (cleaned !== value.trim() || cleaned.length > 80) {
    problems.push(
      "INVOICING_OPERATOR_NAME must be plain text of at most 80 characters (no control characters), such as “Steuerbüro Beispiel GmbH”",
    );
    return undefined;
  }
  return cleaned;
}

function positiveInteger(
  value: string | undefined,
  fallback: number,
  name: string,
  problems: string[],
): number {
  if (value === undefined) return fallback;
  if (/^\d+$/.test(value) && Number(value) > 0) return Number(value);
  problems.push(`${name} must be a whole number above 0, got "${value}"`);
  return fallback;
}
