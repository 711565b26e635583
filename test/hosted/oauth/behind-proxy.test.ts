/**
 * The whole sign-in flow through the reverse proxy of docs/deploy.md (its nginx block, read from the
 * document and obeyed: TLS in front, Host rewritten to the upstream's name, X-Forwarded-For set),
 * two instances behind it, a real browser: the published URLs are the public https ones, the
 * sign-in cookies are Secure, and the person's token works at /mcp. The Caddy block forwards the
 * same paths.
 */
import { execFileSync } from "node:child_process";
import type { Browser, BrowserContext } from "playwright-core";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseLocation,
  type DocsProxy,
  deployDocBlock,
  nginxBlockFromDocs,
  selfSignedCertificate,
  startDocsProxy,
  type TlsFiles,
} from "../../helpers/docs-proxy.js";
import { type Engine, startPostgres } from "../../helpers/engines.js";
import type { ServeProcess } from "../../helpers/hosted.js";
import {
  authorizeInBrowser,
  authorizeUrl,
  freePort,
  launchBrowser,
  oauthKeys,
  pkce,
  type RedirectTarget,
  registerClient,
  startOAuthServe,
  startRedirectTarget,
  tokenRequest,
} from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";
import { BIN } from "../../helpers/stdio.js";

describe("the sign-in flow behind the documented proxy", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let postgres: Engine;
  let tls: TlsFiles;
  let proxy: DocsProxy;
  let a: ServeProcess;
  let b: ServeProcess;
  let redirect: RedirectTarget;
  let browser: Browser;
  let context: BrowserContext;
  let closeBrowser: () => Promise<void>;
  let agent: Agent;
  /** fetch that trusts the proxy's certificate, as a client trusts a real one. */
  let secureFetch: typeof fetch;

  beforeAll(async () => {
    postgres = await startPostgres();
    execFileSync(process.execPath, [BIN, "db", "migrate"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: postgres.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    tls = selfSignedCertificate();
    proxy = await startDocsProxy(await freePort(), tls);
    const env = {
      INVOICING_DATABASE_URL: postgres.url,
      INVOICING_BASE_URL: sandbox().url,
      INVOICING_OAUTH_KEYS: oauthKeys(),
      INVOICING_TRUST_PROXY: "true",
    };
    [a, b] = await Promise.all([startOAuthServe(proxy.url, env), startOAuthServe(proxy.url, env)]);
    proxy.backends.push(a.url, b.url);
    redirect = await startRedirectTarget();
    ({ browser, close: closeBrowser } = await launchBrowser());
    context = await browser.newContext({ ignoreHTTPSErrors: true });
    agent = new Agent({ connect: { ca: tls.cert } });
    secureFetch = ((url: string, init?: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch;
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await closeBrowser?.();
    await redirect?.close();
    await a?.stop();
    await b?.stop();
    await proxy?.close();
    await agent?.close();
    tls?.remove();
    await postgres?.stop();
  });

  it("passes what the server answers and nothing else, and Caddy's block the same paths", () => {
    const nginx = nginxBlockFromDocs();
    for (const path of [
      "/mcp",
      "/oauth/authorize",
      "/oauth/interaction/abc",
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-protected-resource/mcp",
      "/webhooks/acme",
    ])
      expect(chooseLocation(nginx, path)?.returns, path).toBeUndefined();
    for (const path of ["/healthz", "/readyz", "/", "/mcpx"])
      expect(chooseLocation(nginx, path)?.returns, path).toBe(404);
    const forwarded = nginx.locations
      .filter((location) => location.returns === undefined)
      .map((location) => (location.exact ? location.path : `${location.path}*`))
      .sort();
    const caddy = /@\w+\s+path\s+([^\n]+)/.exec(deployDocBlock("caddy"))?.[1]?.trim().split(/\s+/).sort();
    expect(caddy).toEqual(forwarded);
  });

  it("publishes https URLs of the public address only", async () => {
    for (const path of [
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-protected-resource/mcp",
    ]) {
      const response = await secureFetch(`${proxy.url}${path}`);
      expect(response.status, path).toBe(200);
      const document = (await response.json()) as Record<string, unknown>;
      const urls = Object.values(document)
        .flat()
        .filter((value): value is string => typeof value === "string" && value.includes("://"));
      for (const url of urls) expect(url.startsWith(`${proxy.url}`), url).toBe(true);
    }
  });

  it("signs a person in with Secure cookies, and their token calls tools", { timeout: 90_000 }, async () => {
    const clientId = await registerClient(proxy.url, redirect.url, "Proxy App", secureFetch);
    const { verifier, challenge } = pkce();
    const params = await authorizeInBrowser(
      context,
      authorizeUrl(proxy.url, { clientId, redirectUri: redirect.url, challenge }),
      sandbox().keys.demo,
      "write",
      redirect,
    );
    expect(params.get("error")).toBeNull();
    const cookies = await context.cookies(proxy.url);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies)
      expect({ name: cookie.name, secure: cookie.secure }).toEqual({
        name: cookie.name,
        secure: true,
      });
    const tokens = await tokenRequest(
      proxy.url,
      {
        grant_type: "authorization_code",
        code: params.get("code")!,
        redirect_uri: redirect.url,
        client_id: clientId,
        code_verifier: verifier,
      },
      secureFetch,
    );
    expect(tokens.status).toBe(200);
    const call = await secureFetch(`${proxy.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${String(tokens.body.access_token)}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "list_customers", arguments: {} },
      }),
    });
    expect(call.status).toBe(200);
    expect(await call.text()).toContain("Müller");
  });
});
