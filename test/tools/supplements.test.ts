/**
 * Late time and supplements: time logged into October after October was invoiced is named by
 * log_time, time_summary and create_invoice, and `supplement: true` bills only the difference.
 * Data: billing-data.ts (Kanzlei, 110.00 EUR/h: 120 min in October, billed by RE-2026-010 for 220.00
 * EUR net, period 1–31 Oct). The late entry: 20 Oct 10:00–10:45 = 45 min = 0.75 h × 110 = 82.50 EUR.
 */
import type { Sandbox } from "@invoicing-mcp/sandbox";
import { describe, expect, it } from "vitest";
import { listInvoices } from "../../src/api/invoices.js";
import { type Connected, useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { useStripPeerMcp } from "../helpers/strip-peer.js";
import { billingData, KANZLEI } from "./billing-data.js";
import { api, countRequests, whole } from "./support.js";

const INVOICES = "/api/v1/invoices";
const LATE = { project: "Mandantenportal", start: "2026-10-20 10:00", duration: "45 min" };
const OCTOBER = { customer: "Kanzlei", fromTime: true, period: "Oktober 2026" };

async function lateTimeFlow(mcp: () => Connected, sandbox: () => Sandbox, guessed: boolean) {
  const posts = () => countRequests(sandbox(), "POST", INVOICES);
  const logged = await mcp().call("log_time", LATE);
  expect(logged.isError).toBe(false);
  expect(logged.data.outcome).toBe("created");
  expect(logged.data.notOnInvoice).toEqual([
    expect.objectContaining({
      index: 1,
      customerId: KANZLEI,
      invoices: [expect.objectContaining({ invoiceNumber: "RE-2026-010", id: "inv_k1" })],
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
    }),
  ]);
  expect(logged.text).toContain("Not on an invoice: This entry falls in time that RE-2026-010 (id inv_k1)");
  expect(logged.text).toContain(
    `create_invoice with customer "${KANZLEI}", fromTime: true, period "2026-10-01..2026-10-31", supplement: true`,
  );

  const summary = await mcp().call("time_summary", { customer: "Kanzlei", period: "Oktober 2026" });
  expect(summary.data.customers[0].inPeriod.billed).toMatchObject({
    status: "compared",
    timeAmount: 302.5,
    billedAmount: 220,
    difference: 82.5,
    differenceMinutes: 45,
    differenceHours: 0.75,
    invoiceNumbers: ["RE-2026-010"],
    guessed,
  });
  expect(summary.text).toContain("Not yet billed: 0.75 h = 82.50 EUR logged since RE-2026-010");
  expect(summary.text).toContain("supplement: true");

  const before = posts();
  const refused = await mcp().call("create_invoice", OCTOBER);
  expect(refused.data.outcome).toBe("refused");
  expect(refused.data.billed).toMatchObject({ difference: 82.5 });
  const offers = refused.text.indexOf("supplement: true");
  expect(offers).toBeGreaterThan(0);
  // The supplement is offered first; allowOverlap only for a separate invoice of the whole period.
  expect(refused.text.indexOf("allowOverlap: true")).toBeGreaterThan(offers);
  expect(refused.text).toContain(
    "Only for a truly separate invoice of the whole period (302.50 EUR on top of the 220.00 EUR already billed)",
  );

  const preview = await mcp().call("create_invoice", { ...OCTOBER, supplement: true, dryRun: true });
  expect(preview.data.outcome).toBe("dry_run");
  expect(preview.data.conflicts).toBeUndefined();
  expect(preview.data.invoice).toMatchObject({
    netAmount: 82.5,
    taxAmount: 15.68,
    grossAmount: 98.18,
    periodStart: "2026-10-01",
    periodEnd: "2026-10-31",
    notes: "Nachtrag Oktober 2026: 0,75 Std. à 110,00 €",
  });
  expect(posts()).toBe(before);

  const created = await mcp().call("create_invoice", { ...OCTOBER, supplement: true });
  expect(created.data.outcome).toBe("created");
  expect(created.data.invoice.invoiceNumber).toBe(preview.data.invoice.invoiceNumber);
  expect(posts()).toBe(before + 1);
  const stored = whole(await listInvoices(api(sandbox()))).find((i) => i._id === created.data.invoice.id);
  expect(stored).toMatchObject({ netAmount: 82.5, grossAmount: 98.18 });

  // The same call again is a replay of the supplement, not "nothing left to bill".
  const replay = await mcp().call("create_invoice", { ...OCTOBER, supplement: true });
  expect(replay.data.outcome).toBe("already_exists");
  expect(replay.data.invoice.id).toBe(created.data.invoice.id);
  expect(posts()).toBe(before + 1);

  // Now all of October is billed: a supplement with other notes has nothing left to bill. Where the
  // list shows no notes, it cannot be told from the supplement made, which it then answers with.
  const other = await mcp().call("create_invoice", { ...OCTOBER, supplement: true, notes: "noch einer" });
  if (guessed) {
    expect(other.data.outcome).toBe("already_exists");
    expect(other.data.invoice).toMatchObject({ id: created.data.invoice.id, notes: null, periodStart: null });
  } else {
    // A valid answer, not an error: the period is billed.
    expect(other.isError).toBe(false);
    expect(other.data.outcome).toBe("nothing_to_bill");
    expect(other.text).toMatch(/^Nothing left to bill for .*, 2026-10-01 to 2026-10-31: Fully billed/);
  }
  expect(posts()).toBe(before + 1);
}

describe("late time and supplements", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it("log_time, time_summary and create_invoice name the late time; supplement bills only it, once", async () => {
    await lateTimeFlow(mcp, sandbox, false);
  });

  it("a supplement with no invoice billing the hours bills all of them; without fromTime it says what to do", async () => {
    const none = await mcp().call("create_invoice", {
      customer: "Nordlicht",
      fromTime: true,
      period: "Oktober 2026",
      supplement: true,
      dryRun: true,
    });
    expect(none.isError, none.text).toBe(false);
    // 40 min at 87.50 EUR/h, as an invoice from time says it: nothing bills these hours yet.
    expect(none.data.invoice).toMatchObject({
      netAmount: 58.33,
      notes: "Leistungen Oktober 2026: 0,67 Std. à 87,50 €",
    });
    const noTime = await mcp().call("create_invoice", {
      customer: "Kanzlei",
      netAmount: 10,
      period: "Oktober 2026",
      supplement: true,
    });
    expect(noTime.isError).toBe(true);
    expect(noTime.text).toContain("supplement: true needs fromTime: true");
  });

  it("time_summary's data carries month rows, entries, projects and invoices only when one customer is asked for", async () => {
    const all = await mcp().call("time_summary", { period: "Oktober 2026" });
    expect(all.data.customers[0].byMonth).toBeUndefined();
    expect(all.data.customers[0].inPeriod.time.entries).toBeUndefined();
    // For all customers the text names projects and invoices; the data links them by number.
    expect(all.data.customers[0].inPeriod.time.byProject).toBeUndefined();
    expect(all.data.customers[0].inPeriod.mayAlreadyBeBilledBy).toBeUndefined();
    expect(all.data.customers[0].draftsSince).toBeUndefined();
    expect(all.data.customers[0].inPeriod.billed.invoiceNumbers).toBeDefined();
    const one = await mcp().call("time_summary", { customer: "Kanzlei", period: "Oktober 2026" });
    expect(one.data.customers[0].byMonth.length).toBeGreaterThan(0);
    expect(one.data.customers[0].inPeriod.time.entries.length).toBeGreaterThan(0);
    expect(one.data.customers[0].inPeriod.time.byProject.length).toBeGreaterThan(0);
    expect(one.data.customers[0].inPeriod.mayAlreadyBeBilledBy).toBeDefined();
  });
});

// Its own sandbox: it drafts Nordlicht's October, which the test above needs without an invoice.
describe("time_summary after a draft", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useMcp(sandbox);

  it("time_summary says what the service's unbilled figure rests on and names drafts made since", async () => {
    const created = await mcp().call("create_invoice", {
      customer: "Nordlicht",
      fromTime: true,
      period: "Oktober 2026",
    });
    expect(created.data.outcome).toBe("created");
    const answer = await mcp().call("time_summary", { customer: "Nordlicht" });
    expect(answer.data.customers[0].draftsSince).toEqual([
      expect.objectContaining({ id: created.data.invoice.id, status: "draft", netAmount: 58.33 }),
    ]);
    expect(answer.text).toContain(
      "The service's unbilled figure counts the entries the service has not marked as billed",
    );
    expect(answer.text).toContain(
      `Drafts since, which may bill part of it: ${created.data.invoice.invoiceNumber} (id ${created.data.invoice.id}`,
    );
  });
});

describe("late time and supplements, on a peer whose invoice lists carry no periods or notes", () => {
  const sandbox = useSandbox({ data: billingData() });
  const mcp = useStripPeerMcp(sandbox);

  it("guesses the covering invoice from its date, says so, and still bills only the difference once", async () => {
    await lateTimeFlow(mcp, sandbox, true);
  });
});
