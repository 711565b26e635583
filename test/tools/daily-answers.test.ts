/**
 * Answers a model reads every day, through a real client
 * against the sandbox's demo year: short enough, each thing said once, no warning where nothing is
 * wrong, nothing offered the caller cannot do.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connect, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

/** What a client receives: the text beside the structured content, in characters. */
function size(answer: { content: { text?: string }[]; data: unknown }): number {
  const text = answer.content.reduce((sum, c) => sum + (c.text?.length ?? 0), 0);
  return text + JSON.stringify(answer.data ?? {}).length;
}

describe("answer sizes", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("list_invoices with limit 100 fits 25,000 characters and names each invoice once", async () => {
    const answer = await mcp().call("list_invoices", { limit: 100 });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.invoices).toHaveLength(100);
    expect(size(answer)).toBeLessThanOrEqual(25_000);
    for (const row of answer.data.invoices) {
      // The person's facts are in the text, once; the data links them by id.
      const mentions = answer.text.split(`- ${row.invoiceNumber} · `).length - 1;
      expect(mentions, row.invoiceNumber).toBe(1);
      expect(Object.keys(row).sort()).toEqual(["customerId", "id", "invoiceNumber"]);
    }
    expect(answer.text).toMatch(/ · net \d+\.\d\d EUR/);
  });

  it("list_time_entries with limit 100 fits 25,000 characters and says each entry once", async () => {
    const answer = await mcp().call("list_time_entries", { limit: 100 });
    expect(answer.isError, answer.text).toBe(false);
    expect(size(answer)).toBeLessThanOrEqual(25_000);
    const projects = answer.data.projects as Array<{
      id: string;
      name: string;
      customerId: string;
      entries: Array<{ id: string; start: string; end: string | null; description: string | null }>;
    }>;
    const entries = projects.flatMap((p) => p.entries.map((e) => ({ ...e, project: p.name })));
    expect(entries).toHaveLength(100);
    expect(new Set(entries.map((e) => e.id)).size).toBe(100);
    // The data names a project and its customer once, not per entry.
    expect(new Set(projects.map((p) => p.id)).size).toBe(projects.length);
    for (const e of entries)
      expect(Object.keys(e).sort()).toEqual([
        "description",
        "durationMinutes",
        "end",
        "id",
        "project",
        "start",
      ]);
    // The text: one line per entry, under its day, with its clock times, project and description;
    // entry ids are the data's (no tool takes one), project ids are said once.
    const lines = answer.text.split("\n").filter((line: string) => line.startsWith("- "));
    expect(lines).toHaveLength(100);
    for (const e of entries) {
      expect(answer.text).not.toContain(e.id);
      const from = e.start.slice(11, 16);
      const to = e.end === null ? ", running" : `–${e.end.slice(11, 16)}`;
      const line = `- ${from}${to}`;
      const day = answer.text.indexOf(`\n${e.start.slice(0, 10)}: `);
      expect(day, e.start).toBeGreaterThan(-1);
      const next = answer.text.slice(day + 1).search(/\n\d{4}-\d\d-\d\d: /);
      const under = answer.text.slice(day, next === -1 ? undefined : day + 1 + next);
      expect(under, e.id).toContain(`${line}`);
      expect(under, e.id).toContain(e.project);
      if (e.description !== null) expect(under, e.id).toContain(`"${e.description}"`);
    }
    for (const p of projects) expect(answer.text.split(p.id).length - 1, p.id).toBe(1);
  });

  it("time_summary for a month of every customer fits 8,000 characters", async () => {
    const answer = await mcp().call("time_summary", { period: "Oktober 2026" });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.customers.length).toBeGreaterThanOrEqual(7);
    expect(size(answer)).toBeLessThanOrEqual(8_000);
  });
});

describe("time_summary's warnings and offers", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("does not warn of invoices billing more than the time when a lump sum stands beside it", async () => {
    const answer = await mcp().call("time_summary", { period: "Oktober 2026" });
    expect(answer.text).not.toMatch(/more than the period's time is worth/);
    // Kanzlei Weiß & Partner: October's time is 11 h at 110 EUR = 1210 EUR; the one invoice for
    // October is an advance of 3300 EUR ("Anzahlung …"), which bills no hours.
    const row = answer.data.customers.find((c: { customerName: string }) =>
      c.customerName.startsWith("Kanzlei"),
    );
    expect(row.inPeriod.time.amount).toBe(1210);
    expect(row.inPeriod.billed).toMatchObject({
      billedAmount: 0,
      besideAmount: 3300,
      besideTime: ["RE-2026-077"],
      difference: 1210,
    });
    expect(answer.text).toContain(
      "Not yet billed: all of it, 11 h = 1210.00 EUR: no invoice bills this period's hours. Beside the time: RE-2026-077 (a fixed fee)",
    );
  });

  it("still warns when invoices bill more hours than the period has", async () => {
    // Bäckerei Schröder's September: 14.25 h at 75 EUR, billed by RE-2026-067 (1068.75 EUR). A
    // second invoice for 2 more hours of it bills time that is not there.
    const created = await mcp().call("create_invoice", {
      customer: "Bäckerei",
      netAmount: 150,
      period: "September 2026",
      notes: "Leistungen September 2026: 2 Std. à 75,00 €",
      allowOverlap: true,
    });
    expect(created.isError, created.text).toBe(false);
    const answer = await mcp().call("time_summary", { customer: "Bäckerei", period: "September 2026" });
    expect(answer.text).toMatch(/bill 150\.00 EUR more than the period's time is worth/);
    expect(answer.data.customers[0].inPeriod.billed.besideTime).toEqual([]);
  });

  it("a read-only caller is not offered create_invoice, in the answer or the description", async () => {
    const readOnly = await connect(sandbox(), { env: { INVOICING_READ_ONLY: "true" } });
    try {
      const { tools } = await readOnly.client.listTools();
      const description = tools.find((t) => t.name === "time_summary")!.description!;
      expect(description).not.toMatch(/invoicing/i);
      const answer = await readOnly.call("time_summary", { period: "Oktober 2026" });
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.text).not.toContain("create_invoice");
      expect(answer.text).toContain("read-only");
    } finally {
      await readOnly.close();
    }
    const writer = await mcp().call("time_summary", { period: "Oktober 2026" });
    expect(writer.text).toContain("create_invoice with customer, period and fromTime: true");
  });
});

describe("paragraphs said once", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("a paid list filtered by date points to the instructions instead of repeating the webhook setup", async () => {
    const answer = await mcp().call("list_invoices", { status: "paid", from: "2026-10-01" });
    expect(answer.text).toContain("no payment dates");
    expect(answer.text).not.toContain("INVOICING_WEBHOOK_SECRET");
  });

  it("entries logged into invoiced time get one 'Not on an invoice' paragraph per invoice, not per entry", async () => {
    const logged = await mcp().call("log_time", {
      entries: [
        {
          project: "Bestell-App",
          start: "2026-09-08T21:00",
          end: "2026-09-08T22:00",
          description: "Nachtrag 1",
        },
        {
          project: "Bestell-App",
          start: "2026-09-09T21:00",
          end: "2026-09-09T22:00",
          description: "Nachtrag 2",
        },
        {
          project: "Bestell-App",
          start: "2026-09-10T21:00",
          end: "2026-09-10T22:00",
          description: "Nachtrag 3",
        },
      ],
    });
    expect(logged.isError, logged.text).toBe(false);
    expect(logged.text.split("Not on an invoice").length - 1, logged.text).toBe(1);
    expect(logged.text).toContain("Entries 1, 2 and 3 fall in time that");
  });
});

describe("list_invoices with an inbox", () => {
  const sandbox = useSandbox();
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("does not ask for an inbox it has, and shows the payment days it received", async () => {
    const plain = await connect(sandbox());
    const paid = await plain.call("list_invoices", { status: "paid", limit: 1 });
    await plain.close();
    const [row] = paid.data.invoices;
    const dir = await mkdtemp(join(tmpdir(), "invoicing-paid-"));
    dirs.push(dir);
    const path = join(dir, "inbox.jsonl");
    const id = "a".repeat(64);
    await writeFile(
      path,
      `${JSON.stringify({ v: 1, id, receivedAt: "2026-11-05T10:00:00Z", event: "invoice.paid", timestamp: "2026-11-05T10:00:00Z", data: { invoiceId: row.id, invoiceNumber: row.invoiceNumber, paidAt: "2026-11-04T15:00:00Z", paidAmount: 1 } })}\n`,
    );
    const withInbox = await connect(sandbox(), { env: { INVOICING_INBOX: path } });
    try {
      const { tools } = await withInbox.client.listTools();
      const description = tools.find((t) => t.name === "list_invoices")!.description!;
      expect(description).not.toContain("set INVOICING_INBOX");
      const answer = await withInbox.call("list_invoices", { status: "paid", limit: 1 });
      expect(answer.text).toContain(`- ${row.invoiceNumber} · `);
      expect(answer.text).toMatch(/ · paid on 2026-11-04 · /);
    } finally {
      await withInbox.close();
    }
  });
});

describe("an unconfigured server", () => {
  const sandbox = useSandbox();

  it("says at initialize that it lacks its key, before any call is wasted", async () => {
    const bare = await connect(undefined);
    try {
      const instructions = bare.client.getInstructions() ?? "";
      expect(instructions).toMatch(/NOT CONFIGURED: INVOICING_API_KEY .*not set, so every tool call fails/);
      const answer = await bare.call("list_customers", {});
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain("INVOICING_API_KEY");
    } finally {
      await bare.close();
    }
    const configured = await connect(sandbox());
    try {
      expect(configured.client.getInstructions()).not.toContain("NOT CONFIGURED");
    } finally {
      await configured.close();
    }
  });
});

describe("outstanding_by_customer's figures", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("says its amounts are gross, and that the payment average is the account's, not the customer's", async () => {
    const answer = await mcp().call("outstanding_by_customer", { customer: "mueller" });
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.data.averagePaymentDays).not.toBeNull();
    const [head] = answer.text.split("\n");
    expect(head).toContain("gross (VAT included)");
    expect(head).toContain(
      `Across the whole account (not per customer), invoices are paid after ${answer.data.averagePaymentDays} days on average.`,
    );
    expect(answer.text).not.toContain("Customers pay after");
  });
});

describe("customer_summary of a former customer", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("says the customer is inactive; an active one is not called so", async () => {
    const active = await mcp().call("list_customers", { limit: 100 });
    const activeIds = new Set(active.data.customers.map((c: { id: string }) => c.id));
    const invoices = await mcp().call("list_invoices", { limit: 100, offset: 60 });
    const formerId = invoices.data.invoices
      .map((i: { customerId: string }) => i.customerId)
      .find((id: string) => !activeIds.has(id));
    expect(formerId).toBeDefined();
    const former = await mcp().call("customer_summary", { customer: formerId });
    expect(former.isError, former.text).toBe(false);
    expect(former.data.customer.active).toBe(false);
    expect(former.text.split("\n")[0]).toContain("inactive (a former customer");
    const current = await mcp().call("customer_summary", { customer: "mueller" });
    expect(current.data.customer.active).toBe(true);
    expect(current.text).not.toContain("inactive");
  });
});

describe("an invoice number that is taken", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  it("says whose invoice holds it, in the person's words, and the next free number", async () => {
    const newest = await mcp().call("list_invoices", { limit: 1 });
    const [taken] = newest.data.invoices;
    const owner = await mcp().call("customer_summary", { customer: taken.customerId });
    for (const dryRun of [true, false]) {
      const answer = await mcp().call("create_invoice", {
        customer: "Grünwald",
        netAmount: 100,
        invoiceNumber: taken.invoiceNumber,
        period: "last month",
        dryRun,
      });
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain(
        `${taken.invoiceNumber} is already taken by ${owner.data.customer.name}'s`,
      );
      expect(answer.text).toContain("nothing was created");
      // The request's facts as a person names them, not the API's field names.
      expect(answer.text).toContain("differs in its customer, amount");
      expect(answer.text).not.toMatch(/customerId|netAmount|grossAmount|activityType|inv_/);
      // The series' next number: one above the taken one (the newest invoice holds the highest).
      const [, prefix, counter] = /^(.*?)(\d+)$/.exec(taken.invoiceNumber)!;
      const next = `${prefix}${String(Number(counter) + 1).padStart(counter!.length, "0")}`;
      expect(answer.text).toContain(`take the next free one, ${next}.`);
    }
  });
});
