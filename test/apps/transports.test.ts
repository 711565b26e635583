/**
 * Views over the two ways the product is reached: the bin over stdio (the bundle carries the views
 * document inside it) and `serve` over Streamable HTTP. A client announcing MCP Apps gets the view
 * links, the app-only helper and the document; one that does not gets neither.
 */
import { readFileSync } from "node:fs";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";
import { VIEWS_HTML } from "../../scripts/views.mjs";
import { VIEWS_URI } from "../../src/mcp/apps/ui.js";
import { APPS_CAPABILITIES } from "../helpers/apps.js";
import { useHosted } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { BIN } from "../helpers/stdio.js";

async function expectViews(client: Client, announced: boolean) {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  const revenue = tools.find((t) => t.name === "revenue_report");
  expect(revenue).toBeDefined();
  if (!announced) {
    expect(names).not.toContain("create_previewed_invoice");
    expect(revenue?._meta).toBeUndefined();
    expect((await client.listResources()).resources.map((r) => r.uri)).not.toContain(VIEWS_URI);
    return;
  }
  expect(names).toContain("create_previewed_invoice");
  expect(revenue?._meta).toMatchObject({ ui: { resourceUri: VIEWS_URI } });
  const read = await client.readResource({ uri: VIEWS_URI });
  const content = read.contents[0] as { text: string; mimeType: string };
  expect(content.mimeType).toBe("text/html;profile=mcp-app");
  expect(content.text).toBe(readFileSync(VIEWS_HTML, "utf8"));
  const result = await client.callTool({ name: "revenue_report", arguments: { period: 2026 } });
  expect((result.structuredContent as { complete: boolean }).complete).toBe(true);
}

describe("views over stdio (the bundle)", () => {
  for (const announced of [true, false]) {
    it(`a client that ${announced ? "announces" : "does not announce"} MCP Apps`, async () => {
      const client = new Client(
        { name: "stdio-apps", version: "0" },
        { capabilities: announced ? APPS_CAPABILITIES : {} },
      );
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [BIN, "--sandbox"], stderr: "ignore" }),
      );
      try {
        await expectViews(client, announced);
      } finally {
        await client.close();
      }
    }, 30_000);
  }
});

describe("views over serve (Streamable HTTP)", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const hosted = useHosted(() => ({
    tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url, timeZone: "Europe/Berlin" }],
    env: { ACME_KEY: sandbox().keys.demo },
  }));

  for (const era of ["legacy", "modern"] as const)
    for (const announced of [true, false])
      it(`${era}-era client that ${announced ? "announces" : "does not announce"} MCP Apps`, async () => {
        const client = new Client(
          { name: "hosted-apps", version: "0" },
          {
            capabilities: announced ? APPS_CAPABILITIES : {},
            ...(era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}),
          },
        );
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${hosted().url}/mcp`), {
            requestInit: { headers: { Authorization: `Bearer ${hosted().token}` } },
          }),
        );
        try {
          // A 2025-era client over HTTP is served statelessly: each request gets a fresh server that
          // never saw its initialize. What it announced there comes back with the session id the
          // initialize answer gave it, so it gets its views on every later request too.
          await expectViews(client, announced);
        } finally {
          await client.close();
        }
      });
});
