import { writeFileSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Era, httpClient, textOf, useHosted } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { waitFor } from "../helpers/wait-for.js";

/**
 * Two tenants on one server: tenant 1 is the sandbox's demo account, tenant 2 the small "other"
 * account. Whatever tenant 2's token asks, nothing of tenant 1's comes back.
 */
describe("tenant isolation", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let tenant1CustomerIds: string[];
  const tenants = () => [
    { id: "one", apiKeyEnv: "ONE_KEY", baseUrl: sandbox().url },
    { id: "two", apiKeyEnv: "TWO_KEY", baseUrl: sandbox().url },
  ];
  const hosted = useHosted(() => ({
    tenants: tenants(),
    env: { ONE_KEY: sandbox().keys.demo, TWO_KEY: sandbox().keys.other },
  }));

  beforeAll(async () => {
    const one = await httpClient(hosted().url, hosted().tokens.one!, "legacy");
    const listed = await one.callTool({ name: "list_customers", arguments: {} });
    tenant1CustomerIds = (listed.structuredContent as { customers: { id: string }[] }).customers.map(
      (c) => c.id,
    );
    expect(tenant1CustomerIds.length).toBeGreaterThan(3);
    await one.close();
  });

  for (const era of ["legacy", "modern"] as Era[]) {
    describe(`a ${era}-era client of tenant 2`, () => {
      let two: Client;
      beforeAll(async () => {
        two = await httpClient(hosted().url, hosted().tokens.two!, era);
      });
      afterAll(async () => {
        await two?.close();
      });

      it("lists only its own customers and resources", async () => {
        const listed = await two.callTool({ name: "list_customers", arguments: {} });
        const ids = (listed.structuredContent as { customers: { id: string }[] }).customers.map((c) => c.id);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids.filter((id) => tenant1CustomerIds.includes(id))).toEqual([]);
        expect(textOf(listed)).not.toMatch(/Müller & Söhne/);
        const uris = (await two.listResources()).resources.map((r) => r.uri).join("\n");
        for (const id of tenant1CustomerIds) expect(uris).not.toContain(encodeURIComponent(id));
      });

      it("cannot read tenant 1's customer by id", async () => {
        const id = tenant1CustomerIds[0]!;
        const read = two.readResource({ uri: `invoicing://customers/${encodeURIComponent(id)}/summary` });
        await expect(read).rejects.toThrow();
        const call = await two.callTool({ name: "customer_summary", arguments: { customer: id } });
        expect(call.isError).toBe(true);
      });

      it("completes no name or id of tenant 1", async () => {
        const names = await two.complete({
          ref: { type: "ref/prompt", name: "invoice_unbilled_time" },
          argument: { name: "customer", value: "mü" },
        });
        expect(names.completion.values).toEqual([]);
        const ids = await two.complete({
          ref: { type: "ref/resource", uri: "invoicing://customers/{customerId}/summary" },
          argument: { name: "customerId", value: "" },
        });
        expect(ids.completion.values.filter((v) => tenant1CustomerIds.includes(v))).toEqual([]);
      });
    });
  }

  it("refuses an unknown token and the token of a removed tenant with 401", async () => {
    await expect(httpClient(hosted().url, "imcp_unknown", "legacy")).rejects.toThrow(/invalid_token/);
    writeFileSync(hosted().tenantsPath, JSON.stringify({ tenants: tenants().filter((t) => t.id !== "two") }));
    try {
      await expect(httpClient(hosted().url, hosted().tokens.two!, "legacy")).rejects.toThrow(
        /no longer served/,
      );
      const raw = await fetch(`${hosted().url}/mcp`, {
        method: "POST",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${hosted().tokens.two!}` },
      });
      expect(raw.status).toBe(401);
      const one = await httpClient(hosted().url, hosted().tokens.one!, "modern"); // the other tenant is unaffected
      await one.close();
    } finally {
      // Tenant 2 back, for the tests of this file that run after this one.
      writeFileSync(hosted().tenantsPath, JSON.stringify({ tenants: tenants() }));
      await waitFor(async () => {
        const client = await httpClient(hosted().url, hosted().tokens.two!, "legacy").catch(() => undefined);
        await client?.close();
        return client !== undefined;
      });
    }
  });
});
