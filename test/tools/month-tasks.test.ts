/**
 * The month's real tasks, done as an assistant would through a real MCP client against the demo
 * account on Sunday 29 November 2026, every figure checked to the cent against the service's own
 * REST API (read here with plain fetch, not through the server's code), and every call an answer
 * suggests run as given. Grünwald Verlag (90.00 EUR/h): October billed by the hours invoice
 * RE-2026-077 and a fixed fee RE-2026-082 "Pauschale Satz und Layout …"; 45 minutes are logged
 * late. Müller & Söhne (95.00 EUR/h): November holds only the draft RE-2026-086 "Hosting und
 * Wartung, nächstes Quartal" (450.00 EUR, billed in advance) beside its hours, which
 * are all still to bill: the hosting draft must not lower the figure.
 */
import type { Sandbox } from "@invoicing-mcp/sandbox";
import { describe, expect, it } from "vitest";
import type { Connected, ToolAnswer } from "../helpers/mcp.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { berlinDay, sameCallWith, suggestedCalls } from "./support.js";

const NOW = Date.parse("2026-11-29T10:15:00+01:00");

interface RestInvoice {
  _id: string;
  invoiceNumber: string;
  customerId: string;
  netAmount: number;
  taxAmount: number;
  grossAmount: number;
  status: string;
}
interface RestEntry {
  customerId: string;
  startTime: number;
  endTime: number | null;
}
interface RestCustomer {
  _id: string;
  name: string;
  hourlyRate: number;
}

/** The service's own records, read with the API key as any other client would. */
async function rest<T>(sandbox: Sandbox, path: string): Promise<T[]> {
  const response = await fetch(`${sandbox.url}/api/v1${path}`, {
    headers: { authorization: `Bearer ${sandbox.keys.demo}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T[] }).data;
}

/** A customer's completed time in Berlin days [start, end] at their rate, in cents (minutes × rate, half-up). */
async function timeWorth(sandbox: Sandbox, customer: RestCustomer, start: string, end: string) {
  const entries = await rest<RestEntry>(sandbox, "/time-entries");
  const minutes = entries
    .filter((e) => e.customerId === customer._id && e.endTime !== null)
    .filter((e) => berlinDay(e.startTime) >= start && berlinDay(e.startTime) <= end)
    .reduce((sum, e) => sum + Math.round((e.endTime! - e.startTime) / 60_000), 0);
  return { minutes, cents: Math.round((minutes * Math.round(customer.hourlyRate * 100)) / 60) };
}

const cents = (eur: number) => Math.round(eur * 100);

/**
 * Runs every call an answer suggests, as given (a create_invoice as a preview first, as the
 * instructions ask): none may end in an error, and each refusal must offer a way on.
 */
async function followSuggestions(
  mcp: () => Connected,
  answer: ToolAnswer,
  given: Record<string, unknown>,
  tool: string,
) {
  const calls = [
    ...suggestedCalls(answer.text),
    ...sameCallWith(answer.text, given).map((args) => ({ tool, args })),
  ];
  expect(calls.length, `no call suggested in: ${answer.text}`).toBeGreaterThan(0);
  const answers: ToolAnswer[] = [];
  for (const call of calls) {
    const args = call.tool === "create_invoice" ? { ...call.args, dryRun: true } : call.args;
    const next = await mcp().call(call.tool, args);
    expect(next.isError, `${call.tool} ${JSON.stringify(args)}: ${next.text}`).toBe(false);
    if (next.data?.outcome === "refused")
      expect(next.text).toMatch(/call again|with \w+: true|create_invoice with/);
    answers.push(next);
  }
  return { calls, answers };
}

describe("the month's tasks, as an assistant does them", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  it("late hours in a month with an hours invoice and a fixed fee are found, supplemented and billed to the cent", async () => {
    const customers = await rest<RestCustomer>(sandbox(), "/customers");
    const gruenwald = customers.find((c) => c.name === "Grünwald Verlag")!;
    const invoices = () => rest<RestInvoice>(sandbox(), "/invoices");
    const hoursInvoice = (await invoices()).find((i) => i.invoiceNumber === "RE-2026-077")!;
    expect(hoursInvoice.customerId).toBe(gruenwald._id);

    // "I forgot 45 minutes on the Autorenportal on 21 October."
    const late = {
      project: "Autorenportal",
      start: "2026-10-21 19:00",
      duration: "45 min",
      description: "Korrekturen",
    };
    const logged = await mcp().call("log_time", late);
    expect(logged.isError, logged.text).toBe(false);
    expect(logged.data.outcome, logged.text).toBe("created");
    // Told twice (the assistant is unsure it went through): the entry is found, an answer, not an error.
    const twice = await mcp().call("log_time", late);
    expect(twice.isError, twice.text).toBe(false);
    expect(twice.data.outcome, twice.text).toBe("already_exists");
    const customerAgain = await mcp().call("create_customer", { name: "Grünwald Verlag", hourlyRate: 90 });
    expect(customerAgain.isError, customerAgain.text).toBe(false);
    expect(customerAgain.data.outcome, customerAgain.text).toBe("already_exists");
    const fromLog = suggestedCalls(logged.text);
    expect(fromLog).toEqual([
      {
        tool: "create_invoice",
        args: expect.objectContaining({ customer: gruenwald._id, fromTime: true, supplement: true }),
      },
    ]);

    // "What of October is not yet billed?"
    const october = await timeWorth(sandbox(), gruenwald, "2026-10-01", "2026-10-31");
    const ask = { customer: "Grünwald", period: "last month" };
    const summary = await mcp().call("time_summary", ask);
    expect(summary.isError, summary.text).toBe(false);
    const billed = summary.data.customers[0].inPeriod.billed;
    expect(cents(billed.timeAmount)).toBe(october.cents);
    expect(billed.hoursInvoices).toEqual(["RE-2026-077"]);
    expect(cents(billed.billedAmount)).toBe(cents(hoursInvoice.netAmount));
    expect(cents(billed.difference)).toBe(october.cents - cents(hoursInvoice.netAmount));
    expect(cents(billed.difference)).toBe(6750); // 45 min × 90.00 EUR/h
    expect(summary.text).toMatch(/^Not yet billed in October 2026: 67\.50 EUR/);
    expect(summary.text).toContain("Not yet billed: 0.75 h = 67.50 EUR");
    await followSuggestions(mcp, summary, ask, "time_summary");

    // Preview the supplement exactly as log_time offered it, then create it.
    const offered = fromLog[0]!.args;
    const preview = await mcp().call("create_invoice", { ...offered, dryRun: true });
    expect(preview.isError, preview.text).toBe(false);
    expect(preview.data.outcome, preview.text).toBe("dry_run");
    expect(preview.data.conflicts).toBeUndefined();
    expect(preview.data.invoice).toMatchObject({ netAmount: 67.5, taxAmount: 12.83, grossAmount: 80.33 });
    const created = await mcp().call("create_invoice", offered);
    expect(created.isError, created.text).toBe(false);
    expect(created.data.outcome, created.text).toBe("created");
    const stored = (await invoices()).find((i) => i._id === created.data.invoice.id)!;
    expect(stored).toMatchObject({ customerId: gruenwald._id, status: "draft", netAmount: 67.5 });
    // 67.50 × 19 % = 12.825, half-up 12.83; gross 80.33.
    expect(cents(stored.taxAmount)).toBe(1283);
    expect(cents(stored.grossAmount)).toBe(8033);

    // Afterwards October reads as fully billed, and the same supplement again is an answer, not an error.
    const after = await mcp().call("time_summary", ask);
    expect(after.data.customers[0].inPeriod.billed).toMatchObject({ status: "compared", difference: 0 });
    const stock = (await invoices()).length;
    const again = await mcp().call("create_invoice", offered);
    expect(again.isError, again.text).toBe(false);
    expect(["already_exists", "nothing_to_bill"]).toContain(again.data.outcome);
    expect((await invoices()).length).toBe(stock);
    const batch = await mcp().call("create_invoice", {
      customers: "all",
      fromTime: true,
      supplement: true,
      period: "Oktober 2026",
      dryRun: true,
    });
    expect(batch.isError, batch.text).toBe(false);
    const row = batch.data.batch.drafts.find((d: { customerId: string }) => d.customerId === gruenwald._id);
    expect(row?.status, batch.text).not.toBe("planned");
  });

  it("Müller's month with only a prepaid hosting draft: its hours are all still to bill", async () => {
    const customers = await rest<RestCustomer>(sandbox(), "/customers");
    const mueller = customers.find((c) => c.name === "Müller & Söhne GmbH")!;
    const hosting = (await rest<RestInvoice>(sandbox(), "/invoices")).find(
      (i) => i.invoiceNumber === "RE-2026-086",
    )!;
    expect(hosting).toMatchObject({ customerId: mueller._id, status: "draft", netAmount: 450 });
    const november = await timeWorth(sandbox(), mueller, "2026-11-01", "2026-11-30");
    expect(november.minutes).toBeGreaterThan(0);
    const worth = (november.cents / 100).toFixed(2);

    const ask = { customer: "Müller", period: "November 2026" };
    const summary = await mcp().call("time_summary", ask);
    expect(summary.isError, summary.text).toBe(false);
    const billed = summary.data.customers[0].inPeriod.billed;
    expect(billed.besideTime).toEqual(["RE-2026-086"]);
    expect(billed.hoursInvoices).toEqual([]);
    expect(cents(billed.difference)).toBe(november.cents);
    expect(summary.text.startsWith(`Not yet billed in November 2026: ${worth} EUR`), summary.text).toBe(true);
    // The hosting draft does not lower it.
    expect(summary.text).not.toContain(((november.cents - cents(hosting.netAmount)) / 100).toFixed(2));
    await followSuggestions(mcp, summary, ask, "time_summary");

    // The invoice from time: the same figure, not refused for the hosting draft beside it.
    const given = { ...ask, fromTime: true, dryRun: true };
    const preview = await mcp().call("create_invoice", given);
    expect(preview.isError, preview.text).toBe(false);
    expect(preview.data.outcome, preview.text).toBe("dry_run");
    expect(cents(preview.data.invoice.netAmount)).toBe(november.cents);
    // 19 % VAT of the net, half-up to the cent.
    expect(cents(preview.data.invoice.taxAmount)).toBe(Math.round((november.cents * 19) / 100));
    expect(preview.text).not.toMatch(/cannot be told/);
    const { calls } = await followSuggestions(mcp, preview, given, "create_invoice");
    for (const call of calls) expect(call.args).not.toHaveProperty("allowOverlap");
  });
});
