import { describe, expect, it } from "vitest";
import type { Invoice } from "../../src/api/schemas.js";
import { matchingInvoices, rowOf, sumsOf } from "../../src/reports/invoices.js";

const invoice = (id: string, number: string, localDate: string, more: Partial<Invoice> = {}): Invoice => ({
  _id: id,
  invoiceNumber: number,
  customerId: "cus_m",
  invoiceDate: Date.parse(`${localDate}+01:00`),
  netAmount: 100.1,
  taxRate: 19,
  taxAmount: 19.02,
  grossAmount: 119.12,
  status: "sent",
  ...more,
});

const invoices = [
  invoice("i1", "RE-2026-001", "2026-11-01T00:10:00", { status: "paid" }),
  invoice("i2", "RE-2026-002", "2026-11-15T12:00:00", { customerId: "cus_a", grossAmount: null }),
  invoice("i3", "RE-2026-003", "2026-11-15T12:00:00"),
  invoice("i4", "RE-2026-004", "2026-12-01T00:00:00"),
];
const none = { status: undefined, number: undefined, customerId: undefined, timeZone: "Europe/Berlin" };

describe("matchingInvoices: status, number, customer and days, newest first", () => {
  it("keeps the days in the zone, newest first, a later number first on the same day", () => {
    const found = matchingInvoices(invoices, { ...none, from: "2026-11-01", to: "2026-11-30" });
    expect(found.map((i) => i._id)).toEqual(["i3", "i2", "i1"]);
  });

  it("finds a number whatever its case and surrounding spaces, and filters status and customer", () => {
    const all = { ...none, from: undefined, to: undefined };
    expect(matchingInvoices(invoices, { ...all, number: " re-2026-002 " }).map((i) => i._id)).toEqual(["i2"]);
    expect(matchingInvoices(invoices, { ...all, status: "paid" }).map((i) => i._id)).toEqual(["i1"]);
    expect(matchingInvoices(invoices, { ...all, customerId: "cus_a" }).map((i) => i._id)).toEqual(["i2"]);
  });
});

describe("sumsOf: net and gross to the cent", () => {
  it("adds gross as net plus tax where the service gives none", () => {
    expect(sumsOf(invoices.slice(0, 3))).toEqual({ netAmount: 300.3, grossAmount: 357.36, currency: "EUR" });
  });
});

describe("rowOf: what a person reads of an invoice", () => {
  const facts = {
    names: new Map([["cus_m", "Müller"]]),
    paidOn: new Map([["RE-2026-001", "2026-11-20"]]),
    timeZone: "Europe/Berlin",
    taxRate: 19,
  };

  it("takes the payment day by number and marks a gross that is net plus the usual VAT", () => {
    const row = rowOf(invoices[0]!, facts);
    expect(row).toMatchObject({ customerName: "Müller", invoiceDate: "2026-11-01", paid: "2026-11-20" });
    expect(row.usualGross).toBe(true);
    expect(rowOf(invoices[1]!, facts)).toMatchObject({
      customerName: undefined,
      grossAmount: null,
      usualGross: false,
    });
    expect(rowOf(invoices[2]!, { ...facts, taxRate: 7 }).usualGross).toBe(false);
  });

  it("cleans and bounds notes written by people", () => {
    const row = rowOf(
      invoice("i9", "RE-9", "2026-11-02T10:00:00", { notes: `a\u0000b ${"x".repeat(400)}` }),
      facts,
    );
    expect(row.notes!.length).toBeLessThanOrEqual(300);
    expect(row.notes).not.toContain("\u0000");
  });
});
