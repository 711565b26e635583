/**
 * revenue_report through a real MCP client against the sandbox: every total, month and customer
 * equals what list_invoices sums for the same filter, to the cent; the EÜR beside it is the
 * service's own report.
 */
import { describe, expect, it } from "vitest";
import { getEurReport } from "../../src/api/reports.js";
import { useMcp } from "../helpers/mcp.js";
import { useSandbox } from "../helpers/sandbox.js";
import { api } from "./support.js";

const STATUS = { paid: "paid", open: "sent", draft: "draft" } as const;

describe("revenue_report", () => {
  const sandbox = useSandbox();
  const mcp = useMcp(sandbox);

  /** list_invoices' sums for a filter (all of them, whichever page). */
  async function listSums(filter: Record<string, unknown>) {
    const { data } = await mcp().call("list_invoices", { ...filter, limit: 1 });
    expect(data.complete).toBe(true);
    return { net: data.sums.netAmount, gross: data.sums.grossAmount, count: data.total };
  }

  it("a year: totals and each bucket equal list_invoices' sums for the same dates", async () => {
    const { isError, data, text } = await mcp().call("revenue_report", { period: 2026 });
    expect(isError).toBe(false);
    expect(data).toMatchObject({ from: "2026-01-01", to: "2026-12-31", complete: true, customers: null });
    expect(data.months.map((m: { month: string }) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`),
    );
    const all = await listSums({ from: "2026-01-01", to: "2026-12-31" });
    expect(all.count).toBeGreaterThan(0);
    expect(data.totals.net.total).toBe(all.net);
    expect(data.totals.gross.total).toBe(all.gross);
    expect(data.totals.invoiceCount).toBe(all.count);
    for (const [bucket, status] of Object.entries(STATUS)) {
      const sums = await listSums({ from: "2026-01-01", to: "2026-12-31", status });
      expect(data.totals.net[bucket], bucket).toBe(sums.count === 0 ? 0 : sums.net);
      expect(data.totals.gross[bucket], bucket).toBe(sums.count === 0 ? 0 : sums.gross);
    }
    expect(text).toContain(
      `Invoiced 2026-01-01 to 2026-12-31 (by invoice date): net ${all.net.toFixed(2)} EUR`,
    );
  });

  it("each month equals list_invoices for that month; the months add up to the total in cents", async () => {
    const { data } = await mcp().call("revenue_report", { period: "2026" });
    let cents = 0;
    for (const month of data.months) {
      const sums = await listSums({ from: month.month, to: month.month });
      expect(month.invoiceCount, month.month).toBe(sums.count);
      if (sums.count > 0) expect(month.net.total, month.month).toBe(sums.net);
      const parts = [month.net.paid, month.net.open, month.net.draft].map((eur) => Math.round(eur * 100));
      expect(
        parts.reduce((a, b) => a + b, 0),
        month.month,
      ).toBe(Math.round(month.net.total * 100));
      cents += Math.round(month.net.total * 100);
    }
    expect(cents).toBe(Math.round(data.totals.net.total * 100));
  });

  it("per customer: each customer's figures equal list_invoices for that customer", async () => {
    const { data, text } = await mcp().call("revenue_report", { period: "Q1 2026", byCustomer: true });
    expect(data).toMatchObject({ from: "2026-01-01", to: "2026-03-31" });
    expect(data.months).toHaveLength(3);
    expect(data.customers.length).toBeGreaterThan(1);
    for (const customer of data.customers) {
      const sums = await listSums({ customer: customer.customerId, from: "2026-01-01", to: "2026-03-31" });
      expect(customer.net.total, customer.customerId).toBe(sums.net);
      expect(customer.gross.total, customer.customerId).toBe(sums.gross);
      expect(customer.months).toHaveLength(3);
      for (const month of customer.months) {
        const sums = await listSums({ customer: customer.customerId, from: month.month, to: month.month });
        expect(month.net.total, `${customer.customerId} ${month.month}`).toBe(
          sums.count === 0 ? 0 : sums.net,
        );
      }
      expect(text).toContain(`(${customer.customerId}): net ${customer.net.total.toFixed(2)} EUR`);
    }
  });

  it("beside it, the year's EÜR exactly as the service reports it, labelled cash basis", async () => {
    const expected = await getEurReport(api(sandbox()), 2025);
    const { data, text } = await mcp().call("revenue_report", { period: "2025" });
    expect(data.eur.years).toEqual([
      {
        year: 2025,
        income: expected.income.total,
        expenses: expected.expenses.total,
        profit: expected.profit,
        paidInvoices: expected.income.invoiceCount,
      },
    ]);
    expect(data.eur.basis).toMatch(/cash-basis/);
    expect(data.invoiced).toMatch(/by invoice date/);
    expect(text).toContain(
      `EÜR 2025 (cash basis, the service's figures): income ${expected.income.total.toFixed(2)} EUR`,
    );
  });

  it("a phrase it cannot read is a clear error", async () => {
    const { isError, text } = await mcp().call("revenue_report", { period: "sometime soon" });
    expect(isError).toBe(true);
    expect(text).toMatch(/sometime soon/);
  });
});
