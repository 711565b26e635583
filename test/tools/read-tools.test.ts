/**
 * The read tools' happy paths through a real MCP client against the sandbox: structuredContent
 * matches what the API holds, and the text names every id beside its name, amounts in EUR.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getCustomerSummary } from "../../src/api/customers.js";
import { getEurReport, getOutstandingByCustomer } from "../../src/api/reports.js";
import { getCustomerTimeSummary } from "../../src/api/time-entries.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api, demoDirectory } from "./support.js";

describe("read tools", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);
  let demo: Awaited<ReturnType<typeof demoDirectory>>;
  beforeAll(async () => {
    demo = await demoDirectory(sandbox());
  });

  it("list_customers lists the active customers with id, rate in EUR and activity type", async () => {
    const { isError, data, text } = await mcp().call("list_customers");
    expect(isError).toBe(false);
    expect(data.total).toBe(demo.customers.length);
    expect(data.customers.map((c: { id: string }) => c.id).sort()).toEqual(
      demo.customers.map((c) => c._id).sort(),
    );
    const mueller = demo.customer("Müller & Söhne GmbH");
    expect(data.customers).toContainEqual({
      id: mueller._id,
      name: "Müller & Söhne GmbH",
      email: "buchhaltung@mueller-soehne.de",
      hourlyRate: 95,
      activityType: "gewerblich",
      active: true,
    });
    expect(data.customers.map((c: { name: string }) => c.name)).not.toContain("Altkunde Meier KG");
    for (const c of demo.customers) expect(text).toContain(`${c.name} (id ${c._id})`);
    expect(text).toContain(`Müller & Söhne GmbH (id ${mueller._id}) · 95.00 EUR/h`);
  });

  it("list_customers filters by a folded name query", async () => {
    const { data, text } = await mcp().call("list_customers", { query: "SOEHNE" });
    expect(data.customers.map((c: { name: string }) => c.name)).toEqual(["Müller & Söhne GmbH"]);
    expect(data.total).toBe(1);
    expect(text).toMatch(/^Customers 1–1 of 1\./);
  });

  it("list_projects lists one customer's projects, each beside its customer", async () => {
    const mueller = demo.customer("Müller & Söhne GmbH");
    const { isError, data, text } = await mcp().call("list_projects", { customer: "mueller" });
    expect(isError).toBe(false);
    expect(data.projects.map((p: { name: string }) => p.name)).toEqual([
      "Produktkatalog Online",
      "Website Relaunch",
    ]);
    for (const p of data.projects) {
      expect(p).toMatchObject({ customerId: mueller._id, customerName: "Müller & Söhne GmbH" });
      expect(text).toContain(`${p.name} (id ${p.id}) · customer Müller & Söhne GmbH (${mueller._id})`);
    }
  });

  it("customer_summary gives revenue, receivables and hours as the API reports them", async () => {
    const mueller = demo.customer("Müller & Söhne GmbH");
    const expected = await getCustomerSummary(api(sandbox()), mueller._id);
    const { isError, data, text, content } = await mcp().call("customer_summary", { customer: "Müller" });
    expect(isError).toBe(false);
    expect(data).toEqual({
      customer: {
        id: mueller._id,
        name: "Müller & Söhne GmbH",
        hourlyRate: 95,
        externalId: "DEB-10001",
        active: true,
      },
      revenue: {
        totalNet: expected.revenue.totalNetEur,
        totalGross: expect.any(Number), // held to the invoices in test/tools/figures.test.ts
        yearToDateNet: expected.revenue.ytdNetEur,
        paidInvoices: expected.revenue.paidCount,
      },
      outstanding: {
        openInvoices: expected.outstanding.openCount,
        openAmount: expected.outstanding.openAmount,
        overdueInvoices: expected.outstanding.overdueCount,
        overdueAmount: expected.outstanding.overdueAmount,
      },
      hours: expected.hours,
      currency: "EUR",
    });
    expect(text).toContain(`Müller & Söhne GmbH (id ${mueller._id}), 95.00 EUR/h`);
    expect(text).toContain(`${expected.outstanding.openAmount.toFixed(2)} EUR gross`);
    expect(content).toContainEqual(
      expect.objectContaining({ type: "resource_link", uri: `invoicing://customers/${mueller._id}/summary` }),
    );
  });

  // The demo data's reports, written out: a test that rebuilt the mapping from the API's answer
  // could not catch a wrong one (freiberuflich and gewerblich swapped, expenses as income).
  const EUR_2025 = {
    year: 2025,
    income: { total: 106_440, freiberuflich: 58_727.5, gewerblich: 47_712.5, invoiceCount: 87 },
    expenses: { total: 6_358.88, count: 25 },
    profit: 100_081.12,
    currency: "EUR",
  };
  const EUR_2026 = {
    year: 2026,
    income: { total: 86_345, freiberuflich: 51_238.75, gewerblich: 35_106.25, invoiceCount: 67 },
    expenses: { total: 5_599.02, count: 29 },
    profit: 80_745.98,
    currency: "EUR",
  };

  it.each([
    [2025, EUR_2025, "freiberuflich 58727.50 EUR", "Profit: 100081.12 EUR"],
    ["letztes Jahr", EUR_2025, "freiberuflich 58727.50 EUR", "Profit: 100081.12 EUR"],
    ["last year", EUR_2025, "freiberuflich 58727.50 EUR", "Profit: 100081.12 EUR"],
    [undefined, EUR_2026, "freiberuflich 51238.75 EUR", "Profit: 80745.98 EUR"],
  ])("eur_report for year %j reports that year as the API does", async (year, expected, income, profit) => {
    const { isError, data, text } = await mcp().call("eur_report", year === undefined ? {} : { year });
    expect(isError).toBe(false);
    expect(data).toEqual(expected);
    expect(text).toContain(`EÜR ${expected.year}`);
    expect(text).toContain(income);
    expect(text).toContain(profit);
    expect(text).toMatch(/^EÜR \d{4}, as the Invoicing Service reports it for that year/);
  });

  it("eur_report says plainly when a year has no paid invoices and no expenses", async () => {
    const report = await getEurReport(api(sandbox()), 2020);
    expect(report.income.invoiceCount + report.expenses.count).toBe(0);
    const { isError, data, text } = await mcp().call("eur_report", { year: 2020 });
    expect(isError).toBe(false);
    expect(data.income.invoiceCount).toBe(0);
    expect(text).toContain("The service has no paid invoices and no expenses for 2020");
    expect(text).not.toMatch(/from 0 invoices/);
  });

  it("outstanding_by_customer groups open invoices, most overdue first, sums matching the API", async () => {
    const report = await getOutstandingByCustomer(api(sandbox()));
    const { isError, data, text } = await mcp().call("outstanding_by_customer");
    expect(isError).toBe(false);
    const cents = (amounts: number[]) => amounts.reduce((sum, a) => sum + Math.round(a * 100), 0);
    expect(Math.round(data.totalOutstanding * 100)).toBe(cents(report.customers.map((c) => c.openAmount)));
    const days = data.customers.map((c: { maxDaysOverdue: number }) => c.maxDaysOverdue);
    expect(days).toEqual([...days].sort((a, b) => b - a));
    expect(data.customers.length).toBeGreaterThan(1);
    for (const c of data.customers) {
      expect(text).toContain(`${c.customerName} (id ${c.customerId}): ${c.openAmount.toFixed(2)} EUR open`);
      for (const i of c.invoices) {
        expect(i.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(text).toContain(
          `${i.invoiceNumber} (id ${i.id}) of ${i.invoiceDate} · ${i.grossAmount.toFixed(2)} EUR`,
        );
      }
    }
  });

  it("outstanding_by_customer: overdueOnly and a customer name narrow the answer", async () => {
    const overdue = await mcp().call("outstanding_by_customer", { overdueOnly: true });
    const all = overdue.data.customers.flatMap((c: { invoices: { daysOverdue: number }[] }) => c.invoices);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((i: { daysOverdue: number }) => i.daysOverdue > 0)).toBe(true);

    const one = await mcp().call("outstanding_by_customer", { customer: "Gruenwald" });
    expect(one.data.customers.map((c: { customerName: string }) => c.customerName)).toEqual([
      "Grünwald Verlag",
    ]);
  });

  it("time_summary for one customer matches the API's hours and unbilled amount", async () => {
    const nordlicht = demo.customer("Studio Nordlicht");
    const expected = await getCustomerTimeSummary(api(sandbox()), nordlicht._id);
    const { isError, data, text } = await mcp().call("time_summary", { customer: "nordlicht" });
    expect(isError).toBe(false);
    expect(data.customers).toHaveLength(1);
    expect(data.customers[0]).toMatchObject({
      customerId: nordlicht._id,
      customerName: "Studio Nordlicht",
      unbilledHours: expected.unbilledHours,
      unbilledAmount: expected.unbilledAmount,
      billedHours: expected.billedHours,
    });
    expect(data.customers[0].byMonth.at(-1)).toEqual({
      month: expected.monthlyBreakdown.at(-1)?.monthKey,
      hours: expected.monthlyBreakdown.at(-1)?.hours,
      amount: expected.monthlyBreakdown.at(-1)?.amount,
    });
    expect(data.totals.unbilledAmount).toBe(expected.unbilledAmount);
    expect(text).toContain(
      `service's unbilled ${expected.unbilledHours} h = ${expected.unbilledAmount.toFixed(2)} EUR`,
    );
  });

  it("time_summary for everyone covers every active customer, largest unbilled amount first", async () => {
    const { data, text } = await mcp().call("time_summary");
    expect(data.customers).toHaveLength(demo.customers.length);
    const amounts = data.customers.map((c: { unbilledAmount: number }) => c.unbilledAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const sum = amounts.reduce((s: number, a: number) => s + Math.round(a * 100), 0);
    expect(Math.round(data.totals.unbilledAmount * 100)).toBe(sum);
    for (const c of demo.customers) expect(text).toContain(`${c.name} (id ${c._id})`);
  });
});
