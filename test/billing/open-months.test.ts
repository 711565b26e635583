import { describe, expect, it } from "vitest";
import type { CustomerTimeSummary, Invoice } from "../../src/api/schemas.js";
import { notYetBilled } from "../../src/billing/open-months.js";

const summary = (unbilledHours: number, months: [string, number][]): CustomerTimeSummary => ({
  customerId: "cus_g",
  customerName: "Grünwald Verlag",
  hourlyRate: 90,
  totalHours: 0,
  billedHours: 0,
  unbilledHours,
  unbilledAmount: unbilledHours * 90,
  weekHours: 0,
  monthHours: 0,
  monthlyBreakdown: months.map(([monthKey, hours]) => ({ monthKey, hours, amount: hours * 90 })),
});

const invoice = (number: string, net: number, start: string, end: string, notes: string): Invoice => ({
  _id: number,
  invoiceNumber: number,
  customerId: "cus_g",
  invoiceDate: Date.parse(`${end}T12:00:00Z`),
  netAmount: net,
  status: "sent",
  periodStart: Date.parse(`${start}T00:00:00+01:00`),
  periodEnd: Date.parse(`${end}T23:59:59+01:00`),
  notes,
});

describe("notYetBilled: the months holding the service's unbilled hours, each against its own invoices", () => {
  const october = [
    invoice("RE-077", 3172.5, "2026-10-01", "2026-10-31", "Leistungen Oktober 2026: 35,25 Std. à 90,00 €"),
    invoice("RE-082", 1850, "2026-10-01", "2026-10-31", "Pauschale Satz und Layout"),
  ];

  it("reads back from the newest month until the service's unbilled hours are reached", () => {
    // 18 h in November (no invoice) and October's 0.75 h logged after its invoice: 18.75 h unbilled.
    const result = notYetBilled(
      summary(18.75, [
        ["2026-09", 34.5],
        ["2026-10", 36],
        ["2026-11", 18],
      ]),
      october,
      "Europe/Berlin",
      "2026-11-29",
    );
    expect(result).toEqual({
      amount: 1687.5,
      minutes: 1125,
      hours: 18.75,
      months: ["2026-10", "2026-11"],
      ifUnclearBillHours: null,
      unclear: [],
    });
  });

  it("an invoice made through the API for a month the service still counts lowers it", () => {
    const november = invoice(
      "RE-090",
      1620,
      "2026-11-01",
      "2026-11-30",
      "Leistungen November 2026: 18 Std. à 90,00 €",
    );
    const result = notYetBilled(
      summary(18, [
        ["2026-10", 35.25],
        ["2026-11", 18],
      ]),
      [...october, november],
      "Europe/Berlin",
      "2026-11-29",
    );
    expect(result).toMatchObject({ amount: 0, months: ["2026-11"] });
  });

  it("no rate, no figure", () => {
    expect(
      notYetBilled({ ...summary(1, [["2026-11", 1]]), hourlyRate: null }, [], "Europe/Berlin", "2026-11-29"),
    ).toBeNull();
  });
});
