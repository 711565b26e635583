import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, startRedis } from "../helpers/engines.js";
import { type Hosted, httpClient, startHosted, startMigratedPostgres, textOf } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";

const CALLS = 4;

/**
 * Redis or PostgreSQL down while `serve` runs: each call says which engine is down and that it is
 * temporary (never "Unexpected internal error"), and the log says it once, not once per call, with
 * the count when the engine is back.
 */
describe("serve during an engine outage", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let redis: Engine & { port: number };
  let postgres: Engine | undefined;
  let hosted: Hosted;
  let client: Client;

  beforeAll(async () => {
    [redis, postgres] = await Promise.all([startRedis(), startMigratedPostgres()]);
    hosted = await startHosted({
      tenants: [{ id: "acme", apiKeyEnv: "ACME_KEY", baseUrl: sandbox().url }],
      env: {
        ACME_KEY: sandbox().keys.demo,
        INVOICING_REDIS_URL: redis.url,
        INVOICING_DATABASE_URL: postgres.url,
      },
    });
    client = await httpClient(hosted.url, hosted.token, "legacy");
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await hosted?.stop();
    await Promise.allSettled([redis?.stop(), postgres?.stop()]);
  });

  it("Redis down: every call says the rate budget is down for now; one log line, and one on recovery", async () => {
    const first = await client.callTool({ name: "list_invoices", arguments: {} });
    expect(first.isError, textOf(first)).not.toBe(true);
    await redis.stop();
    for (let i = 0; i < CALLS; i++) {
      const result = await client.callTool({ name: "list_invoices", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/\(Redis\) cannot be reached right now.*nothing was sent.*temporary/);
    }
    const log = hosted.serve.stderr();
    expect(log.match(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable/g)).toHaveLength(1);
    expect(log).not.toMatch(/Unexpected internal error|^\s+at /m);

    redis = await startRedis(redis.port); // back, where it was
    // The Redis client reconnects by itself, within its back-off (at most 2 s); until then calls
    // are still refused, and counted.
    let refused = CALLS;
    for (;;) {
      const result = await client.callTool({ name: "list_invoices", arguments: {} });
      if (result.isError !== true) break;
      expect(textOf(result)).toMatch(/\(Redis\) cannot be reached right now/);
      refused += 1;
      expect(refused).toBeLessThan(CALLS + 50);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(hosted.serve.stderr()).toMatch(
      new RegExp(
        `Redis at redis://127\\.0\\.0\\.1:\\d+ is back after [\\d.]+ s; ${refused} calls were refused meanwhile`,
      ),
    );
  }, 30_000);

  it("PostgreSQL down: recent_events says the event store is down for now, logged once", async () => {
    expect((await client.callTool({ name: "recent_events", arguments: {} })).isError).not.toBe(true);
    await postgres!.stop();
    postgres = undefined;
    for (let i = 0; i < CALLS; i++) {
      const result = await client.callTool({ name: "recent_events", arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/\(PostgreSQL\) cannot be reached right now.*temporary/);
    }
    // The person's payment notes live there too: noting one says the same, never an internal error.
    const note = await client.callTool({
      name: "note_payments",
      arguments: { datedBefore: "2026-07-01", confirmed: true },
    });
    expect(note.isError).toBe(true);
    expect(textOf(note)).toMatch(/\(PostgreSQL\) cannot be reached right now/);
    // The invoices come from the service: the list still answers, only without the inbox's payment dates.
    const invoices = await client.callTool({ name: "list_invoices", arguments: {} });
    expect(invoices.isError, textOf(invoices)).not.toBe(true);
    expect(textOf(invoices)).toContain(
      "Payment dates are not shown: the stored webhook events (PostgreSQL) cannot be read right now",
    );
    const log = hosted.serve.stderr();
    expect(log.match(/PostgreSQL at postgres:\/\/127\.0\.0\.1:\d+\/postgres is unreachable/g)).toHaveLength(
      1,
    );
    expect(log).not.toMatch(/Unexpected internal error|^\s+at /m);
    expect(log).not.toContain("invoicing@"); // the address is given without its user
  }, 30_000);
});
