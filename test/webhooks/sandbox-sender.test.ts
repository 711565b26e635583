/**
 * The sandbox's webhook sender against a real receiver: every event kind, with the documented
 * envelope, headers and signature; the admin actions that trigger them; endpoint filters.
 */

import { type Sandbox, type SandboxOptions, startSandbox } from "@invoicing-mcp/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { readInbox } from "../../src/webhooks/inbox.js";
import { receiver, SECRET } from "./helpers.js";
import { NOW, senderData } from "./sandbox-data.js";

const open: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((sb) => sb.close()));
});

async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ quiet: true, data: senderData(), now: () => NOW, ...options });
  open.push(sb);
  return sb;
}

async function call<T = Record<string, unknown>>(
  sb: Sandbox,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = sb.keys.demo,
) {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: {
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { data: T; error: string | null } };
}

const berlin = (iso: string) => Date.parse(iso);
const customer = { customerId: "cus_a", customerName: "Alpha GmbH", customerExternalId: "DEB-1" };

describe("every event kind, end to end", () => {
  it("reaches a real receiver, verified and stored, with the documented data", async () => {
    const rx = await receiver();
    const sb = await sandbox({ webhooks: { endpoints: [{ url: rx.url, secret: SECRET }] } });

    const cus = await call<{ id: string }>(sb, "POST", "/api/v1/customers", {
      name: "Gamma GmbH",
      hourlyRate: 90,
    });
    const inv = await call<{ id: string }>(sb, "POST", "/api/v1/invoices", {
      customerId: "cus_a",
      invoiceNumber: "RE-2026-004",
      invoiceDate: berlin("2026-03-17T00:00:00+01:00"),
      periodStart: berlin("2026-03-01T00:00:00+01:00"),
      periodEnd: berlin("2026-03-15T00:00:00+01:00"),
      netAmount: 500,
    });
    const id = inv.body.data.id;
    expect((await call(sb, "POST", `/_sandbox/invoices/${id}/send`)).status).toBe(200);
    expect((await call(sb, "POST", "/_sandbox/invoices/inv_sent/remind")).body.data).toEqual({
      id: "inv_sent",
      status: "sent",
      daysOverdue: 30,
    });
    const paidAt = berlin("2026-03-18T09:00:00+01:00");
    expect((await call(sb, "POST", `/_sandbox/invoices/${id}/pay`, { paidAt })).body.data).toEqual({
      id,
      status: "paid",
      paidAt,
    });
    const exp = await call<{ id: string }>(sb, "POST", "/_sandbox/expenses", {
      amount: 49.99,
      description: "Domain",
      date: berlin("2026-03-10T12:00:00+01:00"),
      category: "Software",
    });
    expect(exp.status).toBe(201);
    await sb.webhooks.idle();

    expect(sb.webhooks.deliveries.map((d) => [d.state, d.attempts.map((a) => a.status)])).toEqual(
      Array(6).fill(["delivered", [200]]),
    );
    const events = Object.fromEntries((await readInbox(rx.inboxPath)).map((e) => [e.event, e]));
    expect(Object.keys(events).sort()).toEqual([
      "customer.created",
      "expense.created",
      "invoice.created",
      "invoice.paid",
      "invoice.reminder_sent",
      "invoice.sent",
    ]);
    for (const event of Object.values(events)) expect(event.timestamp).toBe(new Date(NOW).toISOString());
    expect(events["customer.created"]?.data).toEqual({
      id: cus.body.data.id,
      name: "Gamma GmbH",
      email: "",
      hourlyRate: 90,
      activityType: "freiberuflich",
    });
    expect(events["invoice.created"]?.data).toEqual({
      id,
      invoiceNumber: "RE-2026-004",
      netAmount: 500,
      customerId: "cus_a",
    });
    expect(events["invoice.sent"]?.data).toEqual({
      invoiceId: id,
      invoiceNumber: "RE-2026-004",
      ...customer,
      netAmount: 500,
      grossAmount: 595,
      amountCurrency: "EUR",
      invoiceDate: berlin("2026-03-17T00:00:00+01:00"),
      dueDate: berlin("2026-03-31T00:00:00+02:00"), // 14 days, across the DST switch
      sentAt: NOW,
    });
    expect(events["invoice.reminder_sent"]?.data).toEqual({
      invoiceId: "inv_sent",
      invoiceNumber: "RE-2026-002",
      ...customer,
      grossAmount: 1190,
      amountCurrency: "EUR",
      dueDate: berlin("2026-02-16T00:00:00+01:00"),
      daysOverdue: 30,
      sentAt: NOW,
    });
    expect(events["invoice.paid"]?.data).toEqual({
      invoiceId: id,
      invoiceNumber: "RE-2026-004",
      paidAt,
      paidAmount: 595,
      ...customer,
      netAmount: 500,
      grossAmount: 595,
      amountCurrency: "EUR",
      currency: "EUR",
    });
    expect(events["expense.created"]?.data).toEqual({
      id: exp.body.data.id,
      date: berlin("2026-03-10T12:00:00+01:00"),
      amount: 49.99,
      description: "Domain",
      category: "Software",
      year: 2026,
      count: 1,
      total: 49.99,
    });
  });
});

describe("sandbox actions", () => {
  it("move invoices and count in the reports: sent is outstanding, paid counts in the EÜR by paidAt", async () => {
    const sb = await sandbox();
    await call(sb, "POST", "/_sandbox/invoices/inv_draft/send");
    const outstanding = await call<{ totalOutstanding: number }>(
      sb,
      "GET",
      "/api/v1/reports/outstanding-payments-by-customer",
    );
    expect(outstanding.body.data.totalOutstanding).toBe(2380);
    await call(sb, "POST", "/_sandbox/invoices/inv_draft/pay", { paidAmount: 1000 });
    await call(sb, "POST", "/_sandbox/expenses", { amount: 100, description: "Miete" });
    const eur = await call(sb, "GET", "/api/v1/reports/eur?year=2026");
    expect(eur.body.data).toEqual({
      year: 2026,
      income: { total: 2000, byType: { freiberuflich: 0, gewerblich: 2000 }, invoiceCount: 2 },
      expenses: { total: 100, count: 1 },
      profit: 1900,
    });
    const paid = await call<{ _id: string }[]>(sb, "GET", "/api/v1/invoices?status=paid");
    expect(paid.body.data.map((i) => i._id).sort()).toEqual(["inv_draft", "inv_paid"]);
  });

  it("refuse impossible moves, unknown and foreign invoices, and requests without a valid key", async () => {
    const sb = await sandbox();
    expect(await call(sb, "POST", "/_sandbox/invoices/inv_paid/send")).toMatchObject({ status: 400 });
    expect(await call(sb, "POST", "/_sandbox/invoices/inv_paid/pay")).toMatchObject({
      status: 400,
      body: { error: "Invalid request: invoice RE-2026-001 is already paid" },
    });
    expect((await call(sb, "POST", "/_sandbox/invoices/inv_draft/remind")).body.error).toMatch(
      /is draft; only sent invoices are reminded/,
    );
    expect(
      (await call(sb, "POST", "/_sandbox/invoices/inv_sent/pay", { paidAt: NOW + 1 })).body.error,
    ).toMatch(/paidAt must not be in the future/);
    expect((await call(sb, "POST", "/_sandbox/invoices/inv_sent/pay", { paidAmount: -1 })).status).toBe(400);
    expect((await call(sb, "POST", "/_sandbox/expenses", { amount: 0, description: "x" })).status).toBe(400);
    expect((await call(sb, "POST", "/_sandbox/invoices/inv_nope/send")).status).toBe(404);
    expect(
      (await call(sb, "POST", "/_sandbox/invoices/inv_sent/send", undefined, sb.keys.other)).status,
    ).toBe(404);
    expect((await call(sb, "POST", "/_sandbox/invoices/inv_sent/send", undefined, null)).status).toBe(401);
    expect(
      (await call(sb, "POST", "/_sandbox/invoices/inv_sent/send", undefined, sb.keys.expired)).status,
    ).toBe(403);
    expect((await call(sb, "GET", "/_sandbox/invoices/inv_sent/send")).status).toBe(405);
    expect((await call(sb, "GET", "/api/v1/invoices?status=sent")).body.data).toHaveLength(1);
  });
});

describe("endpoints", () => {
  it("receive only their events, of their own account", async () => {
    const paidOnly = await receiver();
    const everything = await receiver();
    const otherAccount = await receiver();
    const sb = await sandbox({
      webhooks: {
        endpoints: [
          { url: paidOnly.url, secret: SECRET, events: ["invoice.paid"] },
          { url: everything.url, secret: SECRET },
          { url: otherAccount.url, secret: SECRET, account: "other" },
        ],
      },
    });
    await call(sb, "POST", "/_sandbox/invoices/inv_sent/remind");
    await call(sb, "POST", "/_sandbox/invoices/inv_sent/pay");
    await sb.webhooks.idle();
    expect((await readInbox(paidOnly.inboxPath)).map((e) => e.event)).toEqual(["invoice.paid"]);
    expect((await readInbox(everything.inboxPath)).map((e) => e.event).sort()).toEqual([
      "invoice.paid",
      "invoice.reminder_sent",
    ]);
    expect(await readInbox(otherAccount.inboxPath)).toEqual([]);
  });

  it("can be added and listed over HTTP, secrets never listed", async () => {
    const rx = await receiver();
    const sb = await sandbox();
    const added = await call(sb, "POST", "/_sandbox/webhooks", {
      url: rx.url,
      secret: SECRET,
      events: ["expense.created"],
    });
    expect(added).toMatchObject({ status: 201, body: { data: { endpoints: 1 } } });
    expect((await call(sb, "POST", "/_sandbox/webhooks", { url: "ftp://x", secret: "s" })).status).toBe(400);
    expect(
      (await call(sb, "POST", "/_sandbox/webhooks", { url: rx.url, secret: "s", events: ["nope"] })).status,
    ).toBe(400);
    await call(sb, "POST", "/_sandbox/expenses", { amount: 12.5, description: "Kaffee" });
    await sb.webhooks.idle();
    const listed = await call<{ endpoints: unknown; deliveries: unknown }>(
      sb,
      "GET",
      "/_sandbox/webhooks",
      undefined,
      null,
    );
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
    expect(listed.body.data.endpoints).toEqual([
      { url: rx.url, events: ["expense.created"], account: "demo" },
    ]);
    expect(listed.body.data.deliveries).toEqual([
      expect.objectContaining({
        event: "expense.created",
        state: "delivered",
        attempts: [expect.objectContaining({ attempt: 1, status: 200 })],
      }),
    ]);
    expect((await call(sb, "DELETE", "/_sandbox/webhooks", undefined, null)).body.data).toEqual({
      endpoints: 0,
    });
  });
});
