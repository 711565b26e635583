import { describe, expect, it } from "vitest";
import { type Era, httpClient, startServe, textOf, useHosted } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

/** `invoicing-mcp serve` with one tenant, a token from `tokens create`, and the SDK's own client. */
describe("serve: MCP over Streamable HTTP for a tenant", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const hosted = useHosted(() => ({
    tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url, timeZone: "Europe/Berlin" }],
    env: { ACME_KEY: sandbox().keys.demo },
  }));

  for (const era of ["legacy", "modern"] as Era[]) {
    it(`answers a ${era}-era client: tools, a call, resources, prompts`, async () => {
      const client = await httpClient(hosted().url, hosted().token, era);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(era === "modern" ? "2026-07-28" : "2025-11-25");
        const tools = (await client.listTools()).tools.map((t) => t.name);
        expect(tools).toContain("list_customers");
        expect(tools).not.toContain("recent_events"); // no shared inbox configured
        const result = await client.callTool({ name: "list_customers", arguments: {} });
        expect(textOf(result)).toMatch(/Müller & Söhne GmbH/);
        const { resources } = await client.listResources();
        expect(resources.map((r) => r.uri)).toContain("invoicing://reports/outstanding");
        expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
      } finally {
        await client.close();
      }
    });
  }

  it("the token never reaches the API; the tenant's key does", async () => {
    const client = await httpClient(hosted().url, hosted().token, "modern");
    await client.callTool({ name: "list_customers", arguments: {} });
    await client.close();
    const keys = new Set(sandbox().requests.map((r) => r.key));
    expect(keys.has(hosted().token)).toBe(false);
    expect(keys.has(sandbox().keys.demo)).toBe(true);
  });

  it("refuses a request without a token, or with an unknown one, with 401 and a challenge", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    const headers = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
    const none = await fetch(`${hosted().url}/mcp`, { method: "POST", body, headers });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe('Bearer realm="invoicing-mcp"');
    const unknown = await fetch(`${hosted().url}/mcp`, {
      method: "POST",
      body,
      headers: { ...headers, Authorization: "Bearer imcp_not-a-token" },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    await expect(httpClient(hosted().url, undefined, "legacy")).rejects.toThrow();
  });

  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${hosted().url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${hosted().url}/readyz`);
    expect(ready.status).toBe(200);
  });

  it("caps request bodies", async () => {
    const big = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { pad: "x".repeat(2 * 1024 * 1024) },
    });
    const answer = await fetch(`${hosted().url}/mcp`, {
      method: "POST",
      body: big,
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        Authorization: `Bearer ${hosted().token}`,
      },
    });
    expect(answer.status).toBe(413);
  });

  it("answers a body that is not JSON with a parse error, and goes on", async () => {
    const headers = {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${hosted().token}`,
    };
    const broken = await fetch(`${hosted().url}/mcp`, { method: "POST", body: '{"jsonrpc":"2.0",', headers });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 }, id: null });
    // And the instance goes on answering.
    const client = await httpClient(hosted().url, hosted().token, "legacy");
    expect((await client.listTools()).tools.length).toBeGreaterThan(5);
    await client.close();
  });

  it("stops on SIGTERM", async () => {
    // An instance of its own: the one above serves the other tests, in whatever order they run.
    const own = await startServe(["--tenants", hosted().tenantsPath], hosted().env);
    expect(await own.stop()).toBe(0);
  });
});
