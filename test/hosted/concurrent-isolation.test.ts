import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Era, httpClient, useHosted } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

/**
 * What each request builds is shared per tenant (the server blueprint) and per process (schemas),
 * so nothing of one request may reach another's. Two tenants on one server, one of them read-only,
 * their calls interleaved at high concurrency in both protocol eras: every answer holds only the
 * caller's own data and the caller's own read-only setting.
 */
describe("tenant isolation under concurrent requests", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  const CALLS = 200;
  const IN_FLIGHT = 32;
  const clients: Record<"one" | "two", Client[]> = { one: [], two: [] };
  /** Each tenant's customer ids and invoice numbers, read one call at a time before the burst. */
  const own: Record<"one" | "two", { customers: string; invoices: string }> = {
    one: { customers: "", invoices: "" },
    two: { customers: "", invoices: "" },
  };

  const hosted = useHosted(() => ({
    tenants: [
      { id: "one", apiKeyEnv: "ONE_KEY", baseUrl: sandbox().url },
      { id: "two", apiKeyEnv: "TWO_KEY", baseUrl: sandbox().url, readOnly: true },
    ],
    env: { ONE_KEY: sandbox().keys.demo, TWO_KEY: sandbox().keys.other },
  }));

  beforeAll(async () => {
    const { url, tokens } = hosted();
    for (const tenant of ["one", "two"] as const) {
      for (let i = 0; i < IN_FLIGHT / 2; i++) {
        const era: Era = i % 2 === 0 ? "legacy" : "modern";
        clients[tenant].push(await httpClient(url, tokens[tenant]!, era));
      }
      own[tenant] = await dataOf(clients[tenant][0]!);
    }
    expect(own.one.customers).not.toBe("");
    expect(own.two.customers).not.toBe("");
    const oneIds = own.one.customers.split(",");
    expect(own.two.customers.split(",").filter((id) => oneIds.includes(id))).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    for (const client of [...clients.one, ...clients.two]) await client.close().catch(() => undefined);
  });

  it(`keeps ${CALLS} interleaved calls of two tenants apart (${IN_FLIGHT} in flight, both eras)`, async () => {
    type Check = () => Promise<void>;
    const checks: Check[] = [];
    for (let i = 0; i < CALLS; i++) {
      const tenant = i % 2 === 0 ? "one" : "two";
      const client = clients[tenant][Math.floor(i / 2) % clients[tenant].length]!;
      const readOnly = tenant === "two";
      switch (Math.floor(i / 2) % 3) {
        case 0:
          checks.push(async () => {
            const names = (await client.listTools()).tools.map((t) => t.name);
            expect(names).toContain("list_invoices");
            expect(names.includes("create_invoice"), `${tenant} lists create_invoice`).toBe(!readOnly);
            expect(names.includes("log_time"), `${tenant} lists log_time`).toBe(!readOnly);
            const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
            expect(prompts.includes("invoice_unbilled_time"), `${tenant}'s prompts`).toBe(!readOnly);
          });
          break;
        case 1:
          checks.push(async () => {
            expect(await dataOf(client)).toEqual(own[tenant]);
          });
          break;
        default:
          checks.push(async () => {
            // Without its hourly rate, so nothing is created: a write tool that exists refuses the
            // arguments; one that a read-only tenant does not have is explained as missing.
            const answer = await client
              .callTool({ name: "create_customer", arguments: { name: "Isolation Probe GmbH" } })
              .then((result) => JSON.stringify(result.content))
              .catch((error: unknown) => String(error));
            if (readOnly)
              expect(answer).toMatch(/create_customer is not available: this server is read-only/);
            else expect(answer).toMatch(/hourlyRate/);
          });
      }
    }
    let next = 0;
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < checks.length) {
          const check = checks[next++]!;
          await check().catch((error: unknown) => failures.push(error));
        }
      }),
    );
    expect(failures).toEqual([]);
  }, 120_000);
});

/** A tenant's customer ids and invoice numbers as its answers give them, sorted and joined. */
async function dataOf(client: Client): Promise<{ customers: string; invoices: string }> {
  const [customers, invoices] = await Promise.all([
    client.callTool({ name: "list_customers", arguments: { limit: 100 } }),
    client.callTool({ name: "list_invoices", arguments: { limit: 100 } }),
  ]);
  expect(customers.isError ?? false).toBe(false);
  expect(invoices.isError ?? false).toBe(false);
  const ids = (customers.structuredContent as { customers: { id: string }[] }).customers.map((c) => c.id);
  const numbers = (invoices.structuredContent as { invoices: { invoiceNumber: string }[] }).invoices.map(
    (i) => i.invoiceNumber,
  );
  return { customers: [...ids].sort().join(","), invoices: [...numbers].sort().join(",") };
}
