import { describe, expect, it } from "vitest";
import type { VatInvoice } from "../../src/domain/vat.js";
import { filingFrequency } from "../../src/reports/vat.js";

const invoice = (id: string, localDate: string, net: number, tax: number, status = "sent"): VatInvoice => ({
  _id: id,
  invoiceNumber: `RE-${id}`,
  customerId: "cus_m",
  invoiceDate: Date.parse(`${localDate}+01:00`),
  netAmount: net,
  taxRate: 19,
  taxAmount: tax,
  grossAmount: net + tax,
  status,
});

describe("filingFrequency: the previous year's output tax by invoice date sets how often to file", () => {
  it("sums the year's tax in cents, its first and last minute in the zone, and names the rule", () => {
    const invoices = [
      invoice("1", "2025-01-01T00:05:00", 1000, 190),
      invoice("2", "2025-12-31T23:55:00", 20_000, 3800, "paid"),
      invoice("3", "2026-01-01T00:05:00", 100_000, 19_000),
      invoice("4", "2025-06-01T12:00:00", 500, 95, "draft"),
    ];
    expect(filingFrequency(invoices, 2025, "Europe/Berlin")).toEqual({
      year: 2025,
      outputTax: 399_000,
      rule: "quarterly",
    });
  });

  it("is null for a year without invoices", () => {
    expect(filingFrequency([invoice("3", "2026-01-01T00:05:00", 100, 19)], 2025, "Europe/Berlin")).toBeNull();
  });
});
