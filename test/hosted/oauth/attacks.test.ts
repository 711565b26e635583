/**
 * Attacks on the authorization server and its pages, each refused with nothing stored: a wrong or
 * missing PKCE verifier, unregistered redirect URIs (no open redirect), a replayed code, a token
 * for another resource, a reused refresh token (flow.test.ts), a forged CSRF token, framing,
 * oversized or never-ending client metadata documents, wrong API keys; and the key never in clear
 * in logs, pages or the database. Plus isolation between two people and a client by CIMD.
 */
import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import pg from "pg";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOf } from "../../helpers/hosted.js";
import {
  authorizeUrl,
  codeThroughBrowser,
  consent,
  exchangeCode,
  MemoryOAuthClient,
  pkce,
  registerClient,
  typeKey,
  useOAuthServers,
} from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";
import { BIN } from "../../helpers/stdio.js";

describe("OAuth: attacks are refused with nothing stored", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let metadataServer: Server;
  let metadataPort: number;

  const count = async (sql: string): Promise<number> => {
    const db = new pg.Client({ connectionString: oauth().postgres.url });
    await db.connect();
    try {
      return Number((await db.query(sql)).rows[0].count);
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    // Client metadata documents: a good one, a 10 MB one, one that never ends.
    metadataServer = createServer((req, res) => {
      const id = `https://127.0.0.1:${metadataPort}${req.url}`;
      if (req.url === "/good.json") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            client_id: id,
            client_name: "Metadata App",
            redirect_uris: [oauth().redirect.url],
            grant_types: ["authorization_code", "refresh_token"],
            response_types: ["code"],
            token_endpoint_auth_method: "none",
          }),
        );
      }
      if (req.url === "/huge.json") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end(`{"client_id":"${id}","client_name":"${"x".repeat(10 * 1024 * 1024)}"}`);
      }
      if (req.url === "/endless.json") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write(`{"client_id":"${id}",`);
        const timer = setInterval(() => res.write(" "), 100);
        res.on("close", () => clearInterval(timer));
        return;
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => metadataServer.listen(0, "127.0.0.1", resolve));
    metadataPort = (metadataServer.address() as AddressInfo).port;
  });
  afterAll(() => {
    metadataServer?.closeAllConnections();
    metadataServer?.close();
  });
  const oauth = useOAuthServers(sandbox, {
    instances: 1,
    env: () => ({
      INVOICING_OAUTH_TEST_LOOPBACK_CIMD: "1",
      INVOICING_OAUTH_ATTEMPTS: "1000",
      INVOICING_OPERATOR_NAME: "Kanzlei Beispiel & Partner",
    }),
  });
  const serve = () => oauth().instances[0]!;

  /** A code for a fresh DCR client, through the browser. */
  async function codeFor(apiKey = sandbox().keys.demo) {
    const { clientId, verifier, code, params } = await codeThroughBrowser(oauth(), apiKey, { state: "s-42" });
    expect(params.get("state")).toBe("s-42"); // returned unchanged
    return { clientId, verifier, code };
  }
  const exchange = (clientId: string, code: string, verifier?: string, extra: Record<string, string> = {}) =>
    exchangeCode(oauth(), { clientId, code, verifier }, extra);

  it("refuses a wrong or missing PKCE verifier, and issues nothing", { timeout: 60_000 }, async () => {
    const { clientId, verifier, code } = await codeFor();
    const before = await count("SELECT count(*) FROM oauth_records WHERE model = 'AccessToken'");
    const wrong = await exchange(clientId, code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
    const missing = await exchange(clientId, code);
    expect(missing.status).toBe(400);
    expect(await count("SELECT count(*) FROM oauth_records WHERE model = 'AccessToken'")).toBe(before);
    expect(verifier).not.toBe("");
  });

  it("a replayed code is refused and revokes what the first exchange issued", {
    timeout: 60_000,
  }, async () => {
    const { clientId, verifier, code } = await codeFor();
    const first = await exchange(clientId, code, verifier);
    expect(first.status).toBe(200);
    const replay = await exchange(clientId, code, verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe("invalid_grant");
    const call = await fetch(`${oauth().url}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${first.body.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(call.status).toBe(401);
  });

  it("never redirects to an unregistered URI, whatever the parameters", async () => {
    const clientId = await registerClient(oauth().url, oauth().redirect.url);
    const { challenge } = pkce();
    const evil = [
      "https://evil.example/callback",
      `${oauth().redirect.url}/../evil`,
      `${oauth().redirect.url}?next=https://evil.example`,
      oauth().redirect.url.replace("127.0.0.1", "localhost"),
    ];
    for (const redirectUri of evil) {
      const response = await fetch(authorizeUrl(oauth().url, { clientId, redirectUri, challenge }), {
        redirect: "manual",
      });
      expect(response.status, redirectUri).toBe(400);
      expect(response.headers.get("location"), redirectUri).toBeNull();
    }
    // A client that is not registered at all: no redirect either.
    const unknown = await fetch(
      authorizeUrl(oauth().url, { clientId: "nobody", redirectUri: oauth().redirect.url, challenge }),
      {
        redirect: "manual",
      },
    );
    expect(unknown.headers.get("location")).toBeNull();
    // An error for a registered URI goes there and nowhere else.
    const plain = await fetch(
      `${oauth().url}/oauth/authorize?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(oauth().redirect.url)}&state=x`,
      { redirect: "manual" },
    );
    expect(plain.headers.get("location")?.startsWith(`${oauth().redirect.url}?`)).toBe(true);
    expect(plain.headers.get("location")).toContain("error=invalid_request"); // PKCE is required
  });

  it("issues tokens only for this server's /mcp", { timeout: 60_000 }, async () => {
    const clientId = await registerClient(oauth().url, oauth().redirect.url);
    const { challenge } = pkce();
    const other = await fetch(
      authorizeUrl(oauth().url, {
        clientId,
        redirectUri: oauth().redirect.url,
        challenge,
        resource: "https://other.example/mcp",
      }),
      { redirect: "manual" },
    );
    expect(other.headers.get("location")).toContain("error=invalid_target");
    const { clientId: id2, verifier, code } = await codeFor();
    const exchanged = await exchange(id2, code, verifier, { resource: "https://other.example/mcp" });
    expect(exchanged.status).toBe(400);
    expect(exchanged.body.error).toBe("invalid_target");
  });

  it("a wrong, expired or no-Pro key gets the page's own words for doctor's cause, in the page's language, and nothing is stored", {
    timeout: 90_000,
  }, async () => {
    const clientId = await registerClient(oauth().url, oauth().redirect.url);
    const { challenge } = pkce();
    const before = await count("SELECT count(*) FROM oauth_tenants");
    const cases: { key: string; locale: string; says: RegExp }[] = [
      {
        key: "sk_live_wrongwrongwrongwrongwrongwrong1",
        locale: "en-US",
        says: /does not know this key \(401\)/,
      },
      {
        key: sandbox().keys.expired,
        locale: "en-US",
        says: /refused the key \(403\): the key has expired, or the account has no Pro plan/,
      },
      { key: sandbox().keys.noPro, locale: "en-US", says: /refused the key \(403\)/ },
      {
        key: "sk_live_wrongwrongwrongwrongwrongwrong1",
        locale: "de-DE",
        says: /kennt diesen Schlüssel nicht \(401\)/,
      },
      {
        key: sandbox().keys.expired,
        locale: "de-DE",
        says: /abgelehnt \(403\): Der Schlüssel ist abgelaufen oder/,
      },
      { key: sandbox().keys.noPro, locale: "de-DE", says: /abgelehnt \(403\)/ },
    ];
    for (const { key, locale, says } of cases) {
      const page = await oauth().browser.newPage({ locale });
      await page.goto(authorizeUrl(oauth().url, { clientId, redirectUri: oauth().redirect.url, challenge }));
      await typeKey(page, key);
      const html = await page.content();
      const text = await page.locator("body").innerText();
      expect(text).toMatch(says);
      // One language on a page: no English sentence of doctor's (or of the service) on a German page.
      if (locale === "de-DE") expect(text).not.toMatch(/\b(the|key|refused|expired|accepted|account)\b/i);
      expect(html).not.toContain(key);
      expect(await page.locator('input[type="password"][name="api_key"]').count()).toBe(1);
      await page.close();
    }
    expect(await count("SELECT count(*) FROM oauth_tenants")).toBe(before);
  });

  /** What the page's functions use of the browser (the tests compile without the DOM's types). */
  type BrowserGlobals = {
    getComputedStyle(element: unknown): { backgroundColor: string; whiteSpace: string };
    getSelection(): unknown;
  };

  /** OAUTH_SCREENSHOTS=docs/oauth refreshes the pictures in docs/deploy.md (400 and 1280 px wide). */
  async function pictures(page: Page, name: string): Promise<void> {
    const dir = process.env.OAUTH_SCREENSHOTS;
    if (!dir) return;
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [400, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const suffix = scheme === "dark" ? "-dark" : "";
        await page.screenshot({ path: `${dir}/${name}-${width}${suffix}.png`, fullPage: true });
      }
    }
    await page.emulateMedia({ colorScheme: "light" });
  }

  it("the pages name the product and the operator, preselect the least access, and make Allow the primary action", {
    timeout: 60_000,
  }, async () => {
    const clientId = await registerClient(oauth().url, oauth().redirect.url);
    const { challenge } = pkce();
    for (const [locale, operated] of [
      ["en-US", "operated by Kanzlei Beispiel & Partner"],
      ["de-DE", "betrieben von Kanzlei Beispiel & Partner"],
    ] as const) {
      const page = await oauth().browser.newPage({ locale });
      try {
        await page.goto(
          authorizeUrl(oauth().url, { clientId, redirectUri: oauth().redirect.url, challenge }),
        );
        await pictures(page, `key-${locale.slice(0, 2)}`);
        expect(await page.locator("header").innerText()).toContain("invoicing-mcp");
        expect(await page.locator("header").innerText()).toContain(operated);
        await typeKey(page, sandbox().keys.demo);
        await page.locator('input[name="access"]').first().waitFor({ timeout: 15_000 });
        expect(await page.locator("header").innerText()).toContain(operated);
        await pictures(page, `consent-${locale.slice(0, 2)}`);
        expect(await page.locator('input[name="access"][value="read"]').isChecked()).toBe(true);
        expect(await page.locator('input[name="access"][value="write"]').isChecked()).toBe(false);
        // No tool changes or deletes anything: the write choice must not say it does.
        const text = await page.locator("body").innerText();
        expect(text).not.toMatch(/change invoices|ändern$|und ändern/m);
        // Allow filled in the accent colour, Deny outlined: they do not look the same.
        const look = (value: string) =>
          page
            .locator(`button[name="decision"][value="${value}"]`)
            .evaluate(
              (button) => (globalThis as unknown as BrowserGlobals).getComputedStyle(button).backgroundColor,
            );
        expect(await look("allow")).not.toBe(await look("deny"));
        // The webhook address stays on one line and is selected whole by a click.
        const url = page.locator("code.url");
        expect(
          await url.evaluate(
            (code) => (globalThis as unknown as BrowserGlobals).getComputedStyle(code).whiteSpace,
          ),
        ).toBe("nowrap");
        await url.click();
        expect(
          await page.evaluate(() => String((globalThis as unknown as BrowserGlobals).getSelection())),
        ).toMatch(/^https?:\/\/[^\s]+\/webhooks\/\S+$/);
      } finally {
        await page.close();
      }
    }
  });

  it("refuses a forged CSRF token, and forbids framing", { timeout: 60_000 }, async () => {
    const clientId = await registerClient(oauth().url, oauth().redirect.url);
    const { challenge } = pkce();
    const before = await count("SELECT count(*) FROM oauth_tenants");
    const page = await oauth().browser.newPage();
    const response = await page.goto(
      authorizeUrl(oauth().url, { clientId, redirectUri: oauth().redirect.url, challenge }),
    );
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("default-src 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    await page.locator('input[name="csrf"]').evaluate((input) => {
      (input as unknown as { value: string }).value = "forged";
    });
    await typeKey(page, sandbox().keys.demo);
    expect(await page.content()).toMatch(/not sent by this page/);
    await page.close();
    expect(await count("SELECT count(*) FROM oauth_tenants")).toBe(before);
  });

  it("answers in German for Accept-Language: de", async () => {
    const response = await fetch(`${oauth().url}/oauth/interaction/unknown`, {
      headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" },
    });
    expect(await response.text()).toContain("Diese Anmeldung ist abgelaufen");
  });

  it("a client by metadata document connects; a 10 MB or never-ending document is refused", {
    timeout: 60_000,
  }, async () => {
    const { challenge } = pkce();
    const clientsBefore = await count("SELECT count(*) FROM oauth_records WHERE model = 'Client'");
    for (const name of ["huge", "endless"]) {
      const started = Date.now();
      const response = await fetch(
        authorizeUrl(oauth().url, {
          clientId: `https://127.0.0.1:${metadataPort}/${name}.json`,
          redirectUri: oauth().redirect.url,
          challenge,
        }),
        { redirect: "manual" },
      );
      expect(response.status, name).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(Date.now() - started).toBeLessThan(10_000); // bounded in time (the limit is 2.5 s)
    }
    expect(await count("SELECT count(*) FROM oauth_records WHERE model = 'Client'")).toBe(clientsBefore);
    // The SDK client with a client id metadata URL: no registration, the document names it.
    const app = new MemoryOAuthClient(oauth().redirect.url, "Metadata App", {
      clientMetadataUrl: `https://127.0.0.1:${metadataPort}/good.json`,
    });
    const transport = new StreamableHTTPClientTransport(new URL(`${oauth().url}/mcp`), { authProvider: app });
    await expect(new Client({ name: "cimd", version: "0" }).connect(transport)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(app.authorizationUrl?.searchParams.get("client_id")).toBe(
      `https://127.0.0.1:${metadataPort}/good.json`,
    );
    const page = await oauth().browser.newPage();
    await page.goto(app.authorizationUrl!.toString());
    expect(await page.content()).toContain("Metadata App");
    await page.close();
  });

  it("keeps two people apart, and no key appears in the logs", { timeout: 90_000 }, async () => {
    const demo = await codeFor(sandbox().keys.demo);
    const other = await codeFor(sandbox().keys.other);
    const demoTokens = await exchange(demo.clientId, demo.code, demo.verifier);
    const otherTokens = await exchange(other.clientId, other.code, other.verifier);
    const customers = async (token: string) => {
      const client = new Client({ name: "iso", version: "0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${oauth().url}/mcp`), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const text = textOf(await client.callTool({ name: "list_customers", arguments: {} }));
      await client.close();
      return text;
    };
    const a = await customers(String(demoTokens.body.access_token));
    const b = await customers(String(otherTokens.body.access_token));
    expect(a).not.toBe(b);
    const log = serve().stderr();
    for (const secret of [sandbox().keys.demo, sandbox().keys.other, String(demoTokens.body.access_token)])
      expect(log).not.toContain(secret);
  });

  it("the consent page shows where the access goes and who published the app, and names only as the app's own claim", {
    timeout: 60_000,
  }, async () => {
    // A client that claims to be claude.ai, with a right-to-left override hiding its real name.
    const registered = await fetch(`${oauth().url}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_name: "\u202Eiru.evil\u202C Claude\u200B\u001b]0;pwned\u0007",
        client_uri: "https://claude.ai",
        logo_uri: "https://claude.ai/logo.png",
        redirect_uris: [oauth().redirect.url],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId } = (await registered.json()) as { client_id: string };
    const { challenge } = pkce();
    const page = await oauth().browser.newPage();
    try {
      await page.goto(authorizeUrl(oauth().url, { clientId, redirectUri: oauth().redirect.url, challenge }));
      const keyPage = await page.locator("body").innerText();
      expect(keyPage).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
      await typeKey(page, sandbox().keys.demo);
      await page.locator('input[name="access"]').first().waitFor({ timeout: 15_000 });
      const html = await page.content();
      const text = await page.locator("body").innerText();
      expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
      expect(text).not.toContain("claude.ai"); // the client's claims about itself are not facts
      expect(text).toContain("“iru.evil Claude]0;pwned”"); // the name it gave, quoted as its own
      expect(text).toContain(new URL(oauth().redirect.url).host); // where the access really goes
      const callback = oauth().redirect.next();
      await consent(page, "read");
      await callback;
    } finally {
      await page.close();
    }
    // The operator's terminal gets the name without its control characters too.
    const listed = execFileSync(process.execPath, [BIN, "tokens", "list"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: oauth().postgres.url },
      encoding: "utf8",
    });
    expect(listed).toContain("iru.evil Claude");
    for (const line of listed.split("\n")) expect(line).not.toMatch(/[\p{Cc}\p{Cf}]/u); // control and format characters (ESC, U+202E, …)
    // A client by metadata document: the host that served the document is named.
    const cimd = await oauth().browser.newPage();
    try {
      await cimd.goto(
        authorizeUrl(oauth().url, {
          clientId: `https://127.0.0.1:${metadataPort}/good.json`,
          redirectUri: oauth().redirect.url,
          challenge,
        }),
      );
      await typeKey(cimd, sandbox().keys.demo);
      await cimd.locator('input[name="access"]').first().waitFor({ timeout: 15_000 });
      expect(await cimd.locator("body").innerText()).toContain(`127.0.0.1:${metadataPort}`);
    } finally {
      await cimd.close();
    }
  });
});
