/**
 * The hosted mode keeps what each person said about payments in its PostgreSQL, per principal:
 * noted through one instance, used by another's vat_report, and never seen by another tenant.
 */
import { execFileSync } from "node:child_process";
import type { Client } from "@modelcontextprotocol/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, startPostgres } from "../helpers/engines.js";
import {
  createTokenCli,
  httpClient,
  type ServeProcess,
  startServe,
  writeTenantsFile,
} from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { BIN } from "../helpers/stdio.js";

interface VatData {
  checks: { unsureCount: number };
}

describe("payment notes in the hosted mode's PostgreSQL", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let postgres: Engine;
  let a: ServeProcess;
  let b: ServeProcess;
  const clients: Client[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    const tenantsPath = writeTenantsFile([
      { id: "one", apiKeyEnv: "ONE_KEY", baseUrl: sandbox().url, webhookSecretEnv: "ONE_SECRET" },
      { id: "two", apiKeyEnv: "ONE_KEY", baseUrl: sandbox().url, webhookSecretEnv: "TWO_SECRET" },
    ]);
    const env = {
      ONE_KEY: sandbox().keys.demo,
      ONE_SECRET: "whsec_notes_one",
      TWO_SECRET: "whsec_notes_two",
      INVOICING_DATABASE_URL: postgres.url,
    };
    execFileSync(process.execPath, [BIN, "db", "migrate"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: postgres.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    [a, b] = await Promise.all([
      startServe(["--tenants", tenantsPath], env),
      startServe(["--tenants", tenantsPath], env),
    ]);
    const connectAs = async (url: string, tenant: string) => {
      const client = await httpClient(url, createTokenCli(tenantsPath, tenant, env), "legacy");
      clients.push(client);
      return client;
    };
    oneOnA = await connectAs(a.url, "one");
    oneOnB = await connectAs(b.url, "one");
    twoOnB = await connectAs(b.url, "two");
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) await client.close();
    await a?.stop();
    await b?.stop();
    await postgres?.stop();
  });
  let oneOnA: Client;
  let oneOnB: Client;
  let twoOnB: Client;

  const unplaced = async (client: Client) => {
    const result = await client.callTool({
      name: "vat_report",
      arguments: { period: "Q3 2026", basis: "ist" },
    });
    expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
    return (result.structuredContent as unknown as VatData).checks.unsureCount;
  };

  it("a statement confirmed through one instance settles the figures on another, for that person only", async () => {
    const before = await unplaced(oneOnB);
    expect(before).toBeGreaterThan(50);
    expect(await unplaced(twoOnB)).toBe(before); // the same account, another person

    const noted = await oneOnA.callTool({
      name: "note_payments",
      arguments: { datedBefore: "2026-07-01", confirmed: true },
    });
    expect((noted.structuredContent as { outcome: string }).outcome).toBe("noted");

    const after = await unplaced(oneOnB);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    expect(await unplaced(twoOnB)).toBe(before);

    const pool = new pg.Pool({ connectionString: postgres.url });
    try {
      const { rows } = await pool.query<{ tenant: string; notes: { paidBefore: { datedBefore: string }[] } }>(
        "SELECT tenant, notes FROM payment_notes",
      );
      expect(rows.map((row) => [row.tenant, row.notes.paidBefore.map((s) => s.datedBefore)])).toEqual([
        ["one", ["2026-07-01"]],
      ]);
    } finally {
      await pool.end();
    }
  });
});
