/**
 * `invoicing-mcp db migrate | rekey`: the hosted mode's PostgreSQL schema, and the OAuth secrets
 * sealed again under the newest data key.
 */
import { wantsHelp } from "../cli/help.js";
import { docUrl } from "../cli/links.js";
import { UsageError } from "../cli/options.js";
import type { Env } from "../config/environment.js";
import { ConfigError } from "../config/errors.js";
import { reachPostgres } from "./engines.js";

const DB_USAGE = `Usage: invoicing-mcp db migrate | db rekey   (with INVOICING_DATABASE_URL set)
How to host it: ${docUrl("docs/deploy.md")}`;

/** What `db --help` prints (stdout: it is not the MCP mode). */
const DB_HELP = `${DB_USAGE}

  migrate  creates or updates the hosted mode's schema; run it once per release, before new instances start
  rekey    re-encrypts stored API keys under the newest key of INVOICING_OAUTH_KEYS (after adding a key)
`;
const log = (message: string) => process.stderr.write(`${message}\n`);

/** `invoicing-mcp db migrate` (or `db rekey`): creates or updates the schema in INVOICING_DATABASE_URL. */
export async function runDb(argv: string[], env: Env, write: (text: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    write(DB_HELP);
    return 0;
  }
  if (argv[0] === "rekey" && argv.length === 1) return rekey(env);
  if (argv[0] !== "migrate" || argv.length > 1) {
    const why = argv[0] === undefined ? "missing db command" : `unknown db command "${argv.join(" ")}"`;
    throw new UsageError(`${why}\n\n${DB_USAGE}`);
  }
  const url = env.INVOICING_DATABASE_URL;
  if (!url) throw new ConfigError(["db migrate needs INVOICING_DATABASE_URL, e.g. postgres://user@host/db"]);
  const [{ openPool }, { migrate, SCHEMA_VERSION }] = await Promise.all([
    import("./pg/pool.js"),
    import("./pg/schema.js"),
  ]);
  const pool = await openPool(url);
  await reachPostgres(pool, url);
  try {
    const applied = await migrate(pool);
    log(
      applied.length === 0
        ? `invoicing-mcp: the schema is up to date (version ${SCHEMA_VERSION})`
        : `invoicing-mcp: applied migration${applied.length > 1 ? "s" : ""} ${applied.join(", ")}; the schema is at version ${SCHEMA_VERSION}`,
    );
    return 0;
  } finally {
    await pool.end();
  }
}

/** `invoicing-mcp db rekey`: seals every stored OAuth secret with the first key of INVOICING_OAUTH_KEYS. */
async function rekey(env: Env): Promise<number> {
  const url = env.INVOICING_DATABASE_URL;
  if (!url) throw new ConfigError(["db rekey needs INVOICING_DATABASE_URL"]);
  const [{ openPool }, { parseDataKeys }, { People }, { resealSigningKey }] = await Promise.all([
    import("./pg/pool.js"),
    import("./oauth/keys.js"),
    import("./oauth/people.js"),
    import("./oauth/signing-key.js"),
  ]);
  const keys = parseDataKeys(env.INVOICING_OAUTH_KEYS);
  const pool = await openPool(url);
  try {
    const changed = (await new People(pool, keys).reseal()) + (await resealSigningKey(pool, keys));
    log(
      `invoicing-mcp: ${changed} stored secret${changed === 1 ? "" : "s"} sealed again with key "${keys.currentId}"`,
    );
    return 0;
  } finally {
    await pool.end();
  }
}
