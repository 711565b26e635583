/**
 * The hosted mode keeps each person's business details in PostgreSQL, one row per principal:
 * changes from two instances at once both kept, one person's never another's, and a database
 * without the migration refused with what to run.
 */
import { execFileSync } from "node:child_process";
import type { Client } from "@modelcontextprotocol/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgDetailsStore } from "../../src/hosted/pg/business-details.js";
import { applyChange } from "../../src/profiles/change.js";
import { NO_DETAILS } from "../../src/profiles/details.js";
import { type Engine, startPostgres } from "../helpers/engines.js";
import {
  createTokenCli,
  httpClient,
  type ServeProcess,
  startServe,
  writeTenantsFile,
} from "../helpers/hosted.js";
import { useSandbox } from "../helpers/sandbox.js";
import { BIN } from "../helpers/stdio.js";

describe("business details in the hosted mode's PostgreSQL", () => {
  let postgres: Engine;
  let pool: pg.Pool;
  let other: pg.Pool;

  beforeAll(async () => {
    postgres = await startPostgres();
    execFileSync(process.execPath, [BIN, "db", "migrate"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: postgres.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
    other = new pg.Pool({ connectionString: postgres.url, max: 4 }); // a second instance
    // An idle connection cut when the database stops at the end is no finding of this test.
    for (const p of [pool, other]) p.on("error", () => undefined);
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await other?.end();
    await postgres?.stop();
  });

  it("keeps what two instances store at once, per principal", async () => {
    const anna = pgDetailsStore(pool, "anna");
    const annaElsewhere = pgDetailsStore(other, "anna");
    expect(await anna.read()).toEqual(NO_DETAILS);
    await Promise.all([
      anna.update((d) => applyChange(d, { seller: { name: "Anna Berger" } }).details),
      annaElsewhere.update((d) => applyChange(d, { seller: { iban: "DE02120300000000202051" } }).details),
      annaElsewhere.update(
        (d) =>
          applyChange(d, {
            customer: { id: "c1", name: "Stadt", values: { buyerReference: "991-33333TEST-33" } },
          }).details,
      ),
    ]);
    expect(await annaElsewhere.read()).toEqual({
      seller: { name: "Anna Berger", iban: "DE02120300000000202051" },
      customers: { c1: { name: "Stadt", details: { buyerReference: "991-33333TEST-33" } } },
    });
    expect(await pgDetailsStore(other, "bert").read()).toEqual(NO_DETAILS);
  });

  it("writes nothing when a change fails", async () => {
    const store = pgDetailsStore(pool, "carla");
    await store.update((d) => applyChange(d, { seller: { name: "Carla" } }).details);
    await expect(store.update((d) => ({ ...d, seller: { name: "x".repeat(500) } }))).rejects.toThrow();
    expect((await store.read()).seller).toEqual({ name: "Carla" });
  });
});

describe("business_details through serve, per signed-in tenant", () => {
  const sandbox = useSandbox();
  let postgres: Engine;
  let a: ServeProcess;
  let b: ServeProcess;
  const clients: Client[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    const tenantsPath = writeTenantsFile([
      { id: "one", apiKeyEnv: "ONE_KEY", baseUrl: sandbox().url },
      { id: "two", apiKeyEnv: "ONE_KEY", baseUrl: sandbox().url },
    ]);
    const env = { ONE_KEY: sandbox().keys.demo, INVOICING_DATABASE_URL: postgres.url };
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

  const details = async (client: Client, args: Record<string, unknown>) => {
    const result = await client.callTool({ name: "business_details", arguments: args });
    expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
    return result.structuredContent as { seller: Record<string, string>; place: string };
  };

  it("stores through one instance what another shows, for that tenant only, in the database", async () => {
    await details(oneOnA, { set: { name: "Eins GmbH", iban: "DE02120300000000202051" } });
    const shown = await details(oneOnB, {});
    expect(shown.seller).toEqual({ name: "Eins GmbH", iban: "DE02120300000000202051" });
    expect(shown.place).toBe("this server's database, under your sign-in");
    expect((await details(twoOnB, {})).seller).toEqual({});
  });
});
