/**
 * The MCP authorization flow as a client does it: the SDK v2 client's own OAuth support against two
 * `serve --oauth` instances behind one URL (so an authorization begun on one completes on the
 * other), a real headless Chromium typing the key and consenting, then tool calls, a refresh,
 * revocation, and the read-only grant.
 */
import { execFileSync } from "node:child_process";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { People } from "../../../src/hosted/oauth/people.js";
import { sign } from "../../../src/webhooks/signature.js";
import { textOf } from "../../helpers/hosted.js";
import { consent, MemoryOAuthClient, tokenRequest, typeKey, useOAuthServers } from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";
import { BIN } from "../../helpers/stdio.js";
import { deliver, envelope } from "../../webhooks/helpers.js";

describe("OAuth: the SDK client, a browser, two instances behind one URL", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const oauth = useOAuthServers(sandbox);

  /** Connects with the SDK's OAuth support; the browser plays the person. Returns the connected client. */
  async function connectAs(
    apiKey: string,
    access: "read" | "write",
    app: MemoryOAuthClient,
    webhookSecret?: string,
  ): Promise<{ client: Client; app: MemoryOAuthClient }> {
    const transport = new StreamableHTTPClientTransport(new URL(`${oauth().url}/mcp`), {
      authProvider: app,
    });
    const client = new Client({ name: "oauth-test", version: "0" });
    await expect(client.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    expect(app.authorizationUrl).toBeDefined();
    const page = await oauth().browser.newPage();
    try {
      await page.goto(app.authorizationUrl!.toString());
      await typeKey(page, apiKey);
      await page
        .locator('input[name="access"]')
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(async (error: unknown) => {
          throw new Error(
            `no consent page at ${page.url()}:\n${await page.content()}\n${oauth()
              .instances.map((instance) => instance.stderr())
              .join("\n")}`,
            { cause: error },
          );
        });
      const callback = oauth().redirect.next();
      await consent(page, access, webhookSecret);
      const params = await callback;
      expect(params.get("error")).toBeNull();
      await transport.finishAuth(params);
    } finally {
      await page.close();
    }
    const connected = new Client({ name: "oauth-test", version: "0" });
    await connected.connect(
      new StreamableHTTPClientTransport(new URL(`${oauth().url}/mcp`), { authProvider: app }),
    );
    return { client: connected, app };
  }

  it("says in one line of its own which Node.js OAuth sign-in needs, instead of the library's warning", () => {
    const major = Number(process.versions.node.split(".")[0]);
    for (const instance of oauth().instances) {
      const ours = instance
        .stderr()
        .match(/OAuth sign-in runs here on Node\.js [\d.]+; .*supports Node\.js 22 and later/g);
      expect(ours ?? []).toHaveLength(major < 22 ? 1 : 0);
      expect(instance.stderr()).not.toContain("oidc-provider WARNING");
    }
  });

  it("answers /mcp without a token with 401 naming the protected resource metadata", async () => {
    const response = await fetch(`${oauth().url}/mcp`, { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
    const header = response.headers.get("www-authenticate") ?? "";
    expect(header).toContain(`resource_metadata="${oauth().url}/.well-known/oauth-protected-resource/mcp"`);
    const metadata = (await (
      await fetch(`${oauth().url}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(metadata.resource).toBe(`${oauth().url}/mcp`);
    expect(metadata.authorization_servers).toEqual([oauth().url]);
    const as = (await (
      await fetch(`${oauth().url}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(as.issuer).toBe(oauth().url);
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.registration_endpoint).toBe(`${oauth().url}/oauth/register`);
    expect(as.revocation_endpoint).toBe(`${oauth().url}/oauth/revoke`);
  });

  it("registers, signs in through the page, and calls tools with the person's key", {
    timeout: 60_000,
  }, async () => {
    const app = new MemoryOAuthClient(oauth().redirect.url);
    const { client } = await connectAs(sandbox().keys.demo, "write", app);
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("create_invoice");
    const result = await client.callTool({ name: "list_customers", arguments: {} });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toMatch(/customer/i);
    await client.close();
    // Nothing of the key or the tokens in clear in the database.
    const db = new pg.Client({ connectionString: oauth().postgres.url });
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

  const mcpCall = (token: string, body: unknown) =>
    fetch(`${oauth().url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify(body),
    });

  it("a read-only grant lists no write tool, and calling one answers insufficient_scope", {
    timeout: 60_000,
  }, async () => {
    const app = new MemoryOAuthClient(oauth().redirect.url, "Reader");
    const { client } = await connectAs(sandbox().keys.other, "read", app);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("list_customers");
    expect(names).not.toContain("create_invoice");
    await client.close();
    const response = await mcpCall(app.tokens()!.access_token, {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "create_invoice", arguments: {} },
    });
    expect(response.status).toBe(403);
    const header = response.headers.get("www-authenticate") ?? "";
    expect(header).toContain('error="insufficient_scope"');
    expect(header).toContain('scope="read write"');
    expect(header).toContain("resource_metadata=");
    // A write only views offer is a write all the same: the scope decides, not a list of names.
    const previewed = await mcpCall(app.tokens()!.access_token, {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "create_previewed_invoice", arguments: {} },
    });
    expect(previewed.status).toBe(403);
    expect(previewed.headers.get("www-authenticate") ?? "").toContain('error="insufficient_scope"');
  });

  it("refreshes when the access token is refused; a reused refresh token ends the whole grant", {
    timeout: 60_000,
  }, async () => {
    const app = new MemoryOAuthClient(oauth().redirect.url, "Refresher");
    const { client } = await connectAs(sandbox().keys.demo, "write", app);
    const first = app.tokens()!;
    const clientId = app.clientInformation()!.client_id;
    // As if it had expired: the server refuses the access token, the SDK client refreshes and carries on.
    app.saveTokens({ ...first, access_token: "expired-or-unknown" });
    const result = await client.callTool({ name: "list_customers", arguments: {} });
    expect(result.isError).toBeFalsy();
    const second = app.tokens()!;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token); // rotated
    await client.close();
    // The old refresh token again: refused, and the family (the new tokens too) is revoked.
    const reuse = await tokenRequest(oauth().url, {
      grant_type: "refresh_token",
      refresh_token: first.refresh_token!,
      client_id: clientId,
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe("invalid_grant");
    expect((await mcpCall(second.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(
      401,
    );
    const again = await tokenRequest(oauth().url, {
      grant_type: "refresh_token",
      refresh_token: second.refresh_token!,
      client_id: clientId,
    });
    expect(again.status).toBe(400);
  });

  it("the revocation endpoint (RFC 7009) ends a refresh token and what was issued with it", {
    timeout: 60_000,
  }, async () => {
    const app = new MemoryOAuthClient(oauth().redirect.url, "Revoker");
    const { client } = await connectAs(sandbox().keys.demo, "write", app);
    await client.close();
    const tokens = app.tokens()!;
    expect(
      (await mcpCall(tokens.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status,
    ).not.toBe(401);
    const revoked = await fetch(`${oauth().url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        token: tokens.refresh_token!,
        client_id: app.clientInformation()!.client_id,
      }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect((await mcpCall(tokens.access_token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(
      401,
    );
    const refreshed = await tokenRequest(oauth().url, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token!,
      client_id: app.clientInformation()!.client_id,
    });
    expect(refreshed.status).toBe(400);
  });

  it("tokens list shows OAuth grants and tokens revoke ends one at once", { timeout: 60_000 }, async () => {
    const app = new MemoryOAuthClient(oauth().redirect.url, "Listed App");
    const { client } = await connectAs(sandbox().keys.demo, "write", app);
    await client.close();
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, [BIN, "tokens", ...args], {
        env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: oauth().postgres.url },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    const line = cli("list")
      .split("\n")
      .find((l) => l.includes("Listed App"));
    expect(line).toMatch(/^oauth-[0-9a-f]{12} {2}oa-[0-9a-f]{20} {2}\S+ {2}read write {2}Listed App/);
    const token = app.tokens()!.access_token;
    expect((await mcpCall(token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).not.toBe(401);
    cli("revoke", line!.split(" ")[0]!);
    expect((await mcpCall(token, { jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(401);
    expect(cli("list")).not.toContain("Listed App");
  });

  it("the webhook secret given at consent receives that person's payment notices", {
    timeout: 60_000,
  }, async () => {
    const secret = "whsec_oauth_person_77a1";
    const app = new MemoryOAuthClient(oauth().redirect.url, "Webhook App");
    const { client } = await connectAs(sandbox().keys.other, "read", app, secret);
    const tenant = People.idFor(sandbox().url, sandbox().keys.other).id;
    // Before any event: the hint names the address the consent page showed, not a local receiver.
    const empty = await client.callTool({ name: "recent_events", arguments: {} });
    const hint = (empty.content as { text: string }[]).map((c) => c.text).join("\n");
    expect(hint).toContain(`The inbox is empty: is ${oauth().url}/webhooks/${tenant} (the address shown`);
    expect(hint).not.toMatch(/webhooks serve/);
    const body = envelope(
      "invoice.paid",
      { _id: "inv_oauth1", invoiceNumber: "RE-2026-777", grossAmount: 99.5, customerName: "OAuth GmbH" },
      "2026-11-20T15:30:00.000Z",
    );
    expect((await deliver(`${oauth().url}/webhooks/${tenant}`, body, sign(body, "whsec_wrong"))).status).toBe(
      401,
    );
    expect((await deliver(`${oauth().url}/webhooks/${tenant}`, body, sign(body, secret))).status).toBe(200);
    const result = await client.callTool({ name: "recent_events", arguments: { type: "invoice.paid" } });
    const data = result.structuredContent as { events: { invoiceNumber: string }[] };
    expect(data.events.map((e) => e.invoiceNumber)).toContain("RE-2026-777");
    await client.close();
  });
});
