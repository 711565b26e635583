/** When an invoice must be an e-invoice: the transition years, the limits and the exemptions. */
import { describe, expect, it } from "vitest";
import { type DutyFacts, dutyStart, invoiceDuty } from "../../src/einvoice/duty.js";

const business: DutyFacts = {
  serviceDay: "2027-03-31",
  buyer: "business",
  smallBusiness: false,
  gross: 119_000,
  previousYearTurnover: 6_000_000,
};

describe("an invoice to a business", () => {
  it.each<[string, Partial<DutyFacts>, boolean | "unknown", string]>([
    ["done in 2026", { serviceDay: "2026-12-31" }, false, "before-2027"],
    ["done in 2027, 2026 turnover 60,000 EUR", {}, false, "2027-below-limit"],
    [
      "done in 2027, 2026 turnover exactly 800,000 EUR",
      { previousYearTurnover: 80_000_000 },
      false,
      "2027-below-limit",
    ],
    [
      "done in 2027, 2026 turnover 800,000.01 EUR",
      { previousYearTurnover: 80_000_001 },
      true,
      "2027-above-limit",
    ],
    [
      "done in 2027, 2026 turnover unknown",
      { previousYearTurnover: null },
      "unknown",
      "2027-turnover-unknown",
    ],
    ["done in 2028", { serviceDay: "2028-01-01" }, true, "from-2028"],
    ["of 250 EUR gross in 2028", { serviceDay: "2028-06-30", gross: 25_000 }, false, "small-amount"],
    ["of 250.01 EUR gross in 2028", { serviceDay: "2028-06-30", gross: 25_001 }, true, "from-2028"],
    [
      "by a small business in 2028",
      { serviceDay: "2028-06-30", smallBusiness: true },
      false,
      "small-business",
    ],
  ])("%s", (_, change, required, reason) => {
    const duty = invoiceDuty({ ...business, ...change });
    expect({ required: duty.required, reason: duty.reason }).toEqual({ required, reason });
    expect(duty.de.length).toBeGreaterThan(20);
    expect(duty.en.length).toBeGreaterThan(20);
  });
});

describe("other buyers", () => {
  it("a public client asks for an XRechnung whatever the year or status", () => {
    const duty = invoiceDuty({ ...business, buyer: "public", serviceDay: "2026-01-15", smallBusiness: true });
    expect(duty).toMatchObject({ required: true, reason: "public-client" });
    expect(duty.de).toContain("Leitweg-ID");
  });

  it("a private person needs none", () => {
    expect(invoiceDuty({ ...business, buyer: "consumer", serviceDay: "2029-01-15" })).toMatchObject({
      required: false,
      reason: "consumer",
    });
  });
});

describe("from when", () => {
  it.each([
    [
      { smallBusiness: false, turnover2026: 90_000_000 },
      { from: "2027-01-01", unsure: false },
    ],
    [
      { smallBusiness: false, turnover2026: 5_000_000 },
      { from: "2028-01-01", unsure: false },
    ],
    [
      { smallBusiness: false, turnover2026: null },
      { from: "2027-01-01", unsure: true },
    ],
    [
      { smallBusiness: true, turnover2026: 2_000_000 },
      { from: null, unsure: false },
    ],
  ])("%j → %j", (facts, expected) => {
    expect(dutyStart(facts)).toEqual(expected);
  });
});
