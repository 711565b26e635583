/**
 * The whole path a payment takes: the sandbox marks invoices paid and sends signed webhooks, the
 * receiver stores them in the inbox, and recent_events answers "paid this week" from it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Sandbox, startSandbox } from "@invoicing-mcp/sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InboxWriter } from "../../src/webhooks/inbox-writer.js";
import { type Receiver, startReceiver } from "../../src/webhooks/receiver.js";
import { connect } from "../helpers/mcp.js";
import { REFERENCE_DATE } from "../helpers/sandbox.js";

const SECRET = "whsec_events_test_71b3";

const at = (iso: string) => Date.parse(iso);

/**
 * A sandbox that sends webhooks to a receiver of its own, three payments and one expense delivered,
 * and an MCP client reading the inbox. Each describe block gets its own, so no test sees what
 * another one added.
 */
function useEventsWorld() {
  let sandbox: Sandbox;
  let inbox: Receiver & { inboxPath: string; writer: InboxWriter; dir: string };
  let mcp: Awaited<ReturnType<typeof connect>>;
  const paid: { number: string; amount: number; at: number }[] = [];

  async function admin(path: string, body: unknown = {}) {
    const res = await fetch(`${sandbox.url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${sandbox.keys.demo}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return res.json() as Promise<{ data: Record<string, unknown> }>;
  }

  beforeAll(async () => {
    // A receiver of our own for the whole block (the webhook tests' helper cleans up after each test).
    const dir = await mkdtemp(join(tmpdir(), "invoicing-events-"));
    const inboxPath = join(dir, "inbox.jsonl");
    const writer = await InboxWriter.open(inboxPath);
    const started = await startReceiver({ secrets: [SECRET], port: 0, inbox: writer, log: () => undefined });
    inbox = Object.assign(started, { inboxPath, writer, dir });
    sandbox = await startSandbox({
      quiet: true,
      referenceDate: REFERENCE_DATE,
      now: () => REFERENCE_DATE,
      rateLimit: { limit: 1_000_000, windowMs: 60_000 },
      webhooks: { endpoints: [{ url: inbox.url, secret: SECRET }], timeScale: 0.001 },
    });
    const res = await fetch(`${sandbox.url}/api/v1/invoices?status=sent`, {
      headers: { Authorization: `Bearer ${sandbox.keys.demo}` },
    });
    const open = (
      (await res.json()) as {
        data: { _id: string; invoiceNumber: string; grossAmount: number; invoiceDate: number }[];
      }
    ).data
      .filter((invoice) => invoice.invoiceDate < at("2026-11-10T00:00:00+01:00"))
      .slice(0, 3);
    expect(open).toHaveLength(3);
    // Monday and Friday of the week of 2026-11-22 (a Sunday), and the Friday before it.
    const times = [
      at("2026-11-16T10:00:00+01:00"),
      at("2026-11-20T16:30:00+01:00"),
      at("2026-11-13T09:00:00+01:00"),
    ];
    for (const [i, invoice] of open.entries()) {
      const paidAmount = i === 1 ? 100.5 : invoice.grossAmount; // one partial payment
      await admin(`/_sandbox/invoices/${invoice._id}/pay`, { paidAt: times[i], paidAmount });
      paid.push({ number: invoice.invoiceNumber, amount: paidAmount, at: times[i]! });
    }
    await admin("/_sandbox/expenses", {
      amount: 49.9,
      description: "Domain und Hosting",
      date: at("2026-11-18T12:00:00+01:00"),
    });
    await sandbox.webhooks.idle();
    mcp = await connect(sandbox, { env: { INVOICING_INBOX: inbox.inboxPath } });
  });
  afterAll(async () => {
    await mcp?.close();
    await sandbox?.close();
    await inbox?.close();
    await inbox?.writer.close();
    if (inbox) await rm(inbox.dir, { recursive: true, force: true });
  });
  return {
    get sandbox() {
      return sandbox;
    },
    get mcp() {
      return mcp;
    },
    paid,
    admin,
  };
}

describe("recent_events", () => {
  const world = useEventsWorld();

  it("answers 'paid this week' with the right invoices and sum", async () => {
    const answer = await world.mcp.call("recent_events", { type: "invoice.paid", since: "this week" });
    expect(answer.isError).toBe(false);
    const thisWeek = world.paid.filter((p) => p.at >= at("2026-11-16T00:00:00+01:00"));
    expect(answer.data.events.map((e: { invoiceNumber: string }) => e.invoiceNumber)).toEqual(
      thisWeek.map((p) => p.number).reverse(),
    );
    const expected = thisWeek.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100;
    expect(answer.data.totals.paidAmount).toBe(expected);
    expect(answer.text).toContain(`Payments received: ${expected.toFixed(2)} EUR`);
    expect(answer.text).toMatch(
      /2026-11-20 16:30 · invoice\.paid · RE-\d{4}-\d{3} \(id inv_\w+\) · .+ \(id cus_\w+\) · 100\.50 EUR/,
    );
  });

  it("filters by German phrases too, and counts every type", async () => {
    const lastWeek = await world.mcp.call("recent_events", {
      type: "invoice.paid",
      since: "letzte Woche",
      until: "letzte Woche",
    });
    expect(lastWeek.data.events.map((e: { invoiceNumber: string }) => e.invoiceNumber)).toEqual([
      world.paid[2]!.number,
    ]);
    const all = await world.mcp.call("recent_events", {});
    expect(all.data.totals.byType).toMatchObject({ "invoice.paid": 3, "expense.created": 1 });
    expect(all.text).toMatch(/expense\.created · "Domain und Hosting" · 49\.90 EUR/);
  });

  it("a read may take a bare hour as the afternoon, and says so", async () => {
    const answer = await world.mcp.call("recent_events", { since: "2026-11-20 at 3" });
    expect(answer.isError).toBe(false);
    expect(answer.text).toContain("Assumed: took 15:00 (afternoon) for the hour 3");
    // From that hour, not from the start of the day.
    const times = answer.data.events.map((e: { occurredAt: string }) => Date.parse(e.occurredAt));
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t).toBeGreaterThanOrEqual(Date.parse("2026-11-20T15:00:00+01:00"));
  });

  it("refuses an unreadable phrase with examples", async () => {
    const answer = await world.mcp.call("recent_events", { since: "seit neulich" });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/Could not read "seit neulich"/);
  });
});

describe("the events resource", () => {
  const world = useEventsWorld();

  it("offers the events resource and announces new events to subscribers", async () => {
    const { resources } = await world.mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toContain("invoicing://events/recent");
    const before = JSON.parse(
      (
        (await world.mcp.client.readResource({ uri: "invoicing://events/recent" })).contents[0] as {
          text: string;
        }
      ).text,
    );
    expect(before.total).toBe(4);

    const updated = new Promise<string>((resolve) => {
      world.mcp.client.setNotificationHandler("notifications/resources/updated", (n) =>
        resolve(n.params.uri),
      );
    });
    // Only the events change by themselves: anything else is refused, not silently never announced.
    await expect(
      world.mcp.client.subscribeResource({ uri: "invoicing://customers/cus_x/summary" }),
    ).rejects.toThrow(/can subscribe only to invoicing:\/\/events\/recent/);
    await world.mcp.client.subscribeResource({ uri: "invoicing://events/recent" });
    await world.admin("/_sandbox/expenses", {
      amount: 12,
      description: "Porto",
      date: at("2026-11-21T12:00:00+01:00"),
    });
    await world.sandbox.webhooks.idle();
    expect(await updated).toBe("invoicing://events/recent");
    const after = JSON.parse(
      (
        (await world.mcp.client.readResource({ uri: "invoicing://events/recent" })).contents[0] as {
          text: string;
        }
      ).text,
    );
    expect(after.total).toBe(5);
    await world.mcp.client.unsubscribeResource({ uri: "invoicing://events/recent" });
  });
});

describe("without an inbox", () => {
  it("offers neither the tool nor the resource", async () => {
    const mcp = await connect(undefined);
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name)).not.toContain("recent_events");
      const { resources } = await mcp.client.listResources();
      expect(resources.map((r) => r.uri)).not.toContain("invoicing://events/recent");
    } finally {
      await mcp.close();
    }
  });
});
