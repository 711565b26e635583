/**
 * The e-invoice model from the service's figures: lines per project when the period's time at the
 * rate is the net to the cent, one line with the notes otherwise, every figure the service's own,
 * and figures no e-invoice can carry refused with the reason.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildEInvoice } from "../../src/einvoice/build.js";
import { refusalText } from "../../src/einvoice/refusal-text.js";
import {
  cityHall,
  company,
  companyBuyer,
  entry,
  input,
  netOfTime,
  serviceInvoice,
  smallSeller,
} from "./fixtures.js";

const octoberEntries = [
  entry("cust-stadt", "proj-portal", "2026-10-05", 240),
  entry("cust-stadt", "proj-portal", "2026-10-06", 195),
  entry("cust-stadt", "proj-kita", "2026-10-07", 90),
  // Another customer's time and time outside the period bill nothing here.
  entry("cust-acme", "proj-shop", "2026-10-07", 600),
  entry("cust-stadt", "proj-kita", "2026-11-01", 60),
];

function built(...args: Parameters<typeof input>) {
  const result = buildEInvoice(input(...args));
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result;
}

describe("lines", () => {
  it("are one per project in hours at the rate when the time is the invoice's net", () => {
    const net = netOfTime(octoberEntries.slice(0, 3), 95);
    const { invoice, linesFrom } = built({
      invoice: serviceInvoice("cust-stadt", net, 19),
      customer: cityHall,
      entries: octoberEntries,
    });
    expect(linesFrom).toBe("time");
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        name: "Bürgerportal Relaunch",
        quantity: 72_500,
        unit: "HUR",
        unitPrice: 9_500,
        net: 68_875,
      }),
      expect.objectContaining({
        name: "Kita-Anmeldung Online",
        quantity: 15_000,
        unit: "HUR",
        unitPrice: 9_500,
        net: 14_250,
      }),
    ]);
    expect(invoice.totals).toEqual({ net: 83_125, tax: 15_794, gross: 98_919 });
  });

  it("are one line with the notes when the net is not the period's time (a fixed fee)", () => {
    const { invoice, linesFrom } = built({
      invoice: serviceInvoice("cust-stadt", 150_000, 19, { notes: "Pauschale Oktober\nWartung und Betrieb" }),
      customer: cityHall,
      entries: octoberEntries,
    });
    expect(linesFrom).toBe("notes");
    expect(invoice.lines).toEqual([
      {
        id: "1",
        name: "Pauschale Oktober",
        description: "Wartung und Betrieb",
        quantity: 10_000,
        unit: "LS",
        unitPrice: 150_000,
        net: 150_000,
      },
    ]);
  });

  it("are one line when the projects' amounts, each to the cent, do not add up to the net", () => {
    // 20 minutes on each of two projects at 100 EUR: 33.33 + 33.33 = 66.66, the 40 minutes 66.67.
    const entries = [
      entry("cust-acme", "proj-shop", "2026-10-05", 20),
      entry("cust-acme", "proj-kita", "2026-10-06", 20),
    ];
    const customer = { ...company, hourlyRate: 100 };
    const net = netOfTime(entries, 100);
    expect(net).toBe(6_667);
    const { invoice, linesFrom } = built({
      invoice: serviceInvoice("cust-acme", net, 19),
      customer,
      entries,
      buyer: companyBuyer,
    });
    expect(linesFrom).toBe("notes");
    expect(invoice.lines.map((line) => line.net)).toEqual([6_667]);
  });

  it("are one line when the customer's rate has changed since the invoice was made", () => {
    const net = netOfTime(octoberEntries.slice(0, 3), 95);
    const { linesFrom } = built({
      invoice: serviceInvoice("cust-stadt", net, 19),
      customer: { ...cityHall, hourlyRate: 100 },
      entries: octoberEntries,
    });
    expect(linesFrom).toBe("notes");
  });

  it("carry hours with four decimals when the minutes are no whole hundredth of an hour", () => {
    const entries = [entry("cust-acme", "proj-shop", "2026-10-05", 100)];
    const net = netOfTime(entries, 120);
    const { invoice } = built({
      invoice: serviceInvoice("cust-acme", net, 19),
      customer: { ...company, hourlyRate: 120 },
      entries,
      buyer: companyBuyer,
    });
    expect(invoice.lines[0]).toMatchObject({ quantity: 16_667, net: 20_000, unitPrice: 12_000 });
  });
});

describe("the service's figures", () => {
  it("give number, dates, period and notes in the person's zone", () => {
    const { invoice } = built({
      invoice: serviceInvoice("cust-stadt", 10_000, 7, { notes: "Übersetzung" }),
      customer: cityHall,
    });
    expect(invoice).toMatchObject({
      number: "RE-2026-0042",
      issueDate: "2026-11-02",
      period: { start: "2026-10-01", end: "2026-10-31" },
      notes: ["Übersetzung"],
      vat: { category: "S", rate: 700 },
      totals: { net: 10_000, tax: 700, gross: 10_700 },
    });
  });

  it("at 0 % are the small-business rule: category E, the § 19 sentence as reason and note", () => {
    const { invoice } = built({
      invoice: serviceInvoice("cust-stadt", 60_000, 0, { notes: "Logo-Entwurf" }),
      customer: cityHall,
      seller: smallSeller,
    });
    expect(invoice.vat).toEqual({
      category: "E",
      rate: 0,
      exemptionReason: "Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.",
    });
    expect(invoice.notes).toEqual(["Logo-Entwurf\nGemäß § 19 UStG wird keine Umsatzsteuer berechnet."]);
    expect(invoice.totals).toEqual({ net: 60_000, tax: 0, gross: 60_000 });
  });

  it("leave the period out when the service gave none (the check names it)", () => {
    const { invoice } = built({
      invoice: serviceInvoice("cust-stadt", 10_000, 19, { periodStart: null, periodEnd: null }),
      customer: cityHall,
    });
    expect(invoice.period).toBeUndefined();
  });
});

describe("the profile", () => {
  it("gives payment terms from the days, the Leitweg-ID as buyer reference and electronic address", () => {
    const { invoice } = built({ invoice: serviceInvoice("cust-stadt", 10_000, 19), customer: cityHall });
    expect(invoice.payment).toEqual({
      meansCode: "58",
      iban: "DE02120300000000202051",
      bic: "BYLADEM1001",
      accountName: "Jörg Weißmüller IT-Beratung",
      dueDate: "2026-11-16",
      terms: "Zahlbar innerhalb von 14 Tagen ohne Abzug bis 16.11.2026.",
    });
    expect(invoice.buyer).toMatchObject({
      name: "Stadtverwaltung Musterstadt",
      buyerReference: "991-33333TEST-33",
      electronicAddress: { scheme: "0204", value: "991-33333TEST-33" },
    });
  });

  it("gives a company's own reference, and its e-mail as electronic address", () => {
    const { invoice } = built({
      invoice: serviceInvoice("cust-acme", 10_000, 19),
      customer: company,
      buyer: companyBuyer,
    });
    expect(invoice.buyer).toMatchObject({
      buyerReference: "PO-4711",
      vatId: "DE987654321",
      electronicAddress: { scheme: "EM", value: "buchhaltung@mueller-soehne.example" },
    });
  });
});

describe("refusals", () => {
  it("refuse tax that is not net × rate, to the cent, and say so in both languages", () => {
    const result = buildEInvoice(
      input({
        invoice: serviceInvoice("cust-stadt", 10_000, 19, { taxAmount: 19.01, grossAmount: 119.01 }),
        customer: cityHall,
      }),
    );
    expect(result).toEqual({
      ok: false,
      refusal: { code: "tax-not-net-times-rate", net: 10_000, rate: 1900, tax: 1_901, expected: 1_900 },
    });
    if (result.ok) return;
    const words = refusalText(result.refusal);
    expect(words.de).toContain("19.01 EUR");
    expect(words.de).toContain("19 % von 100.00 EUR");
    expect(words.en).toContain("BR-CO-17");
  });

  it("refuse a gross that is not net + tax", () => {
    const result = buildEInvoice(
      input({
        invoice: serviceInvoice("cust-stadt", 10_000, 19, { grossAmount: 119.01 }),
        customer: cityHall,
      }),
    );
    expect(result).toEqual({
      ok: false,
      refusal: { code: "gross-not-net-plus-tax", net: 10_000, tax: 1_900, gross: 11_901 },
    });
  });

  it("refuse an invoice the service gave no tax figures for", () => {
    const result = buildEInvoice(
      input({
        invoice: serviceInvoice("cust-stadt", 10_000, 19, { taxAmount: null, grossAmount: undefined }),
        customer: cityHall,
      }),
    );
    expect(result).toEqual({
      ok: false,
      refusal: { code: "no-tax-figures", missing: ["taxAmount", "grossAmount"] },
    });
  });

  it("refuse a net of zero or less", () => {
    const result = buildEInvoice(
      input({ invoice: serviceInvoice("cust-stadt", -5_000, 19), customer: cityHall }),
    );
    expect(result).toEqual({ ok: false, refusal: { code: "not-positive", net: -5_000 } });
  });
});

describe("any period's time", () => {
  it("gives lines that sum to the net and totals that are the service's, to the cent", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            project: fc.constantFrom("proj-portal", "proj-kita", "proj-shop"),
            minutes: fc.integer({ min: 1, max: 600 }),
            day: fc.integer({ min: 1, max: 31 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        fc.integer({ min: 100, max: 30_000 }),
        fc.constantFrom(0, 7, 19),
        (spec, rateCents, taxRate) => {
          const entries = spec.map((e) =>
            entry("cust-stadt", e.project, `2026-10-${String(e.day).padStart(2, "0")}`, e.minutes),
          );
          const customer = { ...cityHall, hourlyRate: rateCents / 100 };
          const net = netOfTime(entries, customer.hourlyRate);
          const service = serviceInvoice("cust-stadt", net, taxRate);
          const result = buildEInvoice(input({ invoice: service, customer, entries }));
          if (!result.ok) return false;
          const { lines, totals } = result.invoice;
          const exact = (quantity: number, price: number) => Math.floor((quantity * price + 5_000) / 10_000);
          return (
            lines.reduce((sum, line) => sum + line.net, 0) === net &&
            lines.every((line) => exact(line.quantity, line.unitPrice) === line.net) &&
            totals.net === net &&
            totals.tax === Math.round((service.taxAmount ?? Number.NaN) * 100) &&
            totals.gross === Math.round((service.grossAmount ?? Number.NaN) * 100)
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
