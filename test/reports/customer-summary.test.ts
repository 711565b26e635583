import { describe, expect, it } from "vitest";
import type { Invoice } from "../../src/api/schemas.js";
import { paidSums } from "../../src/reports/customer-summary.js";

const paid = (id: string, more: Partial<Invoice>): Invoice => ({
  _id: id,
  invoiceNumber: `RE-${id}`,
  customerId: "cus_m",
  invoiceDate: Date.parse("2026-03-01T12:00:00Z"),
  netAmount: 100,
  taxRate: 19,
  taxAmount: 19,
  grossAmount: 119,
  status: "paid",
  ...more,
});

describe("paidSums: what a customer's paid invoices add up to", () => {
  it("adds gross and net to the cent, without float drift", () => {
    const sums = paidSums([
      paid("1", { netAmount: 0.1, taxAmount: null, grossAmount: 0.12 }),
      paid("2", { netAmount: 0.2, taxAmount: null, grossAmount: 0.24 }),
      paid("3", { netAmount: 1000.05, taxAmount: 190.01, grossAmount: 1190.06 }),
    ]);
    expect(sums).toEqual({ gross: 119042, net: 100035, count: 3 });
  });

  it("takes net plus tax where the service lists no gross", () => {
    expect(paidSums([paid("1", { netAmount: 80.1, taxAmount: 15.22, grossAmount: null })])).toEqual({
      gross: 9532,
      net: 8010,
      count: 1,
    });
  });

  it("gives no sum when one invoice has neither gross nor tax: a sum of the rest would under-count", () => {
    expect(paidSums([paid("1", {}), paid("2", { taxAmount: null, grossAmount: null })])).toBeNull();
  });

  it("is zero for no paid invoices", () => {
    expect(paidSums([])).toEqual({ gross: 0, net: 0, count: 0 });
  });
});
