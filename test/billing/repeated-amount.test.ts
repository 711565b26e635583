/** Which invoice another one repeats: the same customer's same net, never hours worth it by chance. */
import { describe, expect, it } from "vitest";
import type { Invoice } from "../../src/api/schemas.js";
import { repeatedAmount } from "../../src/billing/period-facts.js";

function invoice(id: string, customerId: string, netAmount: number, day: string, notes?: string): Invoice {
  return {
    _id: id,
    invoiceNumber: `RE-${id}`,
    customerId,
    invoiceDate: Date.parse(`${day}T00:00:00Z`),
    netAmount,
    status: "sent",
    ...(notes === undefined ? {} : { notes }),
  } as Invoice;
}

describe("repeatedAmount", () => {
  const retainerJuly = invoice("1", "c", 500, "2026-08-03", "Wartung Juli 2026");
  const retainerAugust = invoice("2", "c", 500, "2026-09-03", "Wartung August 2026");
  const hours = invoice("3", "c", 1200, "2026-08-02", "Leistungen Juli 2026: 12 Std. à 100,00 €");
  const fee = invoice("4", "c", 1200, "2026-11-27", "Pauschale Konzeption Ausstellungsseite");
  const otherCustomer = invoice("5", "d", 500, "2026-07-01", "Wartung Juni 2026");

  it("names the oldest other invoice of the same customer with the same net", () => {
    const all = [retainerJuly, retainerAugust, otherCustomer];
    expect(repeatedAmount(retainerAugust, all)).toBe("RE-1");
    expect(repeatedAmount(retainerJuly, all)).toBe("RE-2");
  });

  it("a fee is no repeat of an hours invoice of the same amount, nor the hours of the fee", () => {
    expect(repeatedAmount(fee, [hours, fee])).toBeNull();
    expect(repeatedAmount(hours, [hours, fee])).toBeNull();
  });
});
