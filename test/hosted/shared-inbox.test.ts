import { execFileSync } from "node:child_process";
import type { Client } from "@modelcontextprotocol/client";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sign } from "../../src/webhooks/signature.js";
import { type Engine, startPostgres } from "../helpers/engines.js";
import { httpClient, type ServeProcess, startServe, writeTenantsWithTokens } from "../helpers/hosted.js";
import { REFERENCE_DATE, useSandbox } from "../helpers/sandbox.js";
import { BIN } from "../helpers/stdio.js";
import { deliver, envelope, until } from "../webhooks/helpers.js";

const EVENTS_URI = "invoicing://events/recent";
const SECRET_ONE = "whsec_tenant_one_9b2e";
const SECRET_TWO = "whsec_tenant_two_41c7";

/** Two instances on one PostgreSQL: a delivery to either is stored once and seen, and announced, on both. */
describe("the webhook inbox shared through PostgreSQL", () => {
  const sandbox = useSandbox({ referenceDate: REFERENCE_DATE, now: Date.now });
  let postgres: Engine;
  let a: ServeProcess;
  let b: ServeProcess;
  let tenantsPath: string;
  let env: Record<string, string>;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    postgres = await startPostgres();
    env = {
      ONE_KEY: sandbox().keys.demo,
      TWO_KEY: sandbox().keys.other,
      ONE_SECRET: SECRET_ONE,
      TWO_SECRET: SECRET_TWO,
      INVOICING_DATABASE_URL: postgres.url,
    };
    ({ tenantsPath, tokens } = writeTenantsWithTokens(
      [
        { id: "one", apiKeyEnv: "ONE_KEY", baseUrl: sandbox().url, webhookSecretEnv: "ONE_SECRET" },
        { id: "two", apiKeyEnv: "TWO_KEY", baseUrl: sandbox().url, webhookSecretEnv: "TWO_SECRET" },
      ],
      env,
    ));
  }, 30_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await postgres?.stop();
  });

  const migrate = (url: string) =>
    execFileSync(process.execPath, [BIN, "db", "migrate"], {
      env: { PATH: process.env.PATH, INVOICING_DATABASE_URL: url },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });

  it("refuses to start on a database without the schema, and says what to run", async () => {
    // A database of its own, so this holds whether or not the tests below migrated theirs first.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query("CREATE DATABASE unmigrated");
    await admin.end();
    const url = new URL(postgres.url);
    url.pathname = "/unmigrated";
    await expect(
      startServe(["--tenants", tenantsPath], { ...env, INVOICING_DATABASE_URL: url.toString() }),
    ).rejects.toThrow(/invoicing-mcp db migrate/);
  });

  it("db migrate creates the schema once", () => {
    migrate(postgres.url);
    migrate(postgres.url); // a second run finds nothing to do
  });

  describe("with two instances", () => {
    let readerB: Client;
    let subscriberOneB: Client;
    let subscriberTwoB: Client;
    const updates: Record<string, string[]> = { one: [], two: [] };

    beforeAll(async () => {
      migrate(postgres.url); // idempotent: the test above may or may not have run first
      [a, b] = await Promise.all([
        startServe(["--tenants", tenantsPath], env),
        startServe(["--tenants", tenantsPath], env),
      ]);
      readerB = await httpClient(b.url, tokens.one!, "legacy");
      subscriberOneB = await httpClient(b.url, tokens.one!, "modern");
      subscriberTwoB = await httpClient(b.url, tokens.two!, "modern");
      for (const [tenant, client] of [
        ["one", subscriberOneB],
        ["two", subscriberTwoB],
      ] as const) {
        client.setNotificationHandler("notifications/resources/updated", (notification) => {
          updates[tenant]!.push(notification.params.uri);
        });
        await client.listen({ resourceSubscriptions: [EVENTS_URI] });
      }
    }, 30_000);
    afterAll(async () => {
      for (const client of [readerB, subscriberOneB, subscriberTwoB]) await client?.close();
    });

    it("a delivery to A is read by a client of B, and B's subscriber of that tenant is notified", async () => {
      const body = envelope(
        "invoice.paid",
        { _id: "inv_hosted1", invoiceNumber: "RE-2026-901", grossAmount: 250.5, customerName: "Hosted GmbH" },
        "2026-11-20T15:30:00.000Z",
      );
      const heard = updates.one!.length; // other tests of this block may have delivered first
      const answer = await deliver(`${a.url}/webhooks/one`, body, sign(body, SECRET_ONE));
      expect(answer.status).toBe(200);
      await until(() => updates.one!.length > heard);
      expect(updates.one!.slice(heard)).toEqual([EVENTS_URI]);
      const result = await readerB.callTool({ name: "recent_events", arguments: { type: "invoice.paid" } });
      const data = result.structuredContent as {
        events: { invoiceNumber: string }[];
        totals: { paidAmount: number };
      };
      expect(data.events.map((e) => e.invoiceNumber)).toEqual(["RE-2026-901"]);
      expect(data.totals.paidAmount).toBe(250.5);
      const resource = await readerB.readResource({ uri: EVENTS_URI });
      expect((resource.contents[0] as { text: string }).text).toContain("RE-2026-901");
    });

    it("offers subscriptions only where it delivers them: a 2026-era listen, not a stateless 2025 POST", async () => {
      expect(subscriberOneB.getServerCapabilities()?.resources?.subscribe).toBe(true);
      expect(readerB.getServerCapabilities()?.resources?.subscribe).not.toBe(true);
      // A 2025-era client that subscribes anyway is acknowledged, never answered with an error.
      await expect(readerB.subscribeResource({ uri: EVENTS_URI })).resolves.toEqual({});
      await expect(readerB.unsubscribeResource({ uri: EVENTS_URI })).resolves.toEqual({});
    });

    it("refuses a subscription to anything but the caller's own events, in both eras", async () => {
      const notOwn = [
        "invoicing://customers/cus_of_tenant_two/summary",
        "invoicing://events/recent?tenant=two",
        "invoicing://tenants/two/events",
      ];
      for (const uri of notOwn) {
        await expect(subscriberOneB.listen({ resourceSubscriptions: [uri] }), uri).rejects.toThrow(
          /can subscribe only to invoicing:\/\/events\/recent/,
        );
        await expect(
          subscriberOneB.listen({ resourceSubscriptions: [EVENTS_URI, uri] }),
          uri,
        ).rejects.toThrow();
        await expect(readerB.subscribeResource({ uri }), uri).rejects.toThrow(
          /can subscribe only to invoicing:\/\/events\/recent/,
        );
      }
      const own = await subscriberTwoB.listen({ resourceSubscriptions: [EVENTS_URI] });
      expect(own.honoredFilter.resourceSubscriptions).toEqual([EVENTS_URI]);
      await own.close();
    });

    it("the same delivery sent to both instances is stored once", async () => {
      const body = envelope(
        "customer.created",
        { _id: "cus_hosted2", name: "Doppelt AG" },
        "2026-11-21T08:00:00.000Z",
      );
      const signature = sign(body, SECRET_ONE);
      const answers = await Promise.all([
        deliver(`${a.url}/webhooks/one`, body, signature),
        deliver(`${b.url}/webhooks/one`, body, signature),
        deliver(`${a.url}/webhooks/one`, body, signature),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const result = await readerB.callTool({
        name: "recent_events",
        arguments: { type: "customer.created" },
      });
      expect((result.structuredContent as { total: number }).total).toBe(1);
    });

    it("keeps tenants apart: tenant 2 sees and hears nothing of tenant 1's events", async () => {
      const reader = await httpClient(a.url, tokens.two!, "legacy");
      const result = await reader.callTool({ name: "recent_events", arguments: {} });
      expect((result.structuredContent as { total: number }).total).toBe(0);
      await reader.close();
      expect(updates.two).toEqual([]);
    });

    it("refuses a delivery signed with another tenant's secret, and an unknown tenant", async () => {
      const body = envelope("invoice.paid", { _id: "inv_forged" });
      expect((await deliver(`${a.url}/webhooks/one`, body, sign(body, SECRET_TWO))).status).toBe(401);
      expect((await deliver(`${a.url}/webhooks/nobody`, body, sign(body, SECRET_ONE))).status).toBe(404);
    });

    it("reports PostgreSQL on /readyz", async () => {
      const ready = (await (await fetch(`${b.url}/readyz`)).json()) as { checks: Record<string, string> };
      expect(ready.checks.postgres).toBe("ok");
    });
  });
});
