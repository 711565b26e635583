/**
 * `serve`'s own settings (where it listens, how callers sign in, its engines, OAuth, browser
 * origins), from the command line and the environment, checked as a whole before anything is opened:
 * a wrong value stops the start at once with every problem named. A person's settings (zone, tax
 * rate, read-only, …) are the other schema's (src/config/settings.ts): the environment's are the
 * defaults every tenant and OAuth person starts from.
 */

import { z } from "zod";
import { docUrl } from "../cli/links.js";
import { parseOptions, UsageError } from "../cli/options.js";
import type { Env } from "../config/environment.js";
import { ConfigError } from "../config/errors.js";
import { type Config, loadConfig } from "../config/load.js";
import { tokensPathFor } from "./tokens.js";

export const SERVE_USAGE = `Usage: invoicing-mcp serve [--host H] [--port N] (--tenants FILE | --api-key-auth | --oauth | --oauth --tenants FILE)
How to host it: ${docUrl("docs/deploy.md")}`;

/** A tenants file and the tokens file beside it (`invoicing-mcp tokens create` writes it). */
export interface TenantsFiles {
  tenantsPath: string;
  tokensPath: string;
}

export type SignIn =
  /** Tokens from `invoicing-mcp tokens create`, for the tenants of a file. */
  | ({ kind: "tenants" } & TenantsFiles)
  /** The bearer token is the user's invoicing API key (the service's own deployment). */
  | { kind: "api-key"; baseUrl: string }
  /** MCP authorization (OAuth 2.1); operator tokens of a tenants file beside it, when one is named. */
  | { kind: "oauth"; tenants: TenantsFiles | undefined };

export interface ServerSettings {
  host: string;
  port: number;
  signIn: SignIn;
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  /** Browser origins (host names) allowed to call /mcp besides localhost. */
  allowedOrigins: string[];
  /** The service's rate window, when a sandbox scales it. */
  rateWindowMs: number | undefined;
  /** A person's settings from the environment: what every tenant and OAuth person starts from. */
  defaults: Config;
}

const SERVE_OPTIONS = {
  host: { type: "string" },
  port: { type: "string" },
  tenants: { type: "string" },
  "api-key-auth": { type: "boolean" },
  oauth: { type: "boolean" },
} as const;

const port = z.coerce.number().int().min(0).max(65_535);
const optionalUrl = z.string().trim().min(1).optional();
const windowMs = z.coerce.number().int().min(1).optional();

export function serverSettings(
  argv: readonly string[],
  env: Env,
  notice: (line: string) => void,
): ServerSettings {
  const given = parseOptions(argv, SERVE_OPTIONS, SERVE_USAGE);
  const problems: string[] = [];
  const portText = given.port ?? env.INVOICING_PORT ?? "8080";
  const listenPort = /^\d+$/.test(portText) ? port.safeParse(portText) : undefined;
  if (!listenPort?.success)
    throw new UsageError(`--port "${portText}" is not a port number (0 to 65535)\n\n${SERVE_USAGE}`);
  const tenantsPath = given.tenants ?? env.INVOICING_TENANTS_FILE;
  const keyMode = given["api-key-auth"] === true || env.INVOICING_AUTH === "api-key";
  const oauthMode = given.oauth === true || env.INVOICING_OAUTH === "true";
  const tenants =
    tenantsPath === undefined ? undefined : { tenantsPath, tokensPath: tokensPathFor(tenantsPath, env) };
  let defaults: Config | undefined;
  try {
    defaults = loadConfig(env, [], notice);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  let signIn: SignIn | undefined;
  if (oauthMode && keyMode)
    problems.push("--oauth works alone or beside --tenants FILE, not with --api-key-auth");
  else if (oauthMode) signIn = { kind: "oauth", tenants };
  else if (keyMode && tenants)
    problems.push("choose one way to sign in: --tenants FILE or --api-key-auth, not both");
  else if (keyMode) {
    if (!defaults?.baseUrl) problems.push("--api-key-auth needs INVOICING_BASE_URL, the service's address");
    else signIn = { kind: "api-key", baseUrl: defaults.baseUrl };
  } else if (tenants) signIn = { kind: "tenants", ...tenants };
  else
    problems.push(
      "choose how clients authenticate: --tenants FILE (INVOICING_TENANTS_FILE) for tokens issued by `invoicing-mcp tokens create`, or --api-key-auth (INVOICING_AUTH=api-key) where the bearer token is the user's invoicing API key, or --oauth",
    );
  const rateWindow = windowMs.safeParse(env.INVOICING_RATE_WINDOW_MS);
  if (!rateWindow.success)
    problems.push(
      `INVOICING_RATE_WINDOW_MS must be whole milliseconds above 0, got "${env.INVOICING_RATE_WINDOW_MS}"`,
    );
  if (problems.length > 0 || !signIn || !defaults) throw new ConfigError(problems);
  return {
    host: given.host ?? env.INVOICING_HOST ?? "127.0.0.1",
    port: listenPort.data,
    signIn,
    redisUrl: optionalUrl.parse(env.INVOICING_REDIS_URL || undefined),
    databaseUrl: optionalUrl.parse(env.INVOICING_DATABASE_URL || undefined),
    allowedOrigins: (env.INVOICING_ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    rateWindowMs: rateWindow.data,
    defaults,
  };
}
