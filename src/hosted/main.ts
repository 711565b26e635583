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
import { eventsReportingOutages, OutageLog } from "./outage.js";
import { tenantAuthenticator } from "./tenant-auth.js";
import { RuntimeRegistry } from "./tenant-runtime.js";
import { tenantIds } from "./tenants.js";
import { createToken, listTokens, revokeToken, tokensPathFor } from "./tokens.js";

type Env = Record<string, string | undefined>;

const SERVE_USAGE =
  "Usage: invoicing-mcp serve [--host H] [--port N] (--tenants FILE | --api-key-auth)   (docs/deploy.md)";
const TOKENS_USAGE =
  "Usage: invoicing-mcp tokens create --tenant ID [--tenants FILE] | tokens list [--tenants FILE] | tokens revoke ID [--tenants FILE]";
const DB_USAGE = "Usage: invoicing-mcp db migrate   (with INVOICING_DATABASE_URL set; docs/deploy.md)";

/** What `serve --help`, `tokens --help` and `db --help` print (stdout: none of them is the MCP mode). */
const SERVE_HELP = `${SERVE_USAGE}

MCP over Streamable HTTP at /mcp for many users; /healthz and /readyz for the load balancer.
  --tenants FILE      clients present tokens from \`invoicing-mcp tokens create\` (INVOICING_TENANTS_FILE)
  --api-key-auth      the bearer token is the user's invoicing API key (INVOICING_AUTH=api-key)
  --host H, --port N  where to listen, default 127.0.0.1:8080 (INVOICING_HOST, INVOICING_PORT)
Environment: INVOICING_REDIS_URL (shared rate budget), INVOICING_DATABASE_URL (shared webhook inbox),
  INVOICING_ALLOWED_ORIGINS, INVOICING_TIMEOUT_MS, INVOICING_TOKENS_FILE; secrets only here, never flags.
On SIGTERM: /healthz answers 503, running calls finish (up to 25 s), listen streams end, exit 0.
`;
const TOKENS_HELP = `${TOKENS_USAGE}

  create   issues a bearer token for a tenant of the tenants file; printed once, stored as a hash
  list     the tokens by id, tenant and creation time (never the tokens themselves)
  revoke   removes a token; every instance refuses it from its next request on
The tenants file comes from --tenants or INVOICING_TENANTS_FILE; tokens.json lies beside it
(INVOICING_TOKENS_FILE names another place).
`;
const DB_HELP = `${DB_USAGE}

  migrate  creates or updates the hosted mode's schema; run it once per release, before new instances start
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
  if ((tenantsPath === undefined) === !keyMode) {
    throw new ConfigError([
      "choose how clients authenticate: --tenants FILE (INVOICING_TENANTS_FILE) for tokens issued by `invoicing-mcp tokens create`, or --api-key-auth (INVOICING_AUTH=api-key) where the bearer token is the user's invoicing API key",
    ]);
  }
  const timeoutMs = Number(env.INVOICING_TIMEOUT_MS ?? 15_000);
  const rateWindowMs =
    env.INVOICING_RATE_WINDOW_MS === undefined ? undefined : Number(env.INVOICING_RATE_WINDOW_MS);

  const engines = await startEngines(env);
  const runtimes = new RuntimeRegistry({
    governor: (tenant) => engines.governors.governor(tenant.baseUrl, tenant.apiKey),
    events: (tenant) => engines.events?.(tenant.id),
    timeoutMs,
    rateWindowMs,
    log,
  });
  engines.onStoredEvent((tenant) => runtimes.existing(tenant)?.handler.notify.resourceUpdated(EVENTS_URI));
  let auth: Authenticator;
  if (tenantsPath !== undefined) {
    auth = tenantAuthenticator(tenantsPath, tokensPathFor(tenantsPath, env), env);
  } else {
    const baseUrl = env.INVOICING_BASE_URL;
    if (!baseUrl) throw new ConfigError(["--api-key-auth needs INVOICING_BASE_URL, the service's address"]);
    parseBaseUrl(baseUrl);
    auth = keyAuthenticator({
      baseUrl,
      timeZone: env.INVOICING_TIMEZONE ?? "Europe/Berlin",
      defaultTaxRate: Number(env.INVOICING_DEFAULT_TAX_RATE ?? 19),
      readOnly: env.INVOICING_READ_ONLY === "true",
      clientFor: (tenant) => runtimes.for(tenant).client,
    });
    // One runtime per key seen: let go of those idle for 10 minutes.
    setInterval(() => runtimes.sweep(10 * 60_000), 60_000).unref();
  }

  const server = await startHostedServer({
    host: values.host,
    port,
    auth,
    runtimes,
    readiness: engines.readiness,
    ...(engines.webhooks ? { webhooks: engines.webhooks(auth) } : {}),
    allowedOrigins: (env.INVOICING_ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    log,
  });
  // Listen for the stop signal before saying we serve: a supervisor may send it the moment it reads
  // that line, and a signal with no listener yet would kill the process mid-request.
  const stopSignal = untilStopSignal();
  log(
    `invoicing-mcp: serving MCP at ${server.url}/mcp (${tenantsPath ? `tenants from ${tenantsPath}` : "API keys as tokens"}${engines.describe})`,
  );
  await stopSignal;
  log("invoicing-mcp: stopping, letting running calls finish");
  await server.close();
  await engines.close();
}

interface Engines {
  governors: GovernorSource;
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
  let governors = memoryGovernors(windowMs);
  if (env.INVOICING_REDIS_URL) {
    governors = await redisGovernors(env.INVOICING_REDIS_URL, windowMs, log);
    readiness.redis = governors.ping;
    described.push("rate budget in Redis");
  }
  closers.push(governors.close);
  let events: Engines["events"];
  let webhooks: Engines["webhooks"];
  if (env.INVOICING_DATABASE_URL) {
    const url = env.INVOICING_DATABASE_URL;
    const [{ openPool }, { checkSchema }, { pgEventSource }, { listenForEvents }, { pgWebhookRoute }] =
      await Promise.all([
        import("./pg/pool.js"),
        import("./pg/schema.js"),
        import("./pg/inbox.js"),
        import("./pg/listen.js"),
        import("./webhook-route.js"),
      ]);
    const pool = await openPool(url);
    await reachPostgres(pool, url);
    await checkSchema(pool); // an unmigrated database stops the start, with what to run
    const outage = new OutageLog("PostgreSQL", "the stored webhook events", url, log);
    events = (tenantId) => eventsReportingOutages(pgEventSource(pool, tenantId), outage);
    webhooks = (auth) => pgWebhookRoute(pool, auth, log);
    readiness.postgres = () => checkSchema(pool);
    const listener = await listenForEvents(url, (tenant) => onStoredEvent?.(tenant), log);
    closers.push(
      () => listener.close(),
      () => pool.end(),
    );
    described.push("webhook events in PostgreSQL");
  }
  return {
    governors,
    events,
    webhooks,
    onStoredEvent: (handler) => {
      onStoredEvent = handler;
    },
    readiness,
    describe: described.map((d) => `, ${d}`).join(""),
    close: async () => {
      await Promise.allSettled(closers.map((close) => close()));
    },
  };
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

/** `invoicing-mcp db migrate`: creates or updates the schema in INVOICING_DATABASE_URL. */
export async function runDb(argv: string[], env: Env, write: (text: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    write(DB_HELP);
    return 0;
  }
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
