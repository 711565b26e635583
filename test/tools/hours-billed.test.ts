/**
 * Which invoices bill a period's hours, as a person meets it across the tools: the demo account on
 * Sunday 29 November 2026 (October is invoiced: RE-2026-077 bills Grünwald Verlag's 35.25 h at
 * 90.00 EUR/h = 3172.50 EUR; RE-2026-082 is a flat fee "Pauschale Satz und Layout …" of 1850.00 EUR
 * for October; Müller & Söhne's November has 26.75 h at 95.00 EUR/h = 2541.25 EUR and only a draft
 * "Hosting und Wartung, nächstes Quartal" of 450.00 EUR beside it).
 */
import { describe, expect, it } from "vitest";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";

const NOW = Date.parse("2026-11-29T10:15:00+01:00");

describe("a fixed fee beside the hours invoice (Grünwald's October)", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  it("45 more minutes are a supplement of 67.50 EUR net in every tool, not 'nothing left to bill'", async () => {
    const logged = await mcp().call("log_time", {
      project: "Autorenportal",
      start: "2026-10-20 18:00",
      duration: "45 min",
    });
    expect(logged.data.outcome, logged.text).toBe("created");
    // Only the hours invoice is named: the flat fee bills something else.
    expect(
      logged.data.notOnInvoice[0].invoices.map((i: { invoiceNumber: string }) => i.invoiceNumber),
    ).toEqual(["RE-2026-077"]);

    const summary = await mcp().call("time_summary", { customer: "Grünwald", period: "Oktober 2026" });
    expect(summary.data.customers[0].inPeriod.billed).toMatchObject({
      status: "compared",
      timeAmount: 3240,
      billedAmount: 3172.5,
      besideAmount: 1850,
      hoursInvoices: ["RE-2026-077"],
      besideTime: ["RE-2026-082"],
      difference: 67.5,
      differenceHours: 0.75,
    });
    expect(summary.text).toContain("Not yet billed: 0.75 h = 67.50 EUR logged since RE-2026-077");

    const preview = await mcp().call("create_invoice", {
      customer: "Grünwald",
      fromTime: true,
      supplement: true,
      period: "last month",
      dryRun: true,
    });
    expect(preview.isError, preview.text).toBe(false);
    expect(preview.data.outcome).toBe("dry_run");
    expect(preview.data.invoice).toMatchObject({
      netAmount: 67.5,
      notes: "Nachtrag Oktober 2026: 0,75 Std. à 90,00 €",
    });

    const batch = await mcp().call("create_invoice", {
      customers: "all",
      fromTime: true,
      period: "last month",
      dryRun: true,
    });
    const row = batch.data.batch.drafts.find(
      (d: { customerName: string }) => d.customerName === "Grünwald Verlag",
    );
    expect(row).toMatchObject({ status: "refused", conflicts: ["RE-2026-077"] });
    expect(row.problem).toContain("0.75 h = 67.50 EUR not yet billed beside RE-2026-077");

    const created = await mcp().call("create_invoice", {
      customer: "Grünwald",
      fromTime: true,
      supplement: true,
      period: "last month",
    });
    expect(created.data.outcome).toBe("created");
    // Billed now: the same call is a valid answer, not an error.
    const again = await mcp().call("create_invoice", {
      customer: "Grünwald",
      fromTime: true,
      supplement: true,
      period: "last month",
      invoiceDate: "2026-11-30",
    });
    expect(again.isError, again.text).toBe(false);
    expect(["already_exists", "nothing_to_bill"]).toContain(again.data.outcome);
    const after = await mcp().call("time_summary", { customer: "Grünwald", period: "Oktober 2026" });
    expect(after.data.customers[0].inPeriod.billed).toMatchObject({ status: "compared", difference: 0 });
    expect(after.text).toContain("Fully billed");
  });
});

describe("only an invoice beside the time (Müller's November)", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  it("not yet billed is the whole time, and time_summary and create_invoice say the same", async () => {
    const summary = await mcp().call("time_summary", { customer: "Müller", period: "this month" });
    const billed = summary.data.customers[0].inPeriod.billed;
    expect(billed).toMatchObject({
      status: "unbilled",
      timeAmount: 2541.25,
      billedAmount: 0,
      besideTime: ["RE-2026-086"],
      difference: 2541.25,
    });
    expect(summary.text).toContain("Not yet billed: all of it, 26.75 h = 2541.25 EUR");
    expect(summary.text).not.toContain("2091.25");

    for (const supplement of [false, true]) {
      const preview = await mcp().call("create_invoice", {
        customer: "Müller",
        fromTime: true,
        supplement,
        period: "this month",
        dryRun: true,
      });
      expect(preview.data.outcome, preview.text).toBe("dry_run");
      expect(preview.data.conflicts).toBeUndefined();
      expect(preview.data.invoice.netAmount).toBe(billed.difference);
      expect(preview.text).not.toMatch(/cannot be told/);
    }
  });
});

describe("where it cannot be told whether an invoice bills the hours", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  it("every tool says so and gives both figures", async () => {
    // 100.01 EUR without notes: no whole number of minutes at 90.00 EUR/h, and nothing says what it bills.
    const odd = await mcp().call("create_invoice", {
      customer: "Grünwald",
      netAmount: 100.01,
      period: "November 2026",
      allowOverlap: true,
    });
    expect(odd.data.outcome, odd.text).toBe("created");
    const number = odd.data.invoice.invoiceNumber;
    // Grünwald's November so far: 18 h = 1620.00 EUR.
    const both = ["1620.00 EUR", "1519.99 EUR"];

    const summary = await mcp().call("time_summary", { customer: "Grünwald", period: "November 2026" });
    expect(summary.data.customers[0].inPeriod.billed).toMatchObject({
      status: "cannot tell",
      unclear: [number],
      difference: 1620,
      ifUnclearBillHours: { amount: 1519.99 },
    });
    expect(summary.text).toContain(`Cannot tell whether ${number} bills this period's hours`);

    const single = await mcp().call("create_invoice", {
      customer: "Grünwald",
      fromTime: true,
      supplement: true,
      period: "November 2026",
      dryRun: true,
    });
    const batch = await mcp().call("create_invoice", {
      customers: ["Grünwald"],
      fromTime: true,
      period: "November 2026",
      dryRun: true,
    });
    for (const answer of [summary, single, batch]) {
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.text).toMatch(/[Cc]annot tell whether/);
      for (const figure of both) expect(answer.text).toContain(figure);
    }
  });
});

describe("time_summary leads with what is not yet billed by the same model", () => {
  const sandbox = useSandbox({ referenceDate: NOW, now: () => NOW });
  const mcp = useMcp(sandbox, { now: NOW });

  it("an invoice made through the server lowers the first line's figure, though the service's stays", async () => {
    const before = await mcp().call("time_summary", {});
    expect(before.text).toMatch(/^Not yet billed: \d+\.\d\d EUR/);
    const created = await mcp().call("create_invoice", {
      customer: "Müller",
      fromTime: true,
      period: "this month",
    });
    expect(created.data.outcome, created.text).toBe("created");
    expect(created.data.invoice.netAmount).toBe(2541.25);

    const after = await mcp().call("time_summary", {});
    expect(after.data.totals.unbilledAmount).toBe(before.data.totals.unbilledAmount);
    expect(after.data.totals.notYetBilledAmount).toBeCloseTo(
      before.data.totals.notYetBilledAmount - 2541.25,
      2,
    );
    expect(after.text.split("\n")[0]).toContain(
      `Not yet billed: ${after.data.totals.notYetBilledAmount.toFixed(2)} EUR`,
    );
    const mueller = after.data.customers.find((c: { customerName: string }) =>
      c.customerName.startsWith("Müller"),
    );
    expect(mueller.notYetBilled).toMatchObject({ amount: 0, months: ["2026-11"] });

    const month = await mcp().call("time_summary", { period: "this month" });
    expect(month.text).toMatch(/^Not yet billed in November 2026: \d+\.\d\d EUR/);
  });
});
