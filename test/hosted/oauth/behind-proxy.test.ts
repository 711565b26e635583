import type { BrowserContext } from "playwright-core";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseLocation,
  deployDocBlock,
  nginxBlockFromDocs,
  selfSignedCertificate,
  startDocsProxy,
  type TlsFiles,
} from "../../helpers/docs-proxy.js";
import { codeThroughBrowser, exchangeCode, freePort, useOAuthServers } from "../../helpers/oauth.js";
import { REFERENCE_DATE, useSandbox } from "../../helpers/sandbox.js";

describe("the sign-in flow behind the documented proxy", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let tls: TlsFiles;
  let context: BrowserContext;
  let agent: Agent;
  /** fetch that trusts the proxy's certificate, as a client trusts a real one. */
  let secureFetch: typeof fetch;

  const oauth = useOAuthServers(sandbox, {
    // The documented proxy, on a certificate of its own that goes when the proxy does.
    front: async () => {
      tls = selfSignedCertificate();
      const proxy = await startDocsProxy(await freePort(), tls).catch((error: unknown) => {
        tls.remove();
        throw error;
      });
      return {
        ...proxy,
        close: async () => {
          await proxy.close();
          tls.remove();
        },
      };
    },
    env: () => ({ INVOICING_TRUST_PROXY: "true" }),
  });
  beforeAll(async () => {
    context = await oauth().browser.newContext({ ignoreHTTPSErrors: true });
    agent = new Agent({ connect: { ca: tls.cert } });
    secureFetch = ((url: string, init?: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch;
  });
  afterAll(async () => {
    await context?.close();
    await agent?.close();
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
      const response = await secureFetch(`${oauth().url}${path}`);
      expect(response.status, path).toBe(200);
      const document = (await response.json()) as Record<string, unknown>;
      const urls = Object.values(document)
        .flat()
        .filter((value): value is string => typeof value === "string" && value.includes("://"));
      for (const url of urls) expect(url.startsWith(`${oauth().url}`), url).toBe(true);
    }
  });

  it("signs a person in with Secure cookies, and their token calls tools", { timeout: 90_000 }, async () => {
    const grant = await codeThroughBrowser(oauth(), sandbox().keys.demo, {
      clientName: "Proxy App",
      browser: context,
      fetcher: secureFetch,
    });
    expect(grant.params.get("error")).toBeNull();
    const cookies = await context.cookies(oauth().url);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies)
      expect({ name: cookie.name, secure: cookie.secure }).toEqual({
        name: cookie.name,
        secure: true,
      });
    const tokens = await exchangeCode(oauth(), grant, {}, secureFetch);
    expect(tokens.status).toBe(200);
    const call = await secureFetch(`${oauth().url}/mcp`, {
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
