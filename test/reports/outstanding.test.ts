import { describe, expect, it } from "vitest";
import type { OutstandingReport } from "../../src/api/schemas.js";
import { outstandingFrom } from "../../src/reports/outstanding.js";

const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
const invoice = (id: string, due: string, gross: number, daysOverdue: number) => ({
  id,
  invoiceNumber: `RE-${id}`,
  dueDate: day(due),
  grossAmount: gross,
  daysOverdue,
  urgency: daysOverdue > 0 ? "overdue" : "open",
});
const customer = (id: string, name: string, invoices: ReturnType<typeof invoice>[], overdue: number) => ({
  customerId: id,
  customerName: name,
  openCount: invoices.length,
  openAmount: invoices.reduce((s, i) => s + i.grossAmount, 0),
  overdueCount: invoices.filter((i) => i.daysOverdue > 0).length,
  overdueAmount: overdue,
  invoices,
});

const report: OutstandingReport = {
  customers: [
    customer("cus_a", "Atelier Nord", [invoice("1", "2026-11-20", 119, 0)], 0),
    customer(
      "cus_m",
      "",
      [invoice("2", "2026-10-01", 238.1, 40), invoice("3", "2026-11-01", 100.2, 10)],
      338.3,
    ),
    customer("cus_x", "Xaver GmbH", [invoice("4", "2026-10-15", 50, -3)], 0),
  ],
  totalOutstanding: 507.3,
  overdueAmount: 338.3,
  avgPaymentDays: 21,
};
const facts = {
  invoiceDates: new Map([["2", "2026-09-17"]]),
  names: new Map([["cus_m", "Müller & Söhne"]]),
  timeZone: "Europe/Berlin",
};

describe("outstandingFrom: the receivables sorted, named and summed", () => {
  it("puts the most overdue customer first and, within it, the most overdue invoice", () => {
    const result = outstandingFrom(report, { ...facts, overdueOnly: false });
    expect(result.customers.map((c) => c.customerId)).toEqual(["cus_m", "cus_a", "cus_x"]);
    expect(result.customers[0]!.invoices.map((i) => i.id)).toEqual(["2", "3"]);
    expect(result.customers[0]!.maxDaysOverdue).toBe(40);
    expect(result.totalOutstanding).toBe(507.3);
    expect(result.overdueAmount).toBe(338.3);
    expect(result.averagePaymentDays).toBe(21);
  });

  it("takes a missing name from the directory, the invoice's own date where listed, never negative days", () => {
    const result = outstandingFrom(report, { ...facts, overdueOnly: false });
    const mueller = result.customers.find((c) => c.customerId === "cus_m")!;
    expect(mueller.customerName).toBe("Müller & Söhne");
    expect(mueller.invoices[0]).toMatchObject({ invoiceDate: "2026-09-17", dueDate: "2026-10-01" });
    expect(mueller.invoices[1]!.invoiceDate).toBeNull();
    expect(result.customers.find((c) => c.customerId === "cus_x")!.invoices[0]!.daysOverdue).toBe(0);
  });

  it("with overdueOnly, keeps only overdue invoices and sums them to the cent as what is open", () => {
    const result = outstandingFrom(report, { ...facts, overdueOnly: true });
    expect(result.customers.map((c) => c.customerId)).toEqual(["cus_m"]);
    expect(result.customers[0]!.openAmount).toBe(338.3);
    expect(result.totalOutstanding).toBe(338.3);
  });

  it("names a customer neither the report nor the directory knows '(name unknown)'", () => {
    const result = outstandingFrom(report, { ...facts, names: new Map(), overdueOnly: false });
    expect(result.customers[0]!.customerName).toBe("(name unknown)");
  });
});
