import { describe, expect, it } from "vitest";
import type { Invoice } from "../../src/api/schemas.js";
import { datedIn, invoicedIn, yearsBetween } from "../../src/reports/revenue.js";

const invoice = (
  id: string,
  customerId: string,
  localDate: string,
  net: number,
  status: string,
): Invoice => ({
  _id: id,
  invoiceNumber: `RE-${id}`,
  customerId,
  invoiceDate: Date.parse(`${localDate}+01:00`),
  netAmount: net,
  taxAmount: Math.round(net * 19) / 100,
  grossAmount: Math.round(net * 119) / 100,
  status,
});

const zone = "Europe/Berlin";
const invoices = [
  invoice("1", "cus_m", "2026-10-31T23:30:00", 100.1, "paid"),
  invoice("2", "cus_m", "2026-11-01T00:30:00", 200.2, "sent"),
  invoice("3", "cus_a", "2026-12-15T10:00:00", 50, "draft"),
  invoice("4", "cus_a", "2026-12-31T23:59:00", 0.1, "paid"),
  invoice("5", "cus_a", "2027-01-01T00:00:00", 999, "paid"),
];
const period = { from: "2026-11-01", to: "2026-12-31" };

describe("datedIn: invoices dated on the period's days in the user's zone", () => {
  it("keeps the first and last minute of the period and nothing outside", () => {
    expect(datedIn(invoices, period, zone).map((i) => i._id)).toEqual(["2", "3", "4"]);
  });
});

describe("invoicedIn: month by month, the period and each customer, to the cent", () => {
  const dated = datedIn(invoices, period, zone);

  it("gives every month of the period a row, split paid/open/draft", () => {
    const result = invoicedIn(dated, period, zone, null);
    expect(result.months.map((m) => [m.month, m.net.paid, m.net.open, m.net.draft, m.invoiceCount])).toEqual([
      ["2026-11", 0, 200.2, 0, 1],
      ["2026-12", 0.1, 0, 50, 2],
    ]);
    expect(result.totals.net.total).toBe(250.3);
    expect(result.customers).toBeNull();
  });

  it("with names, lists customers largest first, naming those the directory knows", () => {
    const result = invoicedIn(dated, period, zone, new Map([["cus_m", "Müller"]]));
    expect(result.customers!.map((c) => [c.customerId, c.customerName, c.net.total])).toEqual([
      ["cus_m", "Müller", 200.2],
      ["cus_a", null, 50.1],
    ]);
    expect(result.customers![1]!.months.map((m) => [m.month, m.net.total])).toEqual([
      ["2026-11", 0],
      ["2026-12", 50.1],
    ]);
  });
});

describe("yearsBetween: the calendar years a period touches", () => {
  it("is one year, or each year of a period across new year", () => {
    expect(yearsBetween("2026-03-01", "2026-03-31")).toEqual([2026]);
    expect(yearsBetween("2025-12-01", "2027-01-31")).toEqual([2025, 2026, 2027]);
  });
});
