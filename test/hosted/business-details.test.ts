/**
 * The hosted mode keeps each person's business details in PostgreSQL, one row per principal:
 * changes from two instances at once both kept, one person's never another's, and a database
 * without the migration refused with what to run.
 */
import { execFileSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgDetailsStore } from "../../src/hosted/pg/business-details.js";
import { applyChange } from "../../src/profiles/change.js";
import { NO_DETAILS } from "../../src/profiles/details.js";
import { type Engine, startPostgres } from "../helpers/engines.js";
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
