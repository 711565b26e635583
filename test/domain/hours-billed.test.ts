import { describe, expect, it } from "vitest";
import {
  type HoursBilledInput,
  hoursBilled,
  type InvoiceInPeriod,
  minutesWorth,
  notesNameFixedFee,
  notesNameHours,
} from "../../src/domain/hours-billed.js";
import { supplementNotes } from "../../src/domain/period-billing.js";

const OCTOBER = { start: "2026-10-01", end: "2026-10-31" };
const invoice = (invoiceNumber: string, netCents: number, more: Partial<InvoiceInPeriod> = {}) => ({
  invoiceNumber,
  netCents,
  periodStart: "2026-10-01",
  periodEnd: "2026-10-31",
  notes: null,
  repeats: null,
  ...more,
});
const at90 = (minutes: number, invoices: InvoiceInPeriod[], more: Partial<HoursBilledInput> = {}) =>
  hoursBilled({
    period: OCTOBER,
    today: "2026-11-29",
    time: { minutes, amount: Math.floor((minutes * 9000 + 30) / 60) },
    rates: [9000],
    invoices,
    ...more,
  });

describe("hoursBilled: which invoices bill the period's hours", () => {
  it("a fixed fee beside the hours invoice leaves the later minutes to bill (Grünwald's October)", () => {
    // 36 h = 3240.00 EUR of time; RE-077 billed 35.25 h = 3172.50 EUR; RE-082 is a flat fee of 1850.00.
    const result = at90(2160, [
      invoice("RE-2026-077", 317250, { notes: "Leistungen Oktober 2026: 35,25 Std. à 90,00 €" }),
      invoice("RE-2026-082", 185000, { notes: "Pauschale Satz und Layout Frühjahrskatalog" }),
    ]);
    expect(result).toMatchObject({
      status: "compared",
      time: 324000,
      hours: 317250,
      beside: 185000,
      notYetBilled: 6750,
      notYetBilledMinutes: 45,
      ifUnclearBillHours: null,
    });
    expect(result.roles.map((r) => [r.invoiceNumber, r.bills, r.reason])).toEqual([
      ["RE-2026-077", "hours", "notes name hours"],
      ["RE-2026-082", "beside", "notes name a fixed fee"],
    ]);
  });

  it("an invoice beside the time alone leaves all of it to bill (Müller's November)", () => {
    // 29.25 h at 95 EUR = 2778.75 EUR; a draft of 450.00 EUR for hosting bills no hours.
    const result = hoursBilled({
      period: { start: "2026-11-01", end: "2026-11-30" },
      today: "2026-11-29",
      time: { minutes: 1755, amount: 277875 },
      rates: [9500],
      invoices: [
        invoice("RE-2026-086", 45000, {
          notes: "Hosting und Wartung, nächstes Quartal",
          periodStart: "2026-11-01",
          periodEnd: "2026-11-30",
        }),
      ],
    });
    expect(result).toMatchObject({ status: "unbilled", notYetBilled: 277875, hours: 0, beside: 45000 });
    expect(result.roles[0]).toMatchObject({ bills: "beside", reason: "neither hours nor minutes" });
  });

  it("without notes, a net of whole minutes at the rate bills hours; any other net cannot be told", () => {
    const result = at90(600, [invoice("RE-1", 45000), invoice("RE-2", 10001)]);
    expect(result.roles.map((r) => [r.bills, r.reason, r.minutes])).toEqual([
      ["hours", "whole minutes at the rate", 300],
      ["unclear", "no notes", null],
    ]);
    // 10 h = 900.00 EUR; 450.00 billed by hours; RE-2's 100.01 EUR is either.
    expect(result).toMatchObject({
      status: "cannot tell",
      notYetBilled: 45000,
      notYetBilledMinutes: 300,
      ifUnclearBillHours: 34999,
      ifUnclearBillHoursMinutes: null,
    });
  });

  it("a project's rate counts as well as the customer's", () => {
    // 100.00 EUR is no whole number of minutes at 90.00 EUR/h... (66.67 min) but is at 120.00 EUR/h.
    const result = at90(600, [invoice("RE-1", 10000)], { rates: [9000, 12000] });
    expect(result.roles[0]).toMatchObject({ bills: "hours", minutes: 50, rate: 12000 });
  });

  it("a repeated amount is beside the time, unless its notes name hours", () => {
    const result = at90(120, [
      invoice("RE-3", 18000, { repeats: "RE-1", notes: "Wartung Oktober 2026" }),
      invoice("RE-4", 18000, { repeats: "RE-2", notes: "Leistungen Oktober: 2 Std. à 90,00 €" }),
    ]);
    expect(result.roles.map((r) => [r.bills, r.reason, r.repeats])).toEqual([
      ["beside", "repeats an amount", "RE-1"],
      ["hours", "notes name hours", null],
    ]);
    expect(result).toMatchObject({ status: "compared", notYetBilled: 0 });
  });

  it("hours billed beyond the time give a negative figure (time removed, or billed twice)", () => {
    const result = at90(60, [
      invoice("RE-1", 9000, { notes: "1 Std. à 90,00 €" }),
      invoice("RE-2", 15000, { notes: "Leistungen: 1,67 Stunden" }),
    ]);
    expect(result).toMatchObject({ status: "compared", notYetBilled: -15000, notYetBilledMinutes: null });
  });

  it("an hours invoice reaching into days of other time cannot be split; days after today hold none", () => {
    const wider = invoice("RE-1", 9000, { notes: "1 Std. à 90,00 €", periodEnd: "2026-11-30" });
    expect(at90(120, [wider]).roles[0]).toMatchObject({ bills: "unclear", reason: "wider period" });
    expect(at90(120, [wider])).toMatchObject({
      status: "cannot tell",
      notYetBilled: 18000,
      ifUnclearBillHours: 9000,
    });
    const earlier = invoice("RE-1", 9000, { notes: "1 Std. à 90,00 €", periodStart: "2026-09-15" });
    expect(at90(120, [earlier]).status).toBe("cannot tell");
    // November cut at today, the 29th: the invoice's last day, the 30th, has no time yet.
    const november = hoursBilled({
      period: { start: "2026-11-01", end: "2026-11-29" },
      today: "2026-11-29",
      time: { minutes: 120, amount: 18000 },
      rates: [9000],
      invoices: [{ ...wider, periodStart: "2026-11-01" }],
    });
    expect(november).toMatchObject({ status: "compared", notYetBilled: 9000, notYetBilledMinutes: 60 });
  });

  it("without a rate there is nothing to compare; without invoices everything is unbilled", () => {
    expect(
      at90(60, [invoice("RE-1", 100)], { rates: [], time: { minutes: 60, amount: null } }),
    ).toMatchObject({
      status: "no rate",
      notYetBilled: null,
    });
    expect(at90(60, [])).toMatchObject({ status: "unbilled", notYetBilled: 9000, notYetBilledMinutes: 60 });
  });
});

describe("the notes' words", () => {
  it("name hours", () => {
    for (const notes of [
      "Leistungen Oktober 2026: 27,25 Std. à 95,00 €",
      "3 h x 90 EUR",
      "12 Stunden Beratung",
      "4.5 hours at 80",
      "Nachtrag Oktober 2026: 0,75 Std. à 100,00 €",
      "Nachtrag Oktober 2026: 12.345,67 €",
    ]) {
      expect(notesNameHours(notes), notes).toBe(true);
    }
    for (const notes of [
      "24h-Support Pauschale",
      "Hosting und Wartung, nächstes Quartal",
      "Studio 54 Hamburg",
    ]) {
      expect(notesNameHours(notes), notes).toBe(false);
    }
  });

  it("name a fixed fee", () => {
    for (const notes of [
      "Pauschale Satz und Layout",
      "Monatspauschale November",
      "Anzahlung Phase 2 (30 %)",
      "Festpreis Relaunch",
    ]) {
      expect(notesNameFixedFee(notes), notes).toBe(true);
    }
    expect(notesNameFixedFee("Hosting und Wartung")).toBe(false);
  });
});

describe("minutesWorth and supplementNotes", () => {
  it("minutesWorth rounds the way invoices count (half-up)", () => {
    expect(minutesWorth(2917, 8750)).toBe(20); // 20 min × 87.50 / 60 = 29.166… → 29.17
    expect(minutesWorth(2916, 8750)).toBeNull();
    expect(minutesWorth(0, 8750)).toBeNull();
  });

  it("supplementNotes says Nachtrag, the hours and the rate, or the amount alone", () => {
    expect(supplementNotes(OCTOBER, 45, 10000, 7500)).toBe("Nachtrag Oktober 2026: 0,75 Std. à 100,00 €");
    expect(supplementNotes(OCTOBER, null, 10000, 1234567)).toBe("Nachtrag Oktober 2026: 12.345,67 €");
  });
});
