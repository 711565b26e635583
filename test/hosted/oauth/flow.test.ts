/**
 * The MCP authorization flow as a client does it: the SDK v2 client's own OAuth support against two
 * `serve --oauth` instances behind one URL (so an authorization begun on one completes on the
 * other), a real headless Chromium typing the key and consenting, then tool calls, a refresh,
 * revocation, and the read-only grant.
 */
import { execFileSync } from "node:child_process";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, startPostgres } from "../../helpers/engines.js";
import { type ServeProcess, textOf } from "../../helpers/hosted.js";
import {
  type Balancer,
  consent,
  freePort,
  launchBrowser,
  MemoryOAuthClient,
  oauthKeys,
  type RedirectTarget,
  startBalancer,
  startOAuthServe,
  startRedirectTarget,
  typeKey,
} from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";
import { BIN } from "../../helpers/stdio.js";

describe("OAuth: the SDK client, a browser, two instances behind one URL", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let postgres: Engine;
  let balancer: Balancer;
  let a: ServeProcess;
  let b: ServeProcess;
  let redirect: RedirectTarget;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    postgres = await startPostgres();
    execFileSync(process.execPath, [BIN, "db", "migrate"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: postgres.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    balancer = await startBalancer(await freePort());
    const env = {
      INVOICING_DATABASE_URL: postgres.url,
      INVOICING_BASE_URL: sandbox().url,
      INVOICING_OAUTH_KEYS: oauthKeys(),
    };
    [a, b] = await Promise.all([startOAuthServe(balancer.url, env), startOAuthServe(balancer.url, env)]);
    balancer.backends.push(a.url, b.url);
    redirect = await startRedirectTarget();
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await redirect?.close();
    await a?.stop();
    await b?.stop();
    await balancer?.close();
    await postgres?.stop();
  });

  /** Connects with the SDK's OAuth support; the browser plays the person. Returns the connected client. */
  async function connectAs(
    apiKey: string,
    access: "read" | "write",
    app: MemoryOAuthClient,
  ): Promise<{ client: Client; app: MemoryOAuthClient }> {
    const transport = new StreamableHTTPClientTransport(new URL(`${balancer.url}/mcp`), {
      authProvider: app,
    });
    const client = new Client({ name: "oauth-test", version: "0" });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    expect(app.authorizationUrl).toBeDefined();
    const page = await browser.newPage();
    try {
      await page.goto(app.authorizationUrl!.toString());
      await typeKey(page, apiKey);
      await page
        .locator('input[name="access"]')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(async (error: unknown) => {
          throw new Error(
            `no consent page at ${page.url()}:\n${await page.content()}\n${a.stderr()}\n${b.stderr()}`,
            { cause: error },
          );
        });
      const callback = redirect.next();
      await consent(page, access);
      const params = await callback;
      expect(params.get("error")).toBeNull();
      await transport.finishAuth(params);
    } finally {
      await page.close();
    }
    const connected = new Client({ name: "oauth-test", version: "0" });
    await connected.connect(
      new StreamableHTTPClientTransport(new URL(`${balancer.url}/mcp`), { authProvider: app }),
    );
    return { client: connected, app };
  }

  it("answers /mcp without a token with 401 naming the protected resource metadata", async () => {
    const response = await fetch(`${balancer.url}/mcp`, { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
    const header = response.headers.get("www-authenticate") ?? "";
    expect(header).toContain(`resource_metadata="${balancer.url}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = (await (
      await fetch(`${balancer.url}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(metadata.resource).toBe(`${balancer.url}/mcp`);
    expect(metadata.authorization_servers).toEqual([balancer.url]);
    const as = (await (
      await fetch(`${balancer.url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(as.issuer).toBe(balancer.url);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.registration_endpoint).toBe(`${balancer.url}/oauth/register`);
    expect(as.revocation_endpoint).toBe(`${balancer.url}/oauth/revoke`);
  });

  it("registers, signs in through the page, and calls tools with the person's key", {
    timeout: 60_000,
  }, async () => {
    const app = new MemoryOAuthClient(redirect.url);
    const { client } = await connectAs(sandbox().keys.demo, "write", app);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("create_invoice");
    const result = await client.callTool({ name: "list_customers", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/customer/i);
    await client.close();
    // Nothing of the key or the tokens in clear in the database.
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    const dump = JSON.stringify(
      (await db.query("SELECT * FROM oauth_tenants")).rows.concat(
        (await db.query("SELECT * FROM oauth_records")).rows,
      ),
    );
    await db.end();
    expect(dump).not.toContain(sandbox().keys.demo);
    expect(dump).not.toContain(app.tokens()!.access_token);
    expect(dump).not.toContain(app.tokens()!.refresh_token!);
  });
});
