/**
 * `invoicing-mcp tokens create | list | revoke`: the operator's tokens for the tenants of a tenants
 * file, and (with INVOICING_DATABASE_URL) the OAuth grants people gave.
 */
import { readFileSync } from "node:fs";
import { wantsHelp } from "../cli/help.js";
import { parseOptions, UsageError } from "../cli/options.js";
import type { Env } from "../config/environment.js";
import { ConfigError } from "../config/errors.js";
import { tenantIds } from "./tenants.js";
import { createToken, listTokens, revokeToken, tokensPathFor } from "./tokens.js";

const TOKENS_USAGE = `Usage: invoicing-mcp tokens create --tenant ID [--tenants FILE]
       invoicing-mcp tokens list [--tenants FILE]
       invoicing-mcp tokens revoke ID [--tenants FILE]
(OAuth grants too, with INVOICING_DATABASE_URL)`;

/** What `tokens --help` prints (stdout: it is not the MCP mode). */
const TOKENS_HELP = `${TOKENS_USAGE}

  create   issues a bearer token for a tenant of the tenants file; printed once, stored as a hash
  list     the tokens by id, tenant and creation time (never the tokens themselves), and OAuth grants
  revoke   removes a token (or ends an OAuth grant, oauth-…); every instance refuses it from its next request on
The tenants file comes from --tenants or INVOICING_TENANTS_FILE; tokens.json lies beside it
(INVOICING_TOKENS_FILE names another place).
`;
const log = (message: string) => process.stderr.write(`${message}\n`);

export async function runTokens(argv: string[], env: Env, write: (text: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    write(TOKENS_HELP);
    return 0;
  }
  const [action, ...rest] = argv;
  if (action !== "create" && action !== "list" && action !== "revoke") {
    const why = action === undefined ? "missing tokens command" : `unknown tokens command "${action}"`;
    throw new UsageError(`${why}\n\n${TOKENS_USAGE}`);
  }
  // `tokens revoke ID` takes the id as its one word; everything else is a flag.
  const positionals =
    action === "revoke" && rest[0] !== undefined && !rest[0].startsWith("--") ? [rest[0]] : [];
  const values = parseOptions(
    rest.slice(positionals.length),
    { tenant: { type: "string" }, tenants: { type: "string" } },
    TOKENS_USAGE,
  );
  if (action === "create" && !values.tenant)
    throw new UsageError(`tokens create needs --tenant ID\n\n${TOKENS_USAGE}`);
  if (action === "revoke" && positionals[0] === undefined)
    throw new UsageError(`tokens revoke needs the token's id (see tokens list)\n\n${TOKENS_USAGE}`);
  const tenantsPath = values.tenants ?? env.INVOICING_TENANTS_FILE;
  // OAuth grants (in PostgreSQL) are listed beside the file's tokens and revoked by their oauth- id.
  const oauthGrants = await oauthGrantsCommand(action, positionals[0], tenantsPath, env, write);
  if (oauthGrants !== undefined) return oauthGrants;
  if (!tenantsPath)
    throw new ConfigError(["name the tenants file: --tenants FILE or INVOICING_TENANTS_FILE"]);
  const tokensPath = tokensPathFor(tenantsPath, env);
  if (action === "create") {
    const tenantId = values.tenant!;
    // Only the tenant's existence matters here: no tenant's key variable needs to be set.
    const tenants = tenantIds(readTenantsFile(tenantsPath), tenantsPath);
    if (!tenants.has(tenantId)) throw new ConfigError([`tenant "${tenantId}" is not in ${tenantsPath}`]);
    const { token, stored } = createToken(tokensPath, tenantId);
    write(`${token}\n`);
    log(
      `invoicing-mcp: token ${stored.id} created for tenant "${tenantId}" (stored as a hash in ${tokensPath}; this is the only time it is shown)`,
    );
    return 0;
  }
  if (action === "list") {
    for (const token of listTokens(tokensPath)) write(`${token.id}  ${token.tenant}  ${token.createdAt}\n`);
    return 0;
  }
  const id = positionals[0]!; // revoke
  if (!revokeToken(tokensPath, id)) {
    log(`invoicing-mcp: no token with id ${id} in ${tokensPath}`);
    return 1;
  }
  log(`invoicing-mcp: token ${id} revoked`);
  return 0;
}

function readTenantsFile(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError([
      `the tenants file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
    ]);
  }
}

/** `tokens list` and `tokens revoke oauth-…` for OAuth grants; undefined when the file's tokens are meant. */
async function oauthGrantsCommand(
  action: string | undefined,
  id: string | undefined,
  tenantsPath: string | undefined,
  env: Env,
  write: (text: string) => void,
): Promise<number | undefined> {
  const { GRANT_PREFIX, listGrants, revokeGrant } = await import("./oauth/grants.js");
  const isGrant = action === "revoke" && id?.startsWith(GRANT_PREFIX);
  if (!(action === "list" || isGrant) || !env.INVOICING_DATABASE_URL) {
    if (isGrant) throw new ConfigError([`${id} is an OAuth grant: set INVOICING_DATABASE_URL to revoke it`]);
    return undefined;
  }
  const { openPool } = await import("./pg/pool.js");
  const pool = await openPool(env.INVOICING_DATABASE_URL);
  try {
    if (isGrant) {
      if (!(await revokeGrant(pool, id!))) {
        log(`invoicing-mcp: no OAuth grant with id ${id}`);
        return 1;
      }
      log(`invoicing-mcp: OAuth grant ${id} revoked with every token issued under it`);
      return 0;
    }
    for (const grant of await listGrants(pool))
      write(`${grant.id}  ${grant.tenant}  ${grant.createdAt}  ${grant.scope}  ${grant.client}\n`);
  } finally {
    await pool.end();
  }
  return tenantsPath === undefined ? 0 : undefined; // then the file's tokens follow
}
