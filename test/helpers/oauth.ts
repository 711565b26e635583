/**
 * What the OAuth tests share: `serve --oauth` instances behind one balancer URL, a headless
 * Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) that types the key and consents the way a person does,
 * a loopback redirect target that records the code, and an in-memory OAuthClientProvider for the
 * SDK client's own OAuth support. A missing browser fails the test with the reason.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Sandbox } from "@invoicing-mcp/sandbox";
import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { type Browser, chromium, type Page } from "playwright-core";
import { type Engine, freePort, startRedis } from "./engines.js";
import { forward } from "./forward.js";
import { type ServeProcess, startMigratedPostgres, startServe, useStarted } from "./hosted.js";
import { CHROMIUM_ARGS, chromiumPath } from "./requirements.js";

export const CHROMIUM = chromiumPath();

export function oauthKeys(): string {
  return `k1:${randomBytes(32).toString("base64")}`;
}

/** What the instances sit behind: one public URL, handing requests to the backends. */
export interface Front {
  url: string;
  backends: string[];
  close(): Promise<void>;
}

/** A round-robin balancer on a free loopback port: each new connection goes to the next backend. */
export interface Balancer extends Front {
  port: number;
}

export async function startBalancer(port: number): Promise<Balancer> {
  const backends: string[] = [];
  let next = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    forward(
      req,
      res,
      new URL(backends[next++ % backends.length]!),
      // The client's address, as a real balancer reports it; X-Test-Client-Address stands for
      // clients on other machines (every test request comes from loopback).
      {
        ...req.headers,
        "x-forwarded-for": String(req.headers["x-test-client-address"] ?? req.socket.remoteAddress ?? ""),
      },
      // One request per connection (said, so clients do not reuse a closing one): consecutive
      // requests alternate between the instances.
      { connection: "close" },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    backends,
    close: () => closeServer(server),
  };
}

export async function startOAuthServe(
  publicUrl: string,
  env: Record<string, string>,
  extraArgs: string[] = [],
): Promise<ServeProcess> {
  return startServe(["--oauth", ...extraArgs], { INVOICING_PUBLIC_URL: publicUrl, ...env });
}

export interface OAuthServersOptions {
  /** Their environment beyond the database, the service and the data keys; read when they start. */
  env?: () => Record<string, string>;
  /** How many `serve --oauth` instances (default 2: what one begins, the other completes). */
  instances?: number;
  /** A Redis for them to share (default none). */
  redis?: boolean;
  /** A headless Chromium to play the person (default yes). */
  browser?: boolean;
  /**
   * What they sit behind: a round-robin balancer on a free port (the default), another front (the
   * documented proxy), or a public URL that nothing answers at (they are then reached directly).
   */
  front?: string | (() => Promise<Front>);
  /** A migrated PostgreSQL started elsewhere (default: one of their own). */
  postgres?: () => Engine;
}

/** `serve --oauth` instances on one migrated PostgreSQL behind one URL, a redirect target, a browser. */
export interface OAuthServers {
  /** The one URL they are reached at: the issuer. */
  url: string;
  postgres: Engine;
  instances: ServeProcess[];
  redirect: RedirectTarget;
  browser: Browser;
  stop(): Promise<void>;
}

export async function startOAuthServers(
  sandbox: Sandbox,
  options: OAuthServersOptions = {},
): Promise<OAuthServers> {
  const closers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const close of closers.splice(0).reverse()) await close();
  };
  try {
    const [postgres, redis] = await allStarted([
      options.postgres ? options.postgres() : startMigratedPostgres().then(closing(closers)),
      options.redis ? startRedis().then(closing(closers)) : undefined,
    ]);
    const front =
      typeof options.front === "string"
        ? undefined
        : await (options.front ?? (async () => startBalancer(await freePort())))().then(closing(closers));
    const url = front?.url ?? (options.front as string);
    const env = {
      ...(redis ? { INVOICING_REDIS_URL: redis.url } : {}),
      INVOICING_DATABASE_URL: postgres.url,
      INVOICING_BASE_URL: sandbox.url,
      INVOICING_OAUTH_KEYS: oauthKeys(),
      ...options.env?.(),
    };
    const instances = await allStarted(
      Array.from({ length: options.instances ?? 2 }, () => startOAuthServe(url, env).then(closing(closers))),
    );
    front?.backends.push(...instances.map((instance) => instance.url));
    const redirect = await startRedirectTarget().then(closing(closers));
    const browser = options.browser === false ? undefined : await launchBrowser().then(closing(closers));
    return {
      url,
      postgres,
      instances,
      redirect,
      get browser() {
        if (!browser) throw new Error("these OAuth servers were started without a browser");
        return browser.browser;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** startOAuthServers for the enclosing describe block, after its sandbox. */
export function useOAuthServers(
  sandbox: () => Sandbox,
  options: OAuthServersOptions = {},
): () => OAuthServers {
  return useStarted("the OAuth servers", () => startOAuthServers(sandbox(), options));
}

/** Promise.all that waits for every start to end: none is left running unrecorded when one fails. */
async function allStarted<T extends readonly unknown[]>(
  starts: { [K in keyof T]: T[K] | Promise<T[K]> },
): Promise<T> {
  const results = await Promise.allSettled(starts);
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

/** Records what starts, so that what did is closed again whatever fails after it. */
function closing(closers: (() => Promise<unknown>)[]) {
  return <T extends { stop(): Promise<unknown> } | { close(): Promise<unknown> }>(started: T): T => {
    closers.push("stop" in started ? () => started.stop() : () => started.close());
    return started;
  };
}

/** Where the browser is sent back to: records each callback's query. */
export interface RedirectTarget {
  url: string;
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startRedirectTarget(): Promise<RedirectTarget> {
  const waiting: ((params: URLSearchParams) => void)[] = [];
  const arrived: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname !== "/callback") {
      res.writeHead(404); // e.g. the browser's /favicon.ico
      return res.end();
    }
    const params = url.searchParams;
    const waiter = waiting.shift();
    if (waiter) waiter(params);
    else arrived.push(params);
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("You can close this window.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    next: () => {
      const ready = arrived.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () => closeServer(server),
  };
}

/** An in-memory OAuthClientProvider, as an app keeps one; `authorizationUrl` is where the person goes. */
export class MemoryOAuthClient implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private info: Parameters<NonNullable<OAuthClientProvider["saveClientInformation"]>>[0] | undefined;
  private stored: Parameters<OAuthClientProvider["saveTokens"]>[0] | undefined;
  private verifier = "";
  clientMetadataUrl?: string;

  constructor(
    readonly redirectUrl: string,
    readonly name = "Test App",
    options: { clientMetadataUrl?: string } = {},
  ) {
    if (options.clientMetadataUrl) this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: NonNullable<typeof this.info>) {
    this.info = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: NonNullable<typeof this.stored>) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** A headless Chromium; playwright gives it a fresh temporary profile (its own --user-data-dir). */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `Chromium is not installed at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH): the OAuth tests need it`,
    );
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/** Types the key on the authorization page, as a person does; returns the page after submitting. */
export async function typeKey(page: Page, apiKey: string): Promise<void> {
  await page.locator('input[type="password"][name="api_key"]').fill(apiKey);
  await Promise.all([page.waitForLoadState("load"), page.locator('button[type="submit"]').click()]);
}

/** Chooses the access on the consent page and allows it. */
export async function consent(page: Page, access: "read" | "write", webhookSecret?: string): Promise<void> {
  await page.locator(`input[name="access"][value="${access}"]`).check();
  if (webhookSecret) await page.locator('input[name="webhook_secret"]').fill(webhookSecret);
  await page.locator('button[name="decision"][value="allow"]').click();
}

export { freePort };

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A PKCE pair (S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  return { verifier, challenge };
}

/** Registers a public client by DCR; returns its id. */
export async function registerClient(
  issuer: string,
  redirectUri: string,
  name = "Manual App",
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const response = await fetcher(`${issuer}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: name,
      redirect_uris: [redirectUri],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: "read write",
    }),
  });
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { client_id: string }).client_id;
}

export function authorizeUrl(
  issuer: string,
  params: { clientId: string; redirectUri: string; challenge: string; state?: string; resource?: string },
): string {
  const url = new URL(`${issuer}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    code_challenge: params.challenge,
    code_challenge_method: "S256",
    scope: "read write",
    state: params.state ?? "state-123",
    resource: params.resource ?? `${issuer}/mcp`,
  }).toString();
  return url.toString();
}

/** A person in the browser: opens the URL, types the key, consents; resolves with the callback's query. */
export async function authorizeInBrowser(
  browser: Pick<Browser, "newPage">,
  url: string,
  apiKey: string,
  access: "read" | "write",
  redirect: RedirectTarget,
): Promise<URLSearchParams> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await typeKey(page, apiKey);
    await page.locator('input[name="access"]').first().waitFor({ timeout: 15_000 });
    const callback = redirect.next();
    await consent(page, access);
    return await callback;
  } finally {
    await page.close();
  }
}

export interface TokenAnswer {
  status: number;
  body: Record<string, string | number | undefined>;
}

export async function tokenRequest(
  issuer: string,
  form: Record<string, string>,
  fetcher: typeof fetch = fetch,
): Promise<TokenAnswer> {
  const response = await fetcher(`${issuer}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenAnswer["body"] };
}

/** A fresh client, registered by DCR, and the code a person gives it in the browser. */
export async function codeThroughBrowser(
  servers: OAuthServers,
  apiKey: string,
  options: {
    access?: "read" | "write";
    state?: string;
    clientName?: string;
    /** Another browser (or context) than the servers' own. */
    browser?: Pick<Browser, "newPage">;
    fetcher?: typeof fetch;
  } = {},
): Promise<{ clientId: string; verifier: string; code: string; params: URLSearchParams }> {
  const redirectUri = servers.redirect.url;
  const clientId = await registerClient(servers.url, redirectUri, options.clientName, options.fetcher);
  const { verifier, challenge } = pkce();
  const params = await authorizeInBrowser(
    options.browser ?? servers.browser,
    authorizeUrl(servers.url, {
      clientId,
      redirectUri,
      challenge,
      ...(options.state ? { state: options.state } : {}),
    }),
    apiKey,
    options.access ?? "write",
    servers.redirect,
  );
  return { clientId, verifier, code: params.get("code")!, params };
}

/** Exchanges a code at the token endpoint, as the public client it was given to. */
export function exchangeCode(
  servers: Pick<OAuthServers, "url" | "redirect">,
  grant: { clientId: string; code: string; verifier?: string | undefined },
  extra: Record<string, string> = {},
  fetcher: typeof fetch = fetch,
): Promise<TokenAnswer> {
  return tokenRequest(
    servers.url,
    {
      grant_type: "authorization_code",
      code: grant.code,
      redirect_uri: servers.redirect.url,
      client_id: grant.clientId,
      ...(grant.verifier === undefined ? {} : { code_verifier: grant.verifier }),
      ...extra,
    },
    fetcher,
  );
}

/**
 * Per-address limits counted once for all instances (in a Redis they share), with each request's
 * address as the balancer reports it.
 */
export function sharedLimits(attempts: number, registrations: number): OAuthServersOptions {
  return {
    redis: true,
    env: () => ({
      INVOICING_OAUTH_ATTEMPTS: String(attempts),
      INVOICING_OAUTH_REGISTRATIONS: String(registrations),
      INVOICING_TRUST_PROXY: "true",
    }),
  };
}

/** A registration as the limits tests send it; `from` is the address the balancer reports. */
export function registerFrom(
  servers: Pick<OAuthServers, "url" | "redirect">,
  from: string,
  metadata: Record<string, unknown> = {},
): Promise<Response> {
  return fetch(`${servers.url}/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-test-client-address": from },
    body: JSON.stringify({
      client_name: "Limits App",
      redirect_uris: [servers.redirect.url],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      ...metadata,
    }),
  });
}
