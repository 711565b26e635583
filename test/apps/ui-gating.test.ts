/**
 * MCP Apps only for clients that announce it: the view links, the views resource and the tool only
 * a view may call exist for them; every other client gets the tool list and resources it got before
 * views existed. Both the 2025 handshake and 2026 per-request envelopes.
 */
import { describe, expect, it } from "vitest";
import { VIEWS_URI } from "../../src/mcp/apps/ui.js";
import { listedTools } from "../../src/mcp/inventory.js";
import { APPS_CAPABILITIES } from "../helpers/apps.js";
import { connect } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

describe.each(["2025", "2026"] as const)("MCP Apps offered only when announced (%s era)", (era) => {
  const sandbox = useSandbox();

  it("without the extension: today's tool list with no _meta, no ui:// resource, the helper not callable", async () => {
    const plain = await connect(sandbox(), { era });
    try {
      const { tools } = await plain.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(listedTools({ readOnly: false }).map((t) => t.name));
      expect(tools.map((t) => t.name)).not.toContain("create_previewed_invoice");
      for (const tool of tools) expect(tool._meta, tool.name).toBeUndefined();
      const { resources } = await plain.client.listResources();
      expect(resources.map((r) => r.uri)).not.toContain(VIEWS_URI);
      const call = await plain
        .call("create_previewed_invoice", {
          invoice: {
            invoiceNumber: "RE-X",
            customerId: "x",
            invoiceDate: "2026-11-20",
            periodStart: "2026-10-01",
            periodEnd: "2026-10-31",
            netAmount: 1,
            taxRate: 19,
            grossAmount: 1.19,
            activityType: null,
            notes: null,
          },
        })
        .catch((error: Error) => ({ isError: true, text: error.message }));
      expect(call.isError).toBe(true);
      expect(sandbox().requests.filter((r) => r.method === "POST")).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it("with the extension: view tools link the views document, the helper is app-only, the resource is HTML", async () => {
    const apps = await connect(sandbox(), { era, capabilities: APPS_CAPABILITIES });
    try {
      // Beside the skills extension, which every client is offered (test/e2e/protocol-features.test.ts).
      expect(apps.client.getServerCapabilities()?.extensions?.["io.modelcontextprotocol/ui"]).toEqual({
        mimeTypes: ["text/html;profile=mcp-app"],
      });
      const { tools } = await apps.client.listTools();
      const meta = Object.fromEntries(tools.map((t) => [t.name, t._meta]));
      for (const name of ["outstanding_by_customer", "revenue_report", "create_invoice", "list_time_entries"])
        expect(meta[name], name).toMatchObject({
          ui: { resourceUri: VIEWS_URI },
          "ui/resourceUri": VIEWS_URI,
        });
      expect(meta.create_previewed_invoice).toMatchObject({
        ui: { resourceUri: VIEWS_URI, visibility: ["app"] },
      });
      expect(meta.list_customers).toBeUndefined();
      const { resources } = await apps.client.listResources();
      expect(resources).toContainEqual(
        expect.objectContaining({ uri: VIEWS_URI, mimeType: "text/html;profile=mcp-app" }),
      );
      const read = await apps.client.readResource({ uri: VIEWS_URI });
      const content = read.contents[0] as { text: string; mimeType: string };
      expect(content.mimeType).toBe("text/html;profile=mcp-app");
      expect(content.text).toMatch(/^<!doctype html>/i);
      // It ships with the package: the same for everyone until the next version (2026-era hint).
      if (era === "2026") expect([read.ttlMs, read.cacheScope]).toEqual([24 * 3_600_000, "public"]);
    } finally {
      await apps.close();
    }
  });

  it("a preview create_invoice would refuse (a tenth of a cent) is refused with the reason, nothing sent", async () => {
    const apps = await connect(sandbox(), { era, capabilities: APPS_CAPABILITIES });
    try {
      const answer = await apps.call("create_previewed_invoice", {
        invoice: {
          invoiceNumber: "RE-2026-901",
          customerId: "mueller",
          invoiceDate: "2026-11-20",
          periodStart: "2026-10-01",
          periodEnd: "2026-10-31",
          netAmount: 100.123,
          taxRate: 19,
          grossAmount: 119.15,
          activityType: null,
          notes: null,
        },
      });
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/netAmount: at most two decimals \(cents\).*preview again/);
      expect(answer.text).not.toMatch(/unexpected/i);
      expect(sandbox().requests.filter((r) => r.method === "POST")).toEqual([]);
    } finally {
      await apps.close();
    }
  });
});
