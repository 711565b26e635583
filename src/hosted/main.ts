/**
 * `invoicing-mcp serve` and `invoicing-mcp tokens …`: the hosted mode's commands. Configuration
 * comes from the environment (secrets only there) and flags for the rest; see docs/deploy.md.
 */
import { readFileSync } from "node:fs";
import { parseOptions, UsageError } from "../cli/options.js";
import { ConfigError } from "../config.js";
import { parseBaseUrl } from "../http/base-url.js";
import { EVENTS_URI } from "../mcp/resources/events.js";
import { untilStopSignal } from "../signals.js";
import type { Authenticator } from "./auth.js";
import { connectAtStart } from "./engine-start.js";
import { type GovernorSource, memoryGovernors, redisGovernors } from "./governors.js";
import { startHostedServer } from "./http-server.js";
import { keyAuthenticator } from "./key-auth.js";
import type { OAuthMount } from "./oauth/mount.js";
import { eventsTenantOf } from "./oauth/tenant-id.js";
import { eventsReportingOutages, OutageLog } from "./outage.js";
import { tenantAuthenticator } from "./tenant-auth.js";
import { RuntimeRegistry } from "./tenant-runtime.js";
import { tenantIds } from "./tenants.js";
import { createToken, listTokens, revokeToken, tokensPathFor } from "./tokens.js";

type Env = Record<string, string | undefined>;

const SERVE_USAGE =
  "Usage: invoicing-mcp serve [--host H] [--port N] (--tenants FILE | --api-key-auth | --oauth | --oauth --tenants FILE)   (docs/deploy.md)";
const TOKENS_USAGE =
  "Usage: invoicing-mcp tokens create --tenant ID [--tenants FILE] | tokens list [--tenants FILE] | tokens revoke ID [--tenants FILE]   (OAuth grants too, with INVOICING_DATABASE_URL)";
const DB_USAGE =
  "Usage: invoicing-mcp db migrate | db rekey   (with INVOICING_DATABASE_URL set; docs/deploy.md)";

/** What `serve --help`, `tokens --help` and `db --help` print (stdout: none of them is the MCP mode). */
const SERVE_HELP = `${SERVE_USAGE}

MCP over Streamable HTTP at /mcp for many users; /healthz and /readyz for the load balancer.
  --tenants FILE      clients present tokens from \`invoicing-mcp tokens create\` (INVOICING_TENANTS_FILE)
  --api-key-auth      the bearer token is the user's invoicing API key (INVOICING_AUTH=api-key)
  --oauth             people connect by MCP authorization (OAuth 2.1), state in PostgreSQL (INVOICING_OAUTH)
  --host H, --port N  where to listen, default 127.0.0.1:8080 (INVOICING_HOST, INVOICING_PORT)
Environment: INVOICING_REDIS_URL (shared rate budget), INVOICING_DATABASE_URL (shared webhook inbox),
  INVOICING_ALLOWED_ORIGINS, INVOICING_TIMEOUT_MS, INVOICING_TOKENS_FILE; secrets only here, never flags.
On SIGTERM: /healthz answers 503, running calls finish (up to 25 s), listen streams end, exit 0.
`;
const TOKENS_HELP = `${TOKENS_USAGE}

  create   issues a bearer token for a tenant of the tenants file; printed once, stored as a hash
  list     the tokens by id, tenant and creation time (never the tokens themselves), and OAuth grants
  revoke   removes a token (or ends an OAuth grant, oauth-…); every instance refuses it from its next request on
The tenants file comes from --tenants or INVOICING_TENANTS_FILE; tokens.json lies beside it
(INVOICING_TOKENS_FILE names another place).
`;
const DB_HELP = `${DB_USAGE}

  migrate  creates or updates the hosted mode's schema; run it once per release, before new instances start
  rekey    re-encrypts stored API keys under the newest key of INVOICING_OAUTH_KEYS (after adding a key)
`;
const wantsHelp = (argv: readonly string[]) => argv.some((arg) => arg === "--help" || arg === "-h");
const log = (message: string) => process.stderr.write(`${message}\n`);

export async function runServe(argv: string[], env: Env, write: (text: string) => void): Promise<void> {
  if (wantsHelp(argv)) return write(SERVE_HELP);
  const given = parseOptions(
    argv,
    {
      host: { type: "string" },
      port: { type: "string" },
      tenants: { type: "string" },
      "api-key-auth": { type: "boolean" },
      oauth: { type: "boolean" },
    },
    SERVE_USAGE,
  );
  const values = {
    host: given.host ?? env.INVOICING_HOST ?? "127.0.0.1",
    port: given.port ?? env.INVOICING_PORT ?? "8080",
    tenants: given.tenants,
    "api-key-auth": given["api-key-auth"] ?? false,
  };
  const port = /^\d+$/.test(values.port) ? Number(values.port) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new UsageError(`--port "${values.port}" is not a port number (0 to 65535)\n\n${SERVE_USAGE}`);
  const tenantsPath = values.tenants ?? env.INVOICING_TENANTS_FILE;
  const keyMode = values["api-key-auth"] || env.INVOICING_AUTH === "api-key";
  const oauthMode = given.oauth === true || env.INVOICING_OAUTH === "true";
  if (oauthMode && keyMode)
    throw new ConfigError(["--oauth works alone or beside --tenants FILE, not with --api-key-auth"]);
  if (!oauthMode && (tenantsPath === undefined) === !keyMode) {
    throw new ConfigError([
      "choose how clients authenticate: --tenants FILE (INVOICING_TENANTS_FILE) for tokens issued by `invoicing-mcp tokens create`, or --api-key-auth (INVOICING_AUTH=api-key) where the bearer token is the user's invoicing API key",
    ]);
  }
  const timeoutMs = Number(env.INVOICING_TIMEOUT_MS ?? 15_000);
  const rateWindowMs =
    env.INVOICING_RATE_WINDOW_MS === undefined ? undefined : Number(env.INVOICING_RATE_WINDOW_MS);

  // Everything the configuration can get wrong is checked before any engine is opened, so a wrong
  // value stops the start at once with its message, whatever Redis and PostgreSQL are doing.
  const files =
    tenantsPath === undefined
      ? undefined
      : tenantAuthenticator(tenantsPath, tokensPathFor(tenantsPath, env), env);
  // OAuth (oidc-provider and its dependencies) loads only when it is switched on.
  const oauthSettings = oauthMode
    ? (await import("./oauth/settings.js")).oauthSettingsFromEnv(env, Boolean(env.INVOICING_DATABASE_URL))
    : undefined;
  const keyBaseUrl = keyMode ? env.INVOICING_BASE_URL : undefined;
  if (keyMode) {
    if (!keyBaseUrl)
      throw new ConfigError(["--api-key-auth needs INVOICING_BASE_URL, the service's address"]);
    parseBaseUrl(keyBaseUrl);
  }

  const engines = await startEngines(env);
  let oauth: OAuthMount | undefined;
  let server: Awaited<ReturnType<typeof startHostedServer>>;
  try {
    const runtimes = new RuntimeRegistry({
      governor: (tenant) => engines.governors.governor(tenant.baseUrl, tenant.apiKey),
      // an OAuth person's read-only runtime ("oa-…-read") reads the person's events
      events: (tenant) => engines.events?.(eventsTenantOf(tenant.id)),
      timeoutMs,
      rateWindowMs,
      log,
    });
    engines.onStoredEvent((tenant) => {
      for (const id of [tenant, `${tenant}-read`])
        runtimes.existing(id)?.handler.notify.resourceUpdated(EVENTS_URI);
    });
    let auth: Authenticator;
    if (oauthSettings) {
      const [{ startOAuth }, { withOAuth }, { memoryLimits, redisLimits }] = await Promise.all([
        import("./oauth/mount.js"),
        import("./oauth/serve.js"),
        import("./oauth/rate-limit.js"),
      ]);
      const { redis } = engines.governors;
      const limits = redis ? redisLimits(redis) : memoryLimits();
      oauth = await startOAuth({ ...oauthSettings, pool: engines.pool!, limits, log });
      auth = withOAuth(files, oauth);
    } else if (files) {
      auth = files;
    } else {
      auth = keyAuthenticator({
        baseUrl: keyBaseUrl!,
        timeZone: env.INVOICING_TIMEZONE ?? "Europe/Berlin",
        defaultTaxRate: Number(env.INVOICING_DEFAULT_TAX_RATE ?? 19),
        readOnly: env.INVOICING_READ_ONLY === "true",
        clientFor: (tenant) => runtimes.for(tenant).client,
      });
      // One runtime per key seen: let go of those idle for 10 minutes.
      setInterval(() => runtimes.sweep(10 * 60_000), 60_000).unref();
    }

    server = await startHostedServer({
      host: values.host,
      port,
      auth,
      runtimes,
      readiness: engines.readiness,
      ...(engines.webhooks ? { webhooks: engines.webhooks(auth) } : {}),
      oauth,
      allowedOrigins: (env.INVOICING_ALLOWED_ORIGINS ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
      log,
    });
  } catch (error) {
    // Nothing may keep the process alive after a start that failed: it exits 1 with the message.
    oauth?.close();
    await engines.close();
    throw error;
  }
  // Listen for the stop signal before saying we serve: a supervisor may send it the moment it reads
  // that line, and a signal with no listener yet would kill the process mid-request.
  const stopSignal = untilStopSignal();
  log(
    `invoicing-mcp: serving MCP at ${server.url}/mcp (${[oauth ? `OAuth for ${env.INVOICING_PUBLIC_URL}` : "", tenantsPath ? `tenants from ${tenantsPath}` : oauth ? "" : "API keys as tokens"].filter(Boolean).join(", ")}${engines.describe})`,
  );
  await stopSignal;
  log("invoicing-mcp: stopping, letting running calls finish");
  await server.close();
  oauth?.close();
  await engines.close();
}

interface Engines {
  governors: GovernorSource;
  pool?: import("pg").Pool | undefined;
  events?: ((tenantId: string) => import("../webhooks/event-source.js").EventSource) | undefined;
  webhooks?: ((auth: Authenticator) => import("./http-server.js").WebhookRoute) | undefined;
  readiness: Record<string, () => Promise<void>>;
  /** Who to tell when any instance stored an event for a tenant. */
  onStoredEvent(handler: (tenant: string) => void): void;
  describe: string;
  close(): Promise<void>;
}

async function startEngines(env: Env): Promise<Engines> {
  const windowMs =
    env.INVOICING_RATE_WINDOW_MS === undefined ? undefined : Number(env.INVOICING_RATE_WINDOW_MS);
  const described: string[] = [];
  let onStoredEvent: ((tenant: string) => void) | undefined;
  const readiness: Record<string, () => Promise<void>> = {};
  const closers: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    await Promise.allSettled(closers.map((close) => close()));
  };
  let governors = memoryGovernors(windowMs);
  if (env.INVOICING_REDIS_URL) {
    governors = await redisGovernors(env.INVOICING_REDIS_URL, windowMs, log);
    readiness.redis = governors.ping;
    described.push("rate budget in Redis");
  }
  closers.push(governors.close);
  let events: Engines["events"];
  let webhooks: Engines["webhooks"];
  let pool: Engines["pool"];
  if (env.INVOICING_DATABASE_URL)
    try {
      ({ pool, events, webhooks } = await startPostgresParts(env.INVOICING_DATABASE_URL));
      described.push("webhook events in PostgreSQL");
    } catch (error) {
      await closeAll(); // Redis, when it was opened before
      throw error;
    }
  return {
    governors,
    pool,
    events,
    webhooks,
    onStoredEvent: (handler) => {
      onStoredEvent = handler;
    },
    readiness,
    describe: described.map((d) => `, ${d}`).join(""),
    close: closeAll,
  };

  /** The pool, the inbox and the notifications of stored events; what it opens is closed with the rest. */
  async function startPostgresParts(url: string) {
    const [{ openPool }, { checkSchema }, { pgEventSource }, { listenForEvents }, { pgWebhookRoute }] =
      await Promise.all([
        import("./pg/pool.js"),
        import("./pg/schema.js"),
        import("./pg/inbox.js"),
        import("./pg/listen.js"),
        import("./webhook-route.js"),
      ]);
    const opened = await openPool(url);
    closers.push(() => opened.end());
    await reachPostgres(opened, url);
    await checkSchema(opened); // an unmigrated database stops the start, with what to run
    const outage = new OutageLog("PostgreSQL", "the stored webhook events", url, log);
    readiness.postgres = () => checkSchema(opened);
    const listener = await listenForEvents(url, (tenant) => onStoredEvent?.(tenant), log);
    closers.unshift(() => listener.close());
    return {
      pool: opened,
      events: (tenantId: string) => eventsReportingOutages(pgEventSource(opened, tenantId), outage),
      webhooks: (auth: Authenticator) => pgWebhookRoute(opened, auth, log),
    };
  }
}

export async function runTokens(argv: string[], env: Env, write: (text: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    write(TOKENS_HELP);
    return 0;
  }
  const [action, ...rest] = argv;
  // `tokens revoke ID` takes the id as its one word; everything else is a flag.
  const positionals =
    action === "revoke" && rest[0] !== undefined && !rest[0].startsWith("--") ? [rest[0]] : [];
  const values = parseOptions(
    rest.slice(positionals.length),
    { tenant: { type: "string" }, tenants: { type: "string" } },
    TOKENS_USAGE,
  );
  const tenantsPath = values.tenants ?? env.INVOICING_TENANTS_FILE;
  // OAuth grants (in PostgreSQL) are listed beside the file's tokens and revoked by their oauth- id.
  const oauthGrants = await oauthGrantsCommand(action, positionals[0], tenantsPath, env, write);
  if (oauthGrants !== undefined) return oauthGrants;
  if (!tenantsPath)
    throw new ConfigError(["name the tenants file: --tenants FILE or INVOICING_TENANTS_FILE"]);
  const tokensPath = tokensPathFor(tenantsPath, env);
  if (action === "create") {
    const tenantId = values.tenant;
    if (!tenantId) throw new ConfigError(["tokens create needs --tenant ID"]);
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
  if (action === "revoke") {
    const id = positionals[0];
    if (!id) throw new ConfigError(["tokens revoke needs the token's id (see tokens list)"]);
    if (!revokeToken(tokensPath, id)) {
      log(`invoicing-mcp: no token with id ${id} in ${tokensPath}`);
      return 1;
    }
    log(`invoicing-mcp: token ${id} revoked`);
    return 0;
  }
  throw new ConfigError(["usage: invoicing-mcp tokens create --tenant ID | tokens list | tokens revoke ID"]);
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

/** The database answers a first query within a short time, or the start stops and says where and why. */
async function reachPostgres(pool: import("pg").Pool, url: string): Promise<void> {
  await connectAtStart(
    "PostgreSQL",
    "INVOICING_DATABASE_URL",
    url,
    () => pool.query("SELECT 1"),
    () => void pool.end().catch(() => undefined),
  );
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

/** `invoicing-mcp db migrate` (or `db rekey`): creates or updates the schema in INVOICING_DATABASE_URL. */
export async function runDb(argv: string[], env: Env, write: (text: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    write(DB_HELP);
    return 0;
  }
  if (argv[0] === "rekey" && argv.length === 1) return rekey(env);
  if (argv[0] !== "migrate" || argv.length > 1) throw new UsageError(`unknown db command\n\n${DB_USAGE}`);
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
