/** Pure revenue figures: months across a year's end, buckets, cents that add up exactly. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type InvoiceForRevenue, monthsBetween, otherOf, revenueFigures } from "../../src/domain/revenue.js";

const berlin = (iso: string) => Date.parse(`${iso}T12:00:00+01:00`);

describe("revenue figures", () => {
  it("lists every month the days touch, across a year's end", () => {
    expect(monthsBetween("2025-11-15", "2026-02-03")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
    expect(monthsBetween("2026-03-01", "2026-03-31")).toEqual(["2026-03"]);
  });

  it("counts sent as open, a state the service added only in the total, and each invoice in its Berlin month", () => {
    const invoices: InvoiceForRevenue[] = [
      {
        customerId: "a",
        invoiceDate: berlin("2026-01-10"),
        status: "paid",
        netAmount: 100,
        grossAmount: 119,
      },
      {
        customerId: "a",
        invoiceDate: berlin("2026-01-20"),
        status: "sent",
        netAmount: 50.05,
        taxAmount: 9.51,
      },
      { customerId: "b", invoiceDate: berlin("2026-02-01"), status: "draft", netAmount: 10 },
      { customerId: "b", invoiceDate: berlin("2026-02-02"), status: "cancelled", netAmount: 7.5 },
      // 23:30 on 31 January in Berlin is still January there, though February in UTC+2 zones.
      { customerId: "b", invoiceDate: Date.parse("2026-01-31T23:30:00+01:00"), status: "paid", netAmount: 1 },
    ];
    const r = revenueFigures(invoices, monthsBetween("2026-01-01", "2026-02-28"), "Europe/Berlin");
    expect(r.months.map((m) => [m.month, m.net.total, m.invoiceCount])).toEqual([
      ["2026-01", 151.05, 3],
      ["2026-02", 17.5, 2],
    ]);
    expect(r.totals.net).toEqual({ paid: 101, open: 50.05, draft: 10, total: 168.55 });
    expect(r.totals.gross).toEqual({ paid: 120, open: 59.56, draft: 10, total: 197.06 });
    expect(otherOf(r.totals.net)).toBe(7.5);
    expect(r.customers.map((c) => [c.customerId, c.totals.net.total])).toEqual([
      ["a", 150.05],
      ["b", 18.5],
    ]);
  });

  it("months and customers add up to the total to the cent, for any amounts", () => {
    const invoice = fc.record({
      customerId: fc.constantFrom("a", "b", "c"),
      invoiceDate: fc.integer({ min: berlin("2026-01-01"), max: berlin("2026-12-30") }),
      status: fc.constantFrom("paid", "sent", "draft", "other"),
      netAmount: fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
    });
    fc.assert(
      fc.property(fc.array(invoice, { maxLength: 60 }), (invoices) => {
        const r = revenueFigures(invoices, monthsBetween("2026-01-01", "2026-12-31"), "Europe/Berlin");
        const cents = (eur: number) => Math.round(eur * 100);
        const expected = invoices.reduce((sum, i) => sum + cents(i.netAmount), 0);
        expect(cents(r.totals.net.total)).toBe(expected);
        expect(r.months.reduce((sum, m) => sum + cents(m.net.total), 0)).toBe(expected);
        expect(r.customers.reduce((sum, c) => sum + cents(c.totals.net.total), 0)).toBe(expected);
      }),
    );
  });
});
