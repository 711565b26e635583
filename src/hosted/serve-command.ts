/**
 * `invoicing-mcp serve`: MCP over Streamable HTTP for many people. Built in one order, each step
 * from what the one before made: the settings (all checked before anything is opened), the engines,
 * the runtimes (one per principal, listening to the engines' stored events), the sign-in, the HTTP
 * server. A failure anywhere closes what was opened; SIGTERM drains and stops. See docs/deploy.md.
 */
import { EventEmitter } from "node:events";
import { wantsHelp } from "../cli/help.js";
import type { Env } from "../config/environment.js";
import { EVENTS_URI } from "../mcp/resources/events.js";
import { untilStopSignal } from "../signals.js";
import type { Authenticator } from "./auth.js";
import { type Engines, openEngines } from "./engines.js";
import { type HostedServer, startHostedServer } from "./http-server.js";
import { keyAuthenticator } from "./key-auth.js";
import type { OAuthMount } from "./oauth/mount.js";
import type { OAuthSettings } from "./oauth/settings.js";
import { SERVE_USAGE, type ServerSettings, serverSettings } from "./server-settings.js";
import { tenantAuthenticator } from "./tenant-auth.js";
import { RuntimeRegistry } from "./tenant-runtime.js";

/** What `serve --help` prints (stdout: it is not the MCP mode). */
const SERVE_HELP = `${SERVE_USAGE}

MCP over Streamable HTTP at /mcp for many users; /healthz and /readyz for the load balancer.
  --tenants FILE      clients present tokens from \`invoicing-mcp tokens create\` (INVOICING_TENANTS_FILE)
  --api-key-auth      the bearer token is the user's invoicing API key (INVOICING_AUTH=api-key)
  --oauth             people connect by MCP authorization (OAuth 2.1), state in PostgreSQL (INVOICING_OAUTH)
  --host H, --port N  where to listen, default 127.0.0.1:8080 (INVOICING_HOST, INVOICING_PORT)
Environment: INVOICING_REDIS_URL (shared rate budget), INVOICING_DATABASE_URL (shared webhook inbox),
  INVOICING_ALLOWED_ORIGINS, INVOICING_TIMEOUT_MS, INVOICING_TOKENS_FILE; secrets only here, never flags.
  A person's settings (INVOICING_TIMEZONE, INVOICING_DEFAULT_TAX_RATE, INVOICING_READ_ONLY, …) are
  every tenant's defaults; INVOICING_READ_ONLY makes every tenant read-only.
On SIGTERM: /healthz answers 503, running calls finish (up to 25 s), listen streams end, exit 0.
`;
const log = (message: string) => process.stderr.write(`${message}\n`);

export async function runServe(argv: string[], env: Env, write: (text: string) => void): Promise<void> {
  if (wantsHelp(argv)) return write(SERVE_HELP);
  // 1. Everything the configuration can get wrong, before any engine is opened.
  const settings = serverSettings(argv, env, (line) => log(line));
  const files =
    settings.signIn.kind === "tenants" || (settings.signIn.kind === "oauth" && settings.signIn.tenants)
      ? (() => {
          const { tenantsPath, tokensPath } =
            settings.signIn.kind === "tenants" ? settings.signIn : settings.signIn.tenants!;
          return tenantAuthenticator(tenantsPath, tokensPath, env, settings.defaults);
        })()
      : undefined;
  // OAuth (oidc-provider and its dependencies) loads only when it is switched on.
  const oauthSettings =
    settings.signIn.kind === "oauth"
      ? (await import("./oauth/settings.js")).oauthSettingsFromEnv(
          env,
          settings.databaseUrl !== undefined,
          settings.defaults,
        )
      : undefined;

  // 2. The engines, then 3. everything built on them; a failure closes what was opened.
  const storedEvents = new EventEmitter();
  const engines = await openEngines(settings, storedEvents, log);
  let oauth: OAuthMount | undefined;
  let server: HostedServer;
  try {
    const runtimes = new RuntimeRegistry({
      governor: (principal) => engines.governors.governor(principal.baseUrl, principal.apiKey),
      events: (id) => engines.events?.(id),
      paymentNotes: (id) => engines.paymentNotes?.(id),
      details: (id) => engines.details?.(id),
      rateWindowMs: settings.rateWindowMs,
      log,
    });
    // Any instance stored an event for someone: their listen streams here hear of it.
    storedEvents.on("stored", (id: string) =>
      runtimes.existing(id)?.handler.notify.resourceUpdated(EVENTS_URI),
    );
    let auth: Authenticator;
    if (oauthSettings) {
      oauth = await startOAuthFor(oauthSettings, engines);
      const { withOAuth } = await import("./oauth/serve.js");
      auth = withOAuth(files, oauth);
    } else if (files) {
      auth = files;
    } else {
      auth = keyAuthenticator({
        defaults: { ...settings.defaults, baseUrl: (settings.signIn as { baseUrl: string }).baseUrl },
        clientFor: (principal) => runtimes.for(principal).client,
      });
      // One runtime per key seen: let go of those idle for 10 minutes.
      setInterval(() => runtimes.sweep(10 * 60_000), 60_000).unref();
    }
    server = await startHostedServer({
      host: settings.host,
      port: settings.port,
      auth,
      runtimes,
      readiness: engines.readiness,
      ...(engines.webhooks ? { webhooks: engines.webhooks(auth) } : {}),
      oauth,
      allowedOrigins: settings.allowedOrigins,
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
    `invoicing-mcp: serving MCP at ${server.url}/mcp (${describe(settings, oauthSettings)}${engines.describe})`,
  );
  await stopSignal;
  log("invoicing-mcp: stopping, letting running calls finish");
  await server.close();
  oauth?.close();
  await engines.close();
}

async function startOAuthFor(oauthSettings: OAuthSettings, engines: Engines): Promise<OAuthMount> {
  const [{ startOAuth }, { memoryLimits, redisLimits }] = await Promise.all([
    import("./oauth/mount.js"),
    import("./oauth/rate-limit.js"),
  ]);
  const { redis } = engines.governors;
  const limits = redis ? redisLimits(redis) : memoryLimits();
  return startOAuth({ ...oauthSettings, pool: engines.pool!, limits, log });
}

function describe(settings: ServerSettings, oauth: OAuthSettings | undefined): string {
  const { signIn } = settings;
  if (signIn.kind === "oauth")
    return [
      `OAuth for ${oauth?.publicUrl}`,
      signIn.tenants ? `tenants from ${signIn.tenants.tenantsPath}` : "",
    ]
      .filter(Boolean)
      .join(", ");
  return signIn.kind === "tenants" ? `tenants from ${signIn.tenantsPath}` : "API keys as tokens";
}
